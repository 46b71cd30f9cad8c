/**
 * The writing half of the tracker's compact state format (`tracker_restore`): numbers, text and
 * bytes packed one after another with no field names, so that a restart rebuilds 100 000
 * devices from a few dozen megabytes read straight into their objects instead of parsing the
 * 400 MB of JSON records the log keeps for Kismet's tools. What is written is read back in the
 * same order by a {@link StateReader}; the order is the format.
 */

/** Tags of {@link StateWriter.number}'s encodings. */
export const NumberTag = { UINT: 0, NEGATIVE_INT: 1, FLOAT: 2 } as const;

/** Appends values to a growing buffer; `take()` hands out what was written and starts again. */
export class StateWriter {
  #buffer = Buffer.allocUnsafe(4096);
  #length = 0;

  /** Bytes written since the last `take()`. */
  get length(): number {
    return this.#length;
  }

  #reserve(bytes: number): void {
    if (this.#length + bytes <= this.#buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.#buffer.length * 2, this.#length + bytes));
    this.#buffer.copy(grown, 0, 0, this.#length);
    this.#buffer = grown;
  }

  /** A whole number from 0 to 2^53 - 1, in 1 to 8 bytes (7 bits a byte). */
  uint(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a whole number from 0 to 2^53-1: ${value}`);
    this.#reserve(8);
    const buffer = this.#buffer;
    while (value >= 0x80) {
      buffer[this.#length++] = (value % 0x80) | 0x80;
      value = Math.floor(value / 0x80);
    }
    buffer[this.#length++] = value;
  }

  /** Any number: whole ones in as few bytes as their size needs, others as 8-byte doubles. */
  number(value: number): void {
    if (Number.isSafeInteger(value) && !Object.is(value, -0)) {
      this.#reserve(1);
      this.#buffer[this.#length++] = value >= 0 ? NumberTag.UINT : NumberTag.NEGATIVE_INT;
      this.uint(Math.abs(value));
      return;
    }
    this.#reserve(9);
    this.#buffer[this.#length++] = NumberTag.FLOAT;
    this.#buffer.writeDoubleLE(value, this.#length);
    this.#length += 8;
  }

  /** true or false, in a byte. */
  boolean(value: boolean): void {
    this.#reserve(1);
    this.#buffer[this.#length++] = value ? 1 : 0;
  }

  /** Text as its UTF-8 byte count and bytes. */
  string(value: string): void {
    const bytes = Buffer.byteLength(value, 'utf8');
    this.uint(bytes);
    this.#reserve(bytes);
    this.#length += this.#buffer.write(value, this.#length, bytes, 'utf8');
  }

  /** Bytes as their count and themselves. */
  bytes(value: Uint8Array): void {
    this.uint(value.length);
    this.#reserve(value.length);
    this.#buffer.set(value, this.#length);
    this.#length += value.length;
  }

  /** A copy of what was written since the last call; the writer starts empty again. */
  take(): Buffer {
    const written = Buffer.from(this.#buffer.subarray(0, this.#length));
    this.#length = 0;
    return written;
  }
}
