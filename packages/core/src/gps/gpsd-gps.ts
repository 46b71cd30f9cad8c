/**
 * The `gpsd` GPS type (`gps=gpsd:host=localhost,port=2947`): a client of gpsd's JSON protocol.
 * It connects, waits for gpsd's VERSION banner, asks for reports with
 * `?WATCH={"enable":true,"json":true}`, and turns TPV reports into fixes (mode is the fix
 * quality; speed arrives in m/s and is kept in km/h, as Kismet does) with the satellite counts of
 * the last SKY report. A gpsd that is not there, that is not gpsd, that goes away or that sends
 * no position for 30 s is reported with what to do, and the GPS tracker reconnects with a
 * growing delay.
 */
import type { Socket } from 'node:net';
import { SvcError } from '../errors.js';
import { GpsFixQuality, type GpsFix } from './gps-fix.js';
import type { GpsContext, GpsTypeDefinition } from './gps-type.js';
import { CONNECT_TIMEOUT_MS, connectTcp, GpsTcpLink, tcpAddress } from './tcp-connection.js';

/** gpsd's port. */
export const GPSD_DEFAULT_PORT = 2947;
/** Silence (no TPV) after which the connection is dropped and made again, as Kismet does. */
const DATA_TIMEOUT_MS = 30_000;
/** Longest line accepted from gpsd (its reports are a few kilobytes). */
const MAX_LINE_BYTES = 1 << 20;
const MS_TO_KMH = 3.6;

/** The gpsd GPS type. */
export const gpsdGpsType: GpsTypeDefinition = {
  name: 'gpsd',
  description: `a gpsd server's reports (host= default localhost, port= default ${GPSD_DEFAULT_PORT})`,
  async open(definition, context) {
    const { host, port } = tcpAddress(definition, { host: 'localhost', port: GPSD_DEFAULT_PORT }, `gpsd:host=localhost,port=${GPSD_DEFAULT_PORT}`);
    const where = `gpsd at ${host}:${port}`;
    const socket = await connectTcp(host, port, where, `no gpsd is listening on ${host}:${port} (connection refused); start gpsd (Debian: apt-get install gpsd) or set host= and port= to where it runs`);
    const session = new GpsdSession(socket, where, context);
    try {
      await session.handshake();
    } catch (error) {
      socket.destroy();
      throw error;
    }
    return {
      description: `${where}${session.version ? ` (gpsd ${session.version})` : ''}`,
      close: async () => session.close(),
    };
  },
};

/** One connection's reading: lines of JSON, the handshake, and the reports turned into fixes. */
class GpsdSession {
  version = '';
  #pending = '';
  readonly #link: GpsTcpLink;
  #versionSeen: (() => void) | undefined;
  #failHandshake: ((error: Error) => void) | undefined;
  /** Satellites of the last SKY report. */
  #satellites: { used: number; visible: number } | undefined;

  constructor(
    private readonly socket: Socket,
    private readonly where: string,
    private readonly context: GpsContext,
  ) {
    this.#link = new GpsTcpLink(socket, {
      where,
      closedHint: '(gpsd stopped?)',
      silence: { ms: DATA_TIMEOUT_MS, reason: `${where} sent no position for ${DATA_TIMEOUT_MS / 1000} s (is a receiver attached to gpsd?); reconnecting` },
      lost: (reason) => {
        if (this.#failHandshake) this.#failHandshake(new SvcError('SVC_ERR_GPS_OPEN', reason));
        else this.context.lost(reason);
      },
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => this.#data(chunk));
  }

  /** Waits for the VERSION banner, then asks for JSON reports. */
  handshake(): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new SvcError('SVC_ERR_GPS_OPEN', `${this.where} sent no gpsd VERSION banner within ${CONNECT_TIMEOUT_MS / 1000} s; is it gpsd?`)), CONNECT_TIMEOUT_MS);
      this.#versionSeen = () => {
        clearTimeout(timer);
        this.socket.write('?WATCH={"enable":true,"json":true};\n');
        this.#link.heard();
        resolve();
      };
      this.#failHandshake = (error) => {
        clearTimeout(timer);
        reject(error);
      };
    });
  }

  close(): void {
    this.#link.close();
  }

  #data(chunk: string): void {
    this.#pending += chunk;
    if (this.#pending.length > MAX_LINE_BYTES) {
      this.#link.lost(`${this.where} sent a line longer than ${MAX_LINE_BYTES} bytes; is it gpsd?`);
      return;
    }
    let end: number;
    while (!this.#link.closed && (end = this.#pending.indexOf('\n')) >= 0) {
      const line = this.#pending.slice(0, end).trim();
      this.#pending = this.#pending.slice(end + 1);
      if (line) this.#line(line);
    }
  }

  #line(line: string): void {
    let report: Record<string, unknown>;
    try {
      report = JSON.parse(line);
    } catch {
      this.#link.lost(`${this.where} sent a line that is not JSON; is it gpsd?`);
      return;
    }
    if (report === null || typeof report !== 'object') return;
    switch (report.class) {
      case 'VERSION': {
        this.version = typeof report.release === 'string' ? report.release : '';
        const seen = this.#versionSeen;
        this.#versionSeen = undefined;
        this.#failHandshake = undefined;
        seen?.();
        return;
      }
      case 'TPV': {
        const fix = this.#tpv(report);
        if (!fix) return;
        this.#link.heard();
        this.context.update(fix);
        return;
      }
      case 'SKY': {
        const satellites = Array.isArray(report.satellites) ? (report.satellites as Record<string, unknown>[]) : undefined;
        const used = numberOf(report.uSat) ?? satellites?.filter((satellite) => satellite?.used === true).length;
        const visible = numberOf(report.nSat) ?? satellites?.length;
        if (used !== undefined && visible !== undefined) this.#satellites = { used, visible };
        return;
      }
      case 'ERROR':
        this.context.message(`${this.where} says: ${String(report.message ?? 'an error')}`, 'error');
        return;
      default:
    }
  }

  /** A TPV report as a fix; undefined for a report without a mode (gpsd's device list, say). */
  #tpv(report: Record<string, unknown>): GpsFix | undefined {
    const mode = numberOf(report.mode);
    if (mode === undefined) return undefined;
    const time = typeof report.time === 'string' ? Date.parse(report.time) / 1000 : Number.NaN;
    const when = Number.isFinite(time) ? time : Date.now() / 1000;
    const lat = numberOf(report.lat);
    const lon = numberOf(report.lon);
    if (mode < GpsFixQuality.TWO_D || lat === undefined || lon === undefined) {
      return { lat: 0, lon: 0, fix: mode >= GpsFixQuality.NO_FIX ? GpsFixQuality.NO_FIX : GpsFixQuality.NONE, time: when, ...this.#satelliteCounts() };
    }
    const speed = numberOf(report.speed);
    return {
      lat,
      lon,
      alt: mode >= GpsFixQuality.THREE_D ? (numberOf(report.altMSL) ?? numberOf(report.alt)) : undefined,
      speed: speed === undefined ? undefined : speed * MS_TO_KMH,
      heading: numberOf(report.track),
      fix: Math.min(mode, GpsFixQuality.THREE_D),
      time: when,
      ...this.#satelliteCounts(),
    };
  }

  #satelliteCounts(): Pick<GpsFix, 'satellitesUsed' | 'satellitesVisible'> {
    return this.#satellites ? { satellitesUsed: this.#satellites.used, satellitesVisible: this.#satellites.visible } : {};
  }
}

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
