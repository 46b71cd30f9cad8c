/**
 * The AVR text format, as dump1090 sends it on port 30002 (`--raw`) and decoders write to files:
 * one frame a line, `*8D4840D6202CC371C32CE0576098;`, or with a timestamp
 * `@0123456789AB8D4840D6...;` (12 hex digits of a 12 MHz clock first), `%` for the same with a
 * signal byte. Lines are read across chunks; a line that is no frame is counted and skipped.
 */
import { frameFromHex } from '../modes/hex-frame.js';

/** One frame of an AVR stream. */
export interface AvrFrame {
  readonly frame: Buffer;
  /** The receiver's clock, when the line gave one. */
  readonly clock?: number;
}

/** Reads AVR frames out of a text stream, chunk by chunk. */
export class AvrStream {
  #pending = '';
  /** Lines that were no frame. */
  bad = 0;
  /** Mode A/C replies (4 hex digits) read past: svc tracks Mode S. */
  modeAc = 0;

  /** The frames of the lines `chunk` completes. */
  push(chunk: Buffer): AvrFrame[] {
    const text = this.#pending + chunk.toString('latin1');
    const frames: AvrFrame[] = [];
    let start = 0;
    for (;;) {
      const end = text.indexOf('\n', start);
      if (end < 0) break;
      this.#line(text, start, end, frames);
      start = end + 1;
    }
    this.#pending = text.slice(start);
    return frames;
  }

  /** The last line, when the stream ended without a newline after it. */
  end(): AvrFrame[] {
    const frames: AvrFrame[] = [];
    if (this.#pending.trim() !== '') this.#line(this.#pending, 0, this.#pending.length, frames);
    this.#pending = '';
    return frames;
  }

  #line(text: string, start: number, end: number, frames: AvrFrame[]): void {
    let last = end;
    while (last > start && (text.charCodeAt(last - 1) === 13 || text.charCodeAt(last - 1) === 32)) last--;
    if (last === start) return; // an empty line
    const first = text.charCodeAt(start);
    if (text.charCodeAt(last - 1) !== 59 /* ; */) {
      this.bad++;
      return;
    }
    let hexStart = start + 1;
    let clock: number | undefined;
    if (first === 64 /* @ */ || first === 37 /* % */) {
      clock = Number.parseInt(text.slice(hexStart, hexStart + 12), 16);
      hexStart += 12;
      if (first === 37) hexStart += 2; // the signal byte
    } else if (first !== 42 /* * */) {
      this.bad++;
      return;
    }
    const digits = last - 1 - hexStart;
    if (digits === 4) {
      this.modeAc++;
      return;
    }
    if (digits !== 14 && digits !== 28) {
      this.bad++;
      return;
    }
    const frame = frameFromHex(text, hexStart, last - 1);
    if (frame === undefined || Number.isNaN(clock)) {
      this.bad++;
      return;
    }
    frames.push(clock === undefined ? { frame } : { frame, clock });
  }
}
