/**
 * Line framing for text devices (NMEA GPS, home-made JSON sniffers): a frame is a line ended by
 * LF, with a CR before it dropped. A line longer than the limit is an error, and everything up
 * to the next LF is dropped with it, so one runaway line cannot eat memory.
 */
import type { Framer, FrameSink } from './framer.js';

/** Longest line accepted by default: far above NMEA's 82 characters and a sniffer's JSON report. */
export const DEFAULT_MAX_LINE_BYTES = 4096;

const LF = 0x0a;
const CR = 0x0d;

/** Splits a byte stream into lines. */
export class LineFramer implements Framer {
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #discarding = false;

  constructor(
    private readonly sink: FrameSink,
    private readonly maxLineBytes = DEFAULT_MAX_LINE_BYTES,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(LF); end !== -1; end = chunk.indexOf(LF, start)) {
      const piece = chunk.subarray(start, end);
      start = end + 1;
      if (this.#discarding) {
        this.#discarding = false;
        continue;
      }
      if (this.#pendingBytes + piece.length > this.maxLineBytes) {
        this.#overlong();
        this.#discarding = false;
        continue;
      }
      const line = this.#pendingBytes ? Buffer.concat([...this.#pending, piece]) : piece;
      this.#pending = [];
      this.#pendingBytes = 0;
      const text = line.length > 0 && line[line.length - 1] === CR ? line.subarray(0, -1) : line;
      if (text.length > 0) this.sink.frame(Buffer.from(text));
    }
    const rest = chunk.subarray(start);
    if (rest.length === 0 || this.#discarding) return;
    if (this.#pendingBytes + rest.length > this.maxLineBytes) {
      this.#overlong();
      return;
    }
    this.#pending.push(Buffer.from(rest));
    this.#pendingBytes += rest.length;
  }

  reset(): void {
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#discarding = false;
  }

  #overlong(): void {
    this.sink.error(`a line longer than ${this.maxLineBytes} bytes (dropped up to the next line end)`);
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#discarding = true;
  }
}
