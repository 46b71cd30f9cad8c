/**
 * The reading half of the tracker's compact state format: reads back, in the order they were
 * written, the values a {@link StateWriter} packed. A state that ends early, holds a tag no
 * writer makes or has bytes left over is refused with an error naming what was wrong, so a
 * damaged snapshot sends the restore back to the log's JSON record instead of building a
 * device from garbage.
 */
import { SvcError } from '../../errors.js';
import { NumberTag } from './state-writer.js';

/** Reads values from one device's state. */
export class StateReader {
  readonly #buffer: Buffer;
  #offset = 0;

  constructor(state: Uint8Array) {
    this.#buffer = Buffer.isBuffer(state) ? state : Buffer.from(state.buffer, state.byteOffset, state.byteLength);
  }

  #need(bytes: number): void {
    if (this.#offset + bytes > this.#buffer.length) throw new SvcError('SVC_ERR_BAD_STATE', `device state ends early: ${bytes} more bytes wanted at byte ${this.#offset} of ${this.#buffer.length}`);
  }

  /** A whole number written by `StateWriter.uint`. */
  uint(): number {
    const buffer = this.#buffer;
    let value = 0;
    let scale = 1;
    for (let count = 0; count < 8; count++) {
      this.#need(1);
      const byte = buffer[this.#offset++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
    throw new SvcError('SVC_ERR_BAD_STATE', `device state holds a whole number longer than 8 bytes at byte ${this.#offset}`);
  }

  /** A number written by `StateWriter.number`. */
  number(): number {
    this.#need(1);
    const tag = this.#buffer[this.#offset++];
    if (tag === NumberTag.UINT) return this.uint();
    if (tag === NumberTag.NEGATIVE_INT) return -this.uint();
    if (tag !== NumberTag.FLOAT) throw new SvcError('SVC_ERR_BAD_STATE', `device state holds an unknown number tag ${tag} at byte ${this.#offset - 1}`);
    this.#need(8);
    const value = this.#buffer.readDoubleLE(this.#offset);
    this.#offset += 8;
    return value;
  }

  /** A boolean written by `StateWriter.boolean`. */
  boolean(): boolean {
    this.#need(1);
    const byte = this.#buffer[this.#offset++];
    if (byte !== 0 && byte !== 1) throw new SvcError('SVC_ERR_BAD_STATE', `device state holds ${byte} where a boolean belongs, at byte ${this.#offset - 1}`);
    return byte === 1;
  }

  /** Text written by `StateWriter.string`. */
  string(): string {
    const bytes = this.uint();
    this.#need(bytes);
    const start = this.#offset;
    this.#offset += bytes;
    return this.#buffer.toString('utf8', start, start + bytes);
  }

  /**
   * Bytes written by `StateWriter.bytes`, copied into a buffer of their own (not a slice of
   * Node's shared pool, which a kept copy would hold alive).
   */
  bytes(): Buffer {
    const count = this.uint();
    this.#need(count);
    const bytes = Buffer.allocUnsafeSlow(count);
    this.#buffer.copy(bytes, 0, this.#offset, this.#offset + count);
    this.#offset += count;
    return bytes;
  }

  /** A count of items to follow, refused when the state could not hold that many. */
  count(): number {
    const count = this.uint();
    if (count > this.#buffer.length - this.#offset) throw new SvcError('SVC_ERR_BAD_STATE', `device state announces ${count} items with ${this.#buffer.length - this.#offset} bytes left`);
    return count;
  }

  /** Refuses a state with bytes past what was read. */
  end(): void {
    if (this.#offset !== this.#buffer.length) throw new SvcError('SVC_ERR_BAD_STATE', `device state has ${this.#buffer.length - this.#offset} bytes past its end`);
  }
}
