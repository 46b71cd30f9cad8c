/**
 * Nordic nRF Sniffer framing (shared/data/serial/README.md section 2): a frame starts with 0xAB
 * and ends with 0xBC; inside it, 0xAB, 0xBC and 0xCD are sent as 0xCD followed by the byte plus
 * one. The escapes are undone here, before anyone reads a length. Bytes outside a frame are
 * garbage (one error per run); a start inside a frame means the frame was cut (an error, and
 * the new frame is read); a bad escape or an overlong frame drops the frame.
 */
import type { Framer, FrameSink } from './framer.js';

/** Start of frame. */
export const SLIP_START = 0xab;
/** End of frame. */
export const SLIP_END = 0xbc;
/** Escape: the next byte is a special byte plus one. */
export const SLIP_ESC = 0xcd;

/** Longest frame accepted (a BLE packet with the sniffer's headers is under 300 bytes). */
const MAX_FRAME_BYTES = 1024;

const enum State {
  Outside,
  Inside,
  Escaped,
}

/** Escapes a frame body for the wire: what a Nordic sniffer sends (used by tests and tools). */
export function slipEncode(body: Uint8Array): Buffer {
  const out: number[] = [SLIP_START];
  for (const byte of body) {
    if (byte === SLIP_START || byte === SLIP_END || byte === SLIP_ESC) out.push(SLIP_ESC, byte + 1);
    else out.push(byte);
  }
  out.push(SLIP_END);
  return Buffer.from(out);
}

/** Reads Nordic SLIP frames. */
export class NordicSlipFramer implements Framer {
  #state = State.Outside;
  readonly #frame = Buffer.alloc(MAX_FRAME_BYTES);
  #length = 0;
  #garbage = 0;

  constructor(private readonly sink: FrameSink) {}

  push(chunk: Buffer): void {
    for (const byte of chunk) {
      switch (this.#state) {
        case State.Outside:
          if (byte === SLIP_START) this.#start();
          else this.#garbage++;
          break;
        case State.Inside:
          if (byte === SLIP_START) {
            this.sink.error(`a frame cut off after ${this.#length} bytes (a new one started)`);
            this.#start();
          } else if (byte === SLIP_END) {
            this.sink.frame(Buffer.from(this.#frame.subarray(0, this.#length)));
            this.#state = State.Outside;
          } else if (byte === SLIP_ESC) {
            this.#state = State.Escaped;
          } else {
            this.#append(byte);
          }
          break;
        case State.Escaped:
          if (byte === SLIP_START + 1 || byte === SLIP_END + 1 || byte === SLIP_ESC + 1) {
            this.#state = State.Inside;
            this.#append(byte - 1);
          } else {
            this.sink.error(`a bad escape (0xCD 0x${byte.toString(16).padStart(2, '0').toUpperCase()}); the frame was dropped`);
            this.#state = byte === SLIP_START ? State.Inside : State.Outside;
            this.#length = 0;
          }
          break;
      }
    }
  }

  reset(): void {
    this.#state = State.Outside;
    this.#length = 0;
    this.#garbage = 0;
  }

  #start(): void {
    if (this.#garbage > 0) this.sink.error(`${this.#garbage} bytes of garbage before a frame`);
    this.#garbage = 0;
    this.#length = 0;
    this.#state = State.Inside;
  }

  #append(byte: number): void {
    if (this.#length === MAX_FRAME_BYTES) {
      this.sink.error(`a frame longer than ${MAX_FRAME_BYTES} bytes; dropped`);
      this.#state = State.Outside;
      this.#length = 0;
      return;
    }
    this.#frame[this.#length++] = byte;
  }
}
