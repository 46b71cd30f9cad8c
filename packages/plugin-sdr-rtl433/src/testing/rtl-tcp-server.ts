/**
 * A real rtl_tcp server for tests: it speaks the rtl_tcp protocol (a 12-byte `RTL0` greeting,
 * then 8-bit I/Q samples; the client's 5-byte tuning commands are recorded) and streams a real
 * recording, so the real `rtl_433` runs its live path (`-d rtl_tcp:host:port`) without a dongle.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { readFileSync } from 'node:fs';

/** rtl_tcp's tuner type code for an R820T, what most dongles carry. */
const TUNER_R820T = 5;
/** Gain steps an R820T offers. */
const R820T_GAIN_COUNT = 29;
/** Bytes written per tick while streaming. */
const CHUNK_BYTES = 64 * 1024;
/** Unsigned 8-bit I/Q at the zero level: no signal. */
const SILENCE = Buffer.alloc(CHUNK_BYTES / 8, 0x7f);

/** A command rtl_433 sent: 1 frequency, 2 sample rate, 3 gain mode, ... */
export interface RtlTcpCommand {
  readonly code: number;
  readonly value: number;
}

/** A running rtl_tcp server. */
export interface RtlTcpServer {
  readonly port: number;
  /** Commands received, in order. */
  readonly commands: RtlTcpCommand[];
  /** Starts streaming (for a server started with `hold`). */
  start(): void;
  /** Drops the client connection (the dongle is gone). */
  disconnect(): void;
  close(): Promise<void>;
}

/**
 * Starts a server on a free port that streams `recording` to its client, then radio silence
 * until it disconnects. With `hold`, silence comes first, until `start()`, so a listener can
 * attach before the recording plays (rtl_433 serves its HTTP output only while samples flow).
 */
export async function startRtlTcpServer(recording: string, options: { hold?: boolean } = {}): Promise<RtlTcpServer> {
  const samples = readFileSync(recording);
  const commands: RtlTcpCommand[] = [];
  let client: Socket | undefined;
  let playing = !options.hold;
  const server: Server = createServer((socket) => {
    client = socket;
    socket.on('error', () => {});
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 5) {
        commands.push({ code: pending[0]!, value: pending.readUInt32BE(1) });
        pending = pending.subarray(5);
      }
    });
    const greeting = Buffer.alloc(12);
    greeting.write('RTL0', 0, 'ascii');
    greeting.writeUInt32BE(TUNER_R820T, 4);
    greeting.writeUInt32BE(R820T_GAIN_COUNT, 8);
    socket.write(greeting);
    let offset = 0;
    const timer = setInterval(() => {
      if (socket.destroyed) return clearInterval(timer);
      if (!playing || offset >= samples.length) {
        socket.write(SILENCE);
        return;
      }
      socket.write(samples.subarray(offset, offset + CHUNK_BYTES));
      offset += CHUNK_BYTES;
    }, 10);
    timer.unref();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    commands,
    start: () => (playing = true),
    disconnect: () => client?.destroy(),
    close: () =>
      new Promise<void>((resolve) => {
        client?.destroy();
        server.close(() => resolve());
      }),
  };
}
