/**
 * NXP sniffer (FSCI) framing (shared/data/serial/README.md section 1): 0x02 STX, op group, op
 * code, a 16-bit little-endian payload length, the payload, then one byte: the XOR of every
 * byte after STX. A frame whose checksum does not match is an error, and the search for the
 * next STX restarts one byte after the bad one, so a stray 0x02 in garbage costs one error and
 * no good frame.
 */
import type { Framer, FrameSink } from './framer.js';

/** Start of frame. */
export const STX = 0x02;
/** Op group, op code and length. */
const HEADER_BYTES = 4;
/** Longest payload accepted. */
const MAX_PAYLOAD_BYTES = 2048;

/** XOR of bytes: the FSCI checksum. */
export function xorChecksum(bytes: Uint8Array): number {
  let sum = 0;
  for (const byte of bytes) sum ^= byte;
  return sum;
}

/** Builds a frame as an NXP sniffer sends it (used by tests and tools). */
export function stxEncode(opGroup: number, opCode: number, payload: Uint8Array): Buffer {
  const body = Buffer.alloc(HEADER_BYTES + payload.length);
  body[0] = opGroup;
  body[1] = opCode;
  body.writeUInt16LE(payload.length, 2);
  body.set(payload, HEADER_BYTES);
  return Buffer.concat([Buffer.from([STX]), body, Buffer.from([xorChecksum(body)])]);
}

/** Reads STX frames; each frame is delivered as op group, op code, length and payload (no STX, no checksum). */
export class StxXorFramer implements Framer {
  #buffer: Buffer = Buffer.alloc(0);
  /** Garbage bytes seen since the last frame start, reported when the next one starts. */
  #garbage = 0;

  constructor(private readonly sink: FrameSink) {}

  push(chunk: Buffer): void {
    this.#buffer = this.#buffer.length ? Buffer.concat([this.#buffer, chunk]) : chunk;
    for (;;) {
      const start = this.#buffer.indexOf(STX);
      if (start === -1) {
        this.#garbage += this.#buffer.length;
        this.#buffer = Buffer.alloc(0);
        return;
      }
      this.#garbage += start;
      this.#buffer = this.#buffer.subarray(start);
      if (this.#garbage > 0) {
        this.sink.error(`${this.#garbage} bytes of garbage before a frame`);
        this.#garbage = 0;
      }
      if (this.#buffer.length < 1 + HEADER_BYTES) break;
      const length = this.#buffer.readUInt16LE(3);
      if (length > MAX_PAYLOAD_BYTES) {
        this.sink.error(`a frame announcing ${length} payload bytes (more than ${MAX_PAYLOAD_BYTES}); skipped`);
        this.#buffer = this.#buffer.subarray(1);
        continue;
      }
      const total = 1 + HEADER_BYTES + length + 1;
      if (this.#buffer.length < total) break;
      const body = this.#buffer.subarray(1, total - 1);
      if (xorChecksum(body) !== this.#buffer[total - 1]) {
        this.sink.error('a frame with a bad checksum; skipped');
        this.#buffer = this.#buffer.subarray(1);
        continue;
      }
      this.sink.frame(Buffer.from(body));
      this.#buffer = this.#buffer.subarray(total);
    }
    // Keep what waits for more bytes in its own memory, not as a view of the port's chunk.
    this.#buffer = Buffer.from(this.#buffer);
  }

  reset(): void {
    this.#buffer = Buffer.alloc(0);
    this.#garbage = 0;
  }
}
