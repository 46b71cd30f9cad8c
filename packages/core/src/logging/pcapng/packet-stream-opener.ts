/**
 * How routes open live packet streams (packet-streams.ts) for HTTP clients: the core's own
 * (every packet, one datasource's, one device's) and any plugin's (`svc.packetStreams`: the
 * 802.11 plugin streams one BSSID's). Each stream holds a slot of the server's
 * `httpd_max_packet_streams` and of its login's `httpd_max_packet_streams_per_login` while it is
 * open, since each may hold a few megabytes for a client that stops reading; one past a cap is a
 * 429 with `Retry-After`.
 */
import { LoginQuota } from '../../auth/login-quota.js';
import type { Login } from '../../auth/login.js';
import type { Config } from '../../config/config.js';
import { SvcError } from '../../errors.js';
import { captureResponse } from '../../http/capture-response.js';
import type { PacketStreamRequest, PacketStreams } from './packet-streams.js';

/** Seconds a client refused a stream is told to wait. */
const STREAM_RETRY_AFTER_SECONDS = 30;

/** Opens packet streams as HTTP answers, within the stream caps. */
export interface PacketStreamOpener {
  /** The open streams, fed from the end of the packet chain. */
  readonly streams: PacketStreams;
  /**
   * Opens a stream of the packets `request.accepts` takes, for `login`, as a pcapng download
   * named `request.name` that never ends until the client leaves or the stream is closed.
   */
  open(request: Omit<PacketStreamRequest, 'ended'>, login: Login | undefined): Response;
}

/** The opener of `streams`, with the caps from config. */
export function createPacketStreamOpener(streams: PacketStreams, config: Config): PacketStreamOpener {
  const quota = new LoginQuota({
    total: config.getNumber('httpd_max_packet_streams', 32, { min: 1, integer: true }),
    perLogin: config.getNumber('httpd_max_packet_streams_per_login', 8, { min: 1, integer: true }),
    adminReserve: 0,
  });
  return {
    streams,
    open(request, login) {
      const refusal = quota.take(login);
      if (refusal) {
        const why =
          refusal === 'login'
            ? `this login has ${quota.heldBy(login)} packet streams open, the most one login may have (httpd_max_packet_streams_per_login); close one first`
            : `the server has ${quota.held} packet streams open, its limit (httpd_max_packet_streams); try again later`;
        throw new SvcError('SVC_ERR_TOO_MANY_STREAMS', why, { retryAfter: STREAM_RETRY_AFTER_SECONDS });
      }
      return captureResponse(streams.open({ ...request, ended: () => quota.give(login) }).body, request.name);
    },
  };
}
