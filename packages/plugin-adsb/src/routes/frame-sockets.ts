/**
 * Kismet's ADS-B websockets: `/phy/ADSB/raw.ws` sends each Mode S frame svc receives as an AVR
 * text line (`*<hex>;`, what dump1090 sends on port 30002), `/phy/ADSB/beast.ws` as a binary
 * Beast message (port 30005's format), and `/datasource/by-uuid/<uuid>/adsb_raw.ws` the AVR
 * lines of one datasource's frames, so a map or a feeder that reads a decoder's output can read
 * svc's instead. Roles `readonly` or `adsb`, as Kismet's (`ADSB`). Messages from the client are
 * ignored, as Kismet ignores them.
 *
 * A client that reads slower than frames arrive never holds more than
 * {@link MAX_SOCKET_BYTES} in its socket's queue: past that, frames for it are dropped and
 * counted until it catches up (`/metrics`: `svc_adsb_socket_dropped_frames_total`).
 */
import { SvcError, type Logger, type MetricRegistry, type Packet, type Role, type RouteRegistry, type WebSocketSession } from '@svc/core';
import { avrLine, beastClock, beastMessage } from '../feeds/frame-writers.js';
import { beastSignalByte } from '../feeds/mode-s-link-type.js';
import type { FrameFeed } from './frame-feed.js';

/** Bytes queued on one socket beyond which frames to it are dropped until it drains. */
export const MAX_SOCKET_BYTES = 1 << 20;

/** How one websocket writes a frame. */
type FrameEncoder = (frame: Uint8Array, packet: Packet) => string | Buffer;

/** The AVR line of a frame. */
const rawEncoder: FrameEncoder = (frame) => avrLine(frame);

/** The Beast message of a frame, clocked at the packet's time, with its signal when known. */
const beastEncoder: FrameEncoder = (frame, packet) =>
  beastMessage(frame, beastClock(packet.tsSec, packet.tsUsec), beastSignalByte(packet.signal?.signalDbm));

/** The frame sockets' counters, for `/metrics`. */
export class FrameSocketCounters {
  /** Sockets open now. */
  open = 0;
  /** Frames sent, over every socket since start. */
  sent = 0;
  /** Frames dropped because their socket's client read too slowly, since start. */
  dropped = 0;
}

/** Who may read the frame websockets: Kismet's `RO_ROLE` and `ADSB`. */
const FRAME_READERS: readonly Role[] = ['readonly', 'adsb'];
const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;

/** Adds `/phy/ADSB/raw.ws`, `/phy/ADSB/beast.ws` and `/datasource/by-uuid/:uuid/adsb_raw.ws`, fed by `feed`. */
export function addFrameSocketRoutes(routes: RouteRegistry, feed: FrameFeed, counters: FrameSocketCounters, log: Logger): void {
  const route = (path: string, description: string, encode: FrameEncoder) =>
    routes.websocket({ path, role: FRAME_READERS, description, connect: (session) => frameSocket(session, feed, encode, counters, log) });
  route('/phy/ADSB/raw.ws', 'every good Mode S frame received, live, as AVR text lines *<hex>; (dump1090 port 30002)', rawEncoder);
  route('/phy/ADSB/beast.ws', 'every good Mode S frame received, live, as binary Beast messages (dump1090 port 30005)', beastEncoder);
  routes.websocket({
    path: '/datasource/by-uuid/:uuid/adsb_raw.ws',
    role: FRAME_READERS,
    description: "the good Mode S frames of one datasource, live, as AVR text lines *<hex>; (a source that does not exist yet sends nothing until it does)",
    accept: ({ params }) => {
      if (!UUID.test(params.uuid ?? '')) throw new SvcError('SVC_ERR_BAD_REQUEST', `invalid UUID '${params.uuid}'`);
    },
    connect: (session, { params }) => {
      const uuid = params.uuid!.toUpperCase();
      return frameSocket(session, feed, rawEncoder, counters, log, (packet) => packet.sourceUuid?.toUpperCase() === uuid);
    },
  });
}

/** One client: frames (those `wanted` passes) go out while its queue has room, else are dropped and counted. */
function frameSocket(session: WebSocketSession, feed: FrameFeed, encode: FrameEncoder, counters: FrameSocketCounters, log: Logger, wanted?: (packet: Packet) => boolean) {
  counters.open++;
  let dropping = false;
  const stop = feed.listen((frame, packet) => {
    if (wanted !== undefined && !wanted(packet)) return;
    if (session.bufferedAmount > MAX_SOCKET_BYTES) {
      if (!dropping) log.warn(`an ADS-B frame websocket client is not reading; dropping frames until it catches up`);
      dropping = true;
      counters.dropped++;
      return;
    }
    dropping = false;
    session.send(encode(frame, packet));
    counters.sent++;
  });
  return {
    close() {
      stop();
      counters.open--;
    },
  };
}

/** The frame sockets in `/metrics`. */
export function addFrameSocketMetrics(metrics: MetricRegistry, counters: FrameSocketCounters): void {
  metrics.gauge({ name: 'svc_adsb_sockets', help: 'ADS-B frame websockets open (/phy/ADSB/raw.ws, /phy/ADSB/beast.ws, /datasource/by-uuid/<uuid>/adsb_raw.ws)', collect: (report) => report({}, counters.open) });
  metrics.counter({ name: 'svc_adsb_socket_frames_total', help: 'Mode S frames sent to ADS-B frame websockets', collect: (report) => report({}, counters.sent) });
  metrics.counter({ name: 'svc_adsb_socket_dropped_frames_total', help: `Mode S frames dropped because an ADS-B frame websocket's client read too slowly (more than ${MAX_SOCKET_BYTES} bytes queued)`, collect: (report) => report({}, counters.dropped) });
}
