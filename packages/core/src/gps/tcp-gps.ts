/**
 * The `tcp` GPS type (Kismet's, `gps=tcp:host=192.168.1.20,port=11123`): NMEA-0183 sentences read
 * from a TCP server, as phone apps that share their GPS serve them (ShareGPS, GPS2IP, NMEA
 * Tools...). It connects, reads lines and feeds them to the NMEA position (nmea/nmea-feed.ts).
 * A server that is not there, that closes the connection, or that sends no good sentence for
 * 30 s is reported lost (as Kismet drops it after 30 s without usable data), and the GPS tracker
 * reconnects with a growing delay. A line longer than any sentence is dropped, unread.
 */
import type { Socket } from 'node:net';
import type { GpsContext, GpsTypeDefinition } from './gps-type.js';
import { createNmeaFeed, type NmeaFeed } from './nmea/nmea-feed.js';
import { connectTcp, GpsTcpLink, tcpAddress } from './tcp-connection.js';

/** Silence (no good sentence) after which the connection is dropped and made again. */
const DATA_TIMEOUT_MS = 30_000;
/** Longest line kept: an NMEA sentence is at most 82 characters; proprietary ones run longer. */
const MAX_LINE_BYTES = 4096;

/** The `tcp` GPS type. */
export const tcpGpsType: GpsTypeDefinition = {
  name: 'tcp',
  description: 'NMEA-0183 sentences from a TCP server, as phone apps that share their GPS serve them (host=, port=)',
  async open(definition, context) {
    const { host, port } = tcpAddress(definition, {}, 'tcp:host=192.168.1.20,port=11123');
    const where = `the NMEA server at ${host}:${port}`;
    const socket = await connectTcp(host, port, where, `nothing listens on ${host}:${port} (connection refused); start the app's NMEA server, or set host= and port= to where it serves`);
    const session = new NmeaTcpSession(socket, where, context);
    return { description: `NMEA over TCP from ${host}:${port}`, close: async () => session.close() };
  },
};

/** One connection: lines split, fed to the position, silence watched. */
class NmeaTcpSession {
  readonly #feed: NmeaFeed;
  readonly #link: GpsTcpLink;
  #pending = '';
  #skipping = false;

  constructor(
    socket: Socket,
    private readonly where: string,
    private readonly context: GpsContext,
  ) {
    this.#feed = createNmeaFeed(context, where);
    this.#link = new GpsTcpLink(socket, {
      where,
      closedHint: '(the app stopped sharing?)',
      silence: { ms: DATA_TIMEOUT_MS, reason: `${where} sent no NMEA sentence for ${DATA_TIMEOUT_MS / 1000} s; reconnecting` },
      lost: (reason) => context.lost(reason),
    });
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => this.#data(chunk));
    this.#link.heard();
  }

  close(): void {
    this.#link.close();
  }

  #data(chunk: string): void {
    this.#pending += chunk;
    let end: number;
    while (!this.#link.closed && (end = this.#pending.indexOf('\n')) >= 0) {
      const line = this.#pending.slice(0, end).replace(/\r$/, '');
      this.#pending = this.#pending.slice(end + 1);
      // The rest of a line that ran past the limit is not a sentence either.
      if (this.#skipping) this.#skipping = false;
      else if (line !== '' && this.#feed(line)) this.#link.heard();
    }
    if (this.#pending.length > MAX_LINE_BYTES) {
      this.context.message(`dropped a line from ${this.where} longer than ${MAX_LINE_BYTES} bytes (not NMEA)`, 'error');
      this.#pending = '';
      this.#skipping = true;
    }
  }
}
