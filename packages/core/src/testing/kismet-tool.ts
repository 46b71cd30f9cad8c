/**
 * The capture tool's end of a remote capture connection, for tests that play the part of
 * Kismet's `kismet_cap_*` tools against a real listening server: frames assembled by hand
 * (kismet-wire.ts) go out over a real websocket or TCP socket, and the server's frames come back
 * parsed, each with the exact bytes it arrived as.
 */
import { connect, type Socket } from 'node:net';
import WebSocket from 'ws';
import { FrameReader, type Frame } from '../datasources/remote/frame.js';
import type { MessageBus } from '../messages/message-bus.js';
import { readWireHeader } from './kismet-wire.js';

/** A frame the server sent, parsed, with its bytes. */
export interface ReceivedFrame {
  readonly frame: Frame;
  readonly bytes: Buffer;
}

/** A connected tool. */
export interface KismetTool {
  /** Sends bytes as they are (one websocket message, or a TCP write). */
  send(frame: Buffer): void;
  /** The next frame of `type` the server sent (waits up to 5 s). */
  next(type: number): Promise<ReceivedFrame>;
  /** Resolves when the server or the tool closed the connection. */
  readonly closed: Promise<void>;
  /** Closes the connection from the tool's side. */
  end(): void;
}

/** A tool over TCP, whose socket a test may write to directly (frames in pieces, several in one write). */
export interface KismetTcpTool extends KismetTool {
  readonly socket: Socket;
}

function toolOver(write: (bytes: Buffer) => void, end: () => void): { tool: KismetTool; receive(bytes: Buffer): void; closed(): void } {
  const queue: ReceivedFrame[] = [];
  const waiters: (() => void)[] = [];
  let onClosed!: () => void;
  const closed = new Promise<void>((resolve) => (onClosed = resolve));
  const reader = new FrameReader();
  return {
    tool: {
      send: write,
      closed,
      end,
      async next(type) {
        for (let i = 0; i < 200; i++) {
          const index = queue.findIndex((item) => item.frame.type === type);
          if (index >= 0) return queue.splice(index, 1)[0]!;
          await new Promise<void>((resolve) => {
            waiters.push(resolve);
            setTimeout(resolve, 25);
          });
        }
        throw new Error(`no frame of type ${type} arrived`);
      },
    },
    receive(bytes) {
      let offset = 0;
      for (const frame of reader.push(bytes)) {
        const length = 20 + readWireHeader(bytes.subarray(offset)).length;
        queue.push({ frame, bytes: bytes.subarray(offset, offset + length) });
        offset += length;
      }
      waiters.splice(0).forEach((wake) => wake());
    },
    closed: onClosed,
  };
}

/** Connects to `/datasource/remote/remotesource.ws` of the server at `baseUrl` (`http://host:port`), with `query` as login. */
export async function websocketKismetTool(baseUrl: string, query: string): Promise<KismetTool> {
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/datasource/remote/remotesource.ws?${query}`);
  const end = toolOver((bytes) => socket.send(bytes), () => socket.close());
  socket.on('message', (data) => end.receive(data as Buffer));
  socket.on('close', () => end.closed());
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return end.tool;
}

/** Connects to the legacy TCP remote capture listener on 127.0.0.1:`port`. */
export async function tcpKismetTool(port: number): Promise<KismetTcpTool> {
  const socket = connect(port, '127.0.0.1');
  const end = toolOver((bytes) => socket.write(bytes), () => socket.destroy());
  socket.on('data', (data) => end.receive(data));
  socket.on('close', () => end.closed());
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return Object.assign(end.tool, { socket });
}

/** The port of the TCP remote capture listener a started server announced on its message bus. */
export function remoteCapturePort(messages: Pick<MessageBus, 'all'>): number {
  const listening = messages
    .all()
    .map((message) => String(message['svc.messagebus.message_string']))
    .find((text) => text.startsWith('remote capture (TCP) listening'));
  const port = Number(/:(\d+)$/.exec(listening ?? '')?.[1]);
  if (!Number.isInteger(port)) throw new Error('the server announced no remote capture (TCP) listener; set remote_capture_enabled=true');
  return port;
}
