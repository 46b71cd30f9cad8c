/**
 * The Beast binary format, as dump1090, readsb and the Mode-S Beast receiver send it on port
 * 30005 and write it to files: each message starts with 0x1A and a type (`1` Mode A/C, 2 bytes;
 * `2` Mode S short, 7 bytes; `3` Mode S long, 14 bytes), then a 48-bit timestamp of a 12 MHz
 * clock, a signal byte and the frame; a 0x1A inside a message is sent twice. The reader keeps a
 * partial message across chunks, so a TCP stream can be cut anywhere, and skips to the next
 * 0x1A after anything it cannot read, counting it.
 */

/** One Mode S message of a Beast stream. */
export interface BeastMessage {
  /** The 7- or 14-byte frame. */
  readonly frame: Buffer;
  /** The receiver's 12 MHz clock at the frame (48 bits). */
  readonly clock: number;
  /** Signal level, 0-255 (the square root of the power, as dump1090 writes it). */
  readonly signal: number;
}

const ESCAPE = 0x1a;
const PAYLOAD_BYTES: Readonly<Record<number, number>> = { 0x31: 2, 0x32: 7, 0x33: 14 };
const MODE_AC = 0x31;
/** Clock and signal before the frame. */
const HEADER_BYTES = 7;

/** Reads Beast messages out of a byte stream, chunk by chunk. */
export class BeastStream {
  #pending: Buffer = Buffer.alloc(0);
  /** Places the stream held something that was no message (each a resync to the next 0x1A). */
  bad = 0;
  /** Mode A/C messages read past (svc tracks Mode S). */
  modeAc = 0;
  /** Skipping a run of garbage, counted once. */
  #resyncing = false;

  #skip(): void {
    if (!this.#resyncing) this.bad++;
    this.#resyncing = true;
  }

  /** The messages completed by `chunk`, in order. */
  push(chunk: Buffer): BeastMessage[] {
    const data = this.#pending.length > 0 ? Buffer.concat([this.#pending, chunk]) : chunk;
    const messages: BeastMessage[] = [];
    let at = 0;
    while (at < data.length) {
      if (data[at] !== ESCAPE) {
        const next = data.indexOf(ESCAPE, at);
        this.#skip();
        at = next < 0 ? data.length : next;
        continue;
      }
      if (at + 1 >= data.length) break;
      const type = data[at + 1]!;
      const payload = PAYLOAD_BYTES[type];
      if (payload === undefined) {
        this.#skip();
        at += 1;
        continue;
      }
      const read = unescape(data, at + 2, HEADER_BYTES + payload);
      if (read === undefined) break; // the message runs past the chunk: wait for more
      if (read === 'broken') {
        this.#skip();
        at += 2;
        continue;
      }
      at = read.next;
      this.#resyncing = false;
      if (type === MODE_AC) {
        this.modeAc++;
        continue;
      }
      const body = read.bytes;
      messages.push({ frame: body.subarray(HEADER_BYTES), clock: body.readUIntBE(0, 6), signal: body[6]! });
    }
    this.#pending = Buffer.from(data.subarray(at));
    return messages;
  }

  /** Bytes of a message cut off at the end of the stream. */
  get leftover(): number {
    return this.#pending.length;
  }
}

/**
 * `count` message bytes from `data[from...]` with doubled escapes undone; undefined when the
 * data ends first, 'broken' when a lone escape starts another message inside this one.
 */
function unescape(data: Buffer, from: number, count: number): { bytes: Buffer; next: number } | 'broken' | undefined {
  // Fast path: no escape in the span, the bytes are a view.
  const plainEnd = from + count;
  if (plainEnd <= data.length && data.subarray(from, plainEnd).indexOf(ESCAPE) < 0) return { bytes: data.subarray(from, plainEnd), next: plainEnd };
  const bytes = Buffer.alloc(count);
  let at = from;
  for (let i = 0; i < count; i++) {
    if (at >= data.length) return undefined;
    const byte = data[at]!;
    if (byte === ESCAPE) {
      if (at + 1 >= data.length) return undefined;
      if (data[at + 1] !== ESCAPE) return 'broken';
      at += 2;
    } else at += 1;
    bytes[i] = byte;
  }
  return { bytes, next: at };
}
