/**
 * What the GPS types that read a TCP server share (`gpsd`, and `tcp`, NMEA served by a phone
 * app): the `host=` and `port=` options checked, and a connection made with a timeout, failing
 * with a reason that says what to do.
 */
import { connect, type Socket } from 'node:net';
import { SvcError } from '../errors.js';
import type { GpsDefinition } from './gps-type.js';

/** Longest wait for a connection. */
export const CONNECT_TIMEOUT_MS = 5000;

/**
 * `host=` and `port=` of a definition, checked; each falls back to its default, or is required
 * (naming `example`, a whole line that works) when it has none.
 */
export function tcpAddress(definition: GpsDefinition, defaults: { host?: string; port?: number }, example: string): { host: string; port: number } {
  const host = definition.options.get('host') ?? defaults.host;
  const portText = definition.options.get('port') ?? (defaults.port === undefined ? undefined : String(defaults.port));
  if (host === undefined || portText === undefined) {
    throw new SvcError('SVC_ERR_BAD_GPS_DEFINITION', `gps '${definition.line}': the ${definition.type} GPS needs host= and port=, e.g. ${example}`);
  }
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
    throw new SvcError('SVC_ERR_BAD_GPS_DEFINITION', `gps '${definition.line}': port=${portText} is not a TCP port (1-65535${defaults.port ? `; the default is ${defaults.port}` : ''})`);
  }
  if (host === '') throw new SvcError('SVC_ERR_BAD_GPS_DEFINITION', `gps '${definition.line}': host= is empty`);
  return { host, port };
}

/**
 * Connects to `host:port`, or fails with a reason: `refused` says what to do when nothing listens
 * there; `where` names the server in the others.
 */
export function connectTcp(host: string, port: number, where: string, refused: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new SvcError('SVC_ERR_GPS_OPEN', `${where} did not answer within ${CONNECT_TIMEOUT_MS / 1000} s; is the host reachable and the server running?`));
    }, CONNECT_TIMEOUT_MS);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new SvcError('SVC_ERR_GPS_OPEN', failure(error, host, where, refused)));
    });
  });
}

function failure(error: NodeJS.ErrnoException, host: string, where: string, refused: string): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return refused;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${where}: host '${host}' was not found`;
    default:
      return `${where}: ${error.message}`;
  }
}

/** What a link says when its server goes quiet or away. */
export interface GpsTcpLinkOptions {
  /** The server, for the reasons (`gpsd at host:port`). */
  readonly where: string;
  /** What a closed connection means, appended to `where closed the connection`. */
  readonly closedHint: string;
  /** Silence after which the link is dropped, and why. */
  readonly silence: { readonly ms: number; readonly reason: string };
  /** Called once when the link is lost (not when it is closed on purpose). */
  readonly lost: (reason: string) => void;
}

/**
 * A TCP connection a GPS reads: lost once, with the reason, when the server closes it, it
 * fails, or it stays silent past the limit after `heard()` was last called; `close()` ends it
 * quietly.
 */
export class GpsTcpLink {
  #closed = false;
  #silence: NodeJS.Timeout | undefined;

  constructor(
    readonly socket: Socket,
    private readonly options: GpsTcpLinkOptions,
  ) {
    socket.on('error', (error) => this.lost(`${options.where}: ${error.message}`));
    socket.on('close', () => this.lost(`${options.where} closed the connection ${options.closedHint}`));
  }

  /** True once the link is closed or lost. */
  get closed(): boolean {
    return this.#closed;
  }

  /** The server said something worth hearing: the silence is counted from now. */
  heard(): void {
    clearTimeout(this.#silence);
    this.#silence = setTimeout(() => this.lost(this.options.silence.reason), this.options.silence.ms);
    this.#silence.unref();
  }

  /** Ends the link without reporting it lost. */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#silence);
    this.socket.destroy();
  }

  /** Ends the link and reports it lost, once. */
  lost(reason: string): void {
    if (this.#closed) return;
    this.close();
    this.options.lost(reason);
  }
}
