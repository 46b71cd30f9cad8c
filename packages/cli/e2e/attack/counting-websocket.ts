/**
 * Many websockets from one process, cheaply, for the attack suite and the benches. Each is a
 * real websocket client (the HTTP upgrade, masked text frames to the server, the server's
 * frames read off the TCP stream) that only counts what it receives, and keeps the error
 * messages and the close frame. A `ws` client parses every message and emits an event for it:
 * 500 sockets at 1 000 messages a second each would take a core of the machine the server
 * shares, and the clients, not the server, would fall behind.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/** A websocket that counts the messages it gets. */
export interface CountingWebSocket {
  /** Text messages received. */
  readonly messages: number;
  /** Bytes of frames received. */
  readonly bytes: number;
  /** Text messages that were error objects (`{"error", "code", ...}`), parsed. */
  readonly errors: readonly Record<string, unknown>[];
  /** The close frame's code, once the server sent one. */
  readonly closeCode: number | undefined;
  /** True once the TCP connection ended. */
  readonly ended: boolean;
  /** Sends one text message (masked, as a client must). */
  send(text: string): void;
  /** Stops reading: the server's sends pile up in the kernel, then in the server. */
  pause(): void;
  resume(): void;
  /** Drops the connection. */
  destroy(): void;
}

/** Opens a websocket to `url` (`ws://host:port/path?query`); rejects when the upgrade is refused. */
export function openCountingWebSocket(url: string): Promise<CountingWebSocket> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: target.hostname, port: Number(target.port) });
    socket.setNoDelay(true);
    const key = randomBytes(16).toString('base64');
    socket.once('connect', () =>
      socket.write(
        `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ),
    );
    socket.once('error', reject);
    let head = Buffer.alloc(0);
    const onHead = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onHead);
      const status = head.subarray(0, end).toString('latin1').split('\r\n')[0]!;
      if (!/^HTTP\/1\.1 101/.test(status)) {
        socket.destroy();
        reject(new Error(`the upgrade was refused: ${status}`));
        return;
      }
      const client = countingClient(socket);
      resolve(client.api);
      client.read(head.subarray(end + 4));
    };
    socket.on('data', onHead);
  });
}

function countingClient(socket: Socket): { api: CountingWebSocket; read(chunk: Buffer): void } {
  let messages = 0;
  let bytes = 0;
  let closeCode: number | undefined;
  let ended = false;
  const errors: Record<string, unknown>[] = [];
  /** Header bytes of a frame cut between chunks. */
  let partial = Buffer.alloc(0);
  /** Payload bytes of the current frame still to come. */
  let remaining = 0;
  /** The current frame's opcode and, when it is worth reading, its payload so far. */
  let opcode = 0;
  let kept: Buffer[] | undefined;

  const finish = () => {
    if (opcode === 1) {
      messages++;
      if (kept) {
        const text = Buffer.concat(kept).toString('utf8');
        if (text.startsWith('{"error"')) errors.push(JSON.parse(text) as Record<string, unknown>);
      }
    } else if (opcode === 8 && kept) {
      const payload = Buffer.concat(kept);
      if (payload.length >= 2) closeCode = payload.readUInt16BE(0);
    }
    kept = undefined;
  };

  const read = (chunk: Buffer) => {
    bytes += chunk.length;
    let data = chunk;
    while (data.length > 0) {
      if (remaining > 0) {
        const take = Math.min(remaining, data.length);
        kept?.push(data.subarray(0, take));
        remaining -= take;
        data = data.subarray(take);
        if (remaining === 0) finish();
        continue;
      }
      if (partial.length > 0) {
        data = Buffer.concat([partial, data]);
        partial = Buffer.alloc(0);
      }
      if (data.length < 2) {
        partial = Buffer.from(data);
        return;
      }
      const short = data[1]! & 0x7f;
      const headerLength = short === 126 ? 4 : short === 127 ? 10 : 2;
      if (data.length < headerLength) {
        partial = Buffer.from(data);
        return;
      }
      opcode = data[0]! & 0x0f;
      remaining = short === 126 ? data.readUInt16BE(2) : short === 127 ? Number(data.readBigUInt64BE(2)) : short;
      // Only error messages (small, starting {"error") and close frames (a code) are read.
      const at = headerLength;
      const error = opcode === 1 && remaining < 4096 && data[at] === 0x7b && data[at + 1] === 0x22 && data[at + 2] === 0x65;
      kept = opcode === 8 || error ? [] : undefined;
      data = data.subarray(headerLength);
      if (remaining === 0) finish();
    }
  };
  socket.on('data', read);
  socket.on('close', () => (ended = true));
  socket.on('error', () => (ended = true));

  return {
    read,
    api: {
      get messages() {
        return messages;
      },
      get bytes() {
        return bytes;
      },
      errors,
      get closeCode() {
        return closeCode;
      },
      get ended() {
        return ended;
      },
      send(text) {
        socket.write(maskedTextFrame(text));
      },
      pause: () => socket.pause(),
      resume: () => socket.resume(),
      destroy: () => socket.destroy(),
    },
  };
}

/** A client's text frame: FIN, text opcode, masked payload. */
function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const headerLength = payload.length < 126 ? 2 : payload.length < 65536 ? 4 : 10;
  const frame = Buffer.alloc(headerLength + 4 + payload.length);
  frame[0] = 0x81;
  if (payload.length < 126) frame[1] = 0x80 | payload.length;
  else if (payload.length < 65536) {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(payload.length, 2);
  } else {
    frame[1] = 0x80 | 127;
    frame.writeBigUInt64BE(BigInt(payload.length), 2);
  }
  const mask = randomBytes(4);
  mask.copy(frame, headerLength);
  for (let i = 0; i < payload.length; i++) frame[headerLength + 4 + i] = payload[i]! ^ mask[i & 3]!;
  return frame;
}
