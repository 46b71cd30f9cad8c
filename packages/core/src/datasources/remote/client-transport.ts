/**
 * The capture tool's end of a remote capture connection: a websocket to
 * `/datasource/remote/remotesource.ws` (one frame per binary message, login in headers so no
 * secret lands in a URL or a proxy log) or a plain TCP stream to `remote_capture_port`. Both
 * give the same small interface, with backpressure: `send` says when to wait for `drained`.
 */
import { connect as tcpConnect, type Socket } from 'node:net';
import WebSocket from 'ws';
import { describeError, SvcError } from '../../errors.js';
import { decodeFrame, FrameReader, type Frame } from './frame.js';

/** Bytes a transport may hold unsent before the sender should wait. */
const HIGH_WATER_BYTES = 1 << 20;
/** Milliseconds a connection attempt may take. */
const CONNECT_TIMEOUT_MS = 10_000;

/** One open connection to a server. */
export interface ClientTransport {
  /** Sends a whole frame; false when the sender should wait for `drained` before the next. */
  send(frame: Buffer): boolean;
  /** Resolves once the unsent bytes are below the high-water mark (or the connection ended). */
  drained(): Promise<void>;
  /** Ends the connection. */
  close(reason: string): void;
}

/** What a transport reports. */
export interface ClientTransportEvents {
  frame(frame: Frame): void;
  /** The connection ended; `reason` says why. Called once. */
  closed(reason: string): void;
}

/** Where and how to connect. */
export interface ClientTarget {
  readonly host: string;
  readonly port: number;
  /** `websocket` (default, Kismet's modern transport) or `tcp`. */
  readonly transport: 'websocket' | 'tcp';
  /** Websocket path; default `/datasource/remote/remotesource.ws`. */
  readonly endpoint?: string;
  /** wss:// instead of ws://. */
  readonly tls?: boolean;
  /** An API key with the `datasource` role (sent as the `SVC` cookie). */
  readonly apiKey?: string;
  readonly user?: string;
  readonly password?: string;
}

/** The default websocket path of remote capture. */
export const REMOTE_CAPTURE_ENDPOINT = '/datasource/remote/remotesource.ws';

/** Opens a connection; rejects with a reason a user can act on (refused, login rejected, timeout). */
export function connectClientTransport(target: ClientTarget, events: ClientTransportEvents): Promise<ClientTransport> {
  return target.transport === 'tcp' ? connectTcp(target, events) : connectWebSocket(target, events);
}

/** The URL a websocket target connects to (no credentials in it). */
export function clientTargetUrl(target: ClientTarget): string {
  const host = target.host.includes(':') ? `[${target.host}]` : target.host;
  return target.transport === 'tcp' ? `tcp://${host}:${target.port}` : `${target.tls ? 'wss' : 'ws'}://${host}:${target.port}${target.endpoint ?? REMOTE_CAPTURE_ENDPOINT}`;
}

function connectWebSocket(target: ClientTarget, events: ClientTransportEvents): Promise<ClientTransport> {
  const headers: Record<string, string> = {};
  if (target.apiKey) headers.cookie = `SVC=${target.apiKey}`;
  if (target.user !== undefined) headers.authorization = `Basic ${Buffer.from(`${target.user}:${target.password ?? ''}`).toString('base64')}`;
  const url = clientTargetUrl(target);
  const socket = new WebSocket(url, { headers, perMessageDeflate: false, handshakeTimeout: CONNECT_TIMEOUT_MS });
  let drainWaiter: Promise<void> | undefined;
  let closedReason: string | undefined;
  const transport: ClientTransport = {
    send(frame) {
      if (socket.readyState !== WebSocket.OPEN) return true;
      if (socket.bufferedAmount < HIGH_WATER_BYTES) {
        socket.send(frame, { binary: true });
        return true;
      }
      drainWaiter = new Promise<void>((resolve) => socket.send(frame, { binary: true }, () => resolve()));
      return false;
    },
    drained: () => drainWaiter ?? Promise.resolve(),
    close(reason) {
      if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
      else socket.close(1000, reason.slice(0, 120));
    },
  };
  return new Promise<ClientTransport>((resolve, reject) => {
    let opened = false;
    socket.on('unexpected-response', (_request, response) => {
      const status = response.statusCode ?? 0;
      response.resume();
      const why =
        status === 401 || status === 403
          ? `the server refused the login (${status}); check --apikey (role datasource or admin) or --user/--password`
          : status === 404
            ? `the server has no remote capture endpoint at ${target.endpoint ?? REMOTE_CAPTURE_ENDPOINT} (404)`
            : `the server answered ${status} instead of accepting the websocket`;
      reject(new SvcError(status === 401 || status === 403 ? 'SVC_ERR_UNAUTHORIZED' : 'SVC_ERR_REMOTE_PROTOCOL', why));
      socket.terminate();
    });
    socket.on('open', () => {
      opened = true;
      resolve(transport);
    });
    socket.on('message', (data, isBinary) => {
      if (!isBinary) return transport.close('the server sent a text message; remote capture frames are binary');
      let frame: Frame;
      try {
        frame = decodeFrame(Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data));
      } catch (error) {
        return transport.close(describeError(error));
      }
      events.frame(frame);
    });
    socket.on('error', (error) => {
      closedReason ??= describeError(error);
      if (!opened) reject(new Error(`could not connect to ${url}: ${describeError(error)}`));
    });
    socket.on('close', (code, reason) => {
      if (!opened) return reject(new Error(`could not connect to ${url}: ${closedReason ?? `closed (${code})`}`));
      events.closed(closedReason ?? `the server closed the websocket (${code}${reason.length ? `: ${reason.toString()}` : ''})`);
    });
  });
}

function connectTcp(target: ClientTarget, events: ClientTransportEvents): Promise<ClientTransport> {
  const url = clientTargetUrl(target);
  const socket: Socket = tcpConnect({ host: target.host, port: target.port });
  socket.setNoDelay(true);
  const reader = new FrameReader();
  let closedReason: string | undefined;
  const transport: ClientTransport = {
    send: (frame) => (socket.destroyed ? true : socket.write(frame)),
    drained: () => (socket.destroyed || !socket.writableNeedDrain ? Promise.resolve() : new Promise((resolve) => {
      socket.once('drain', resolve);
      socket.once('close', resolve);
    })),
    close(reason) {
      closedReason ??= reason;
      socket.destroy();
    },
  };
  return new Promise<ClientTransport>((resolve, reject) => {
    let opened = false;
    const timer = setTimeout(() => socket.destroy(new Error(`no answer within ${CONNECT_TIMEOUT_MS / 1000} s`)), CONNECT_TIMEOUT_MS);
    socket.once('connect', () => {
      clearTimeout(timer);
      opened = true;
      resolve(transport);
    });
    socket.on('data', (chunk: Buffer) => {
      let frames: Frame[];
      try {
        frames = reader.push(chunk);
      } catch (error) {
        return transport.close(describeError(error));
      }
      for (const frame of frames) events.frame(frame);
    });
    socket.on('error', (error) => {
      closedReason ??= describeError(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      if (!opened) return reject(new Error(`could not connect to ${url}: ${closedReason ?? 'connection closed'}`));
      events.closed(closedReason ?? 'the server closed the connection');
    });
  });
}
