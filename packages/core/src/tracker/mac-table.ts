/**
 * Devices by MAC for the packet path. A MAC is a 48-bit number, which V8 keeps as a boxed heap
 * number, so a `Map` lookup follows a bucket, an entry and the boxed key before it can compare:
 * three cache misses when tens of thousands of devices are tracked. This table keeps the keys in
 * one Float64Array (open addressing, linear probing), so a lookup usually reads one cache line
 * of keys and one of values. Deletion shifts the following run back instead of leaving
 * tombstones, so a long-running tracker that drops devices never degrades.
 */

/** Marks an empty slot (no MAC is negative). */
const EMPTY = -1;
/** The table grows when more than this share of its slots is used. */
const MAX_LOAD = 0.5;
const INITIAL_BITS = 10;

/** A map from 48-bit MAC numbers to values. */
export class MacTable<T> {
  #bits = INITIAL_BITS;
  #keys = new Float64Array(1 << INITIAL_BITS).fill(EMPTY);
  #values: (T | undefined)[] = new Array<T | undefined>(1 << INITIAL_BITS).fill(undefined);
  #size = 0;

  /** Number of entries. */
  get size(): number {
    return this.#size;
  }

  /** The value stored for `mac`, or undefined. */
  get(mac: number): T | undefined {
    const keys = this.#keys;
    const mask = keys.length - 1;
    for (let slot = this.#home(mac); ; slot = (slot + 1) & mask) {
      const key = keys[slot]!;
      if (key === mac) return this.#values[slot];
      if (key === EMPTY) return undefined;
    }
  }

  /** Stores `value` for `mac`, replacing what was there. */
  set(mac: number, value: T): void {
    if (!(Number.isInteger(mac) && mac >= 0 && mac <= 0xffffffffffff)) throw new RangeError(`not a 48-bit MAC number: ${mac}`);
    const keys = this.#keys;
    const mask = keys.length - 1;
    let slot = this.#home(mac);
    while (keys[slot] !== EMPTY && keys[slot] !== mac) slot = (slot + 1) & mask;
    if (keys[slot] === EMPTY) {
      keys[slot] = mac;
      this.#size++;
    }
    this.#values[slot] = value;
    if (this.#size > keys.length * MAX_LOAD) this.#grow();
  }

  /** Removes `mac`; returns whether it was there. */
  delete(mac: number): boolean {
    const keys = this.#keys;
    const values = this.#values;
    const mask = keys.length - 1;
    let slot = this.#home(mac);
    while (keys[slot] !== mac) {
      if (keys[slot] === EMPTY) return false;
      slot = (slot + 1) & mask;
    }
    // Backward-shift deletion: pull later entries of the run into the hole when their home
    // slot does not lie (cyclically) between the hole and their position.
    let hole = slot;
    for (let next = (hole + 1) & mask; keys[next] !== EMPTY; next = (next + 1) & mask) {
      const home = this.#home(keys[next]!);
      const between = hole <= next ? hole < home && home <= next : hole < home || home <= next;
      if (between) continue;
      keys[hole] = keys[next]!;
      values[hole] = values[next];
      hole = next;
    }
    keys[hole] = EMPTY;
    values[hole] = undefined;
    this.#size--;
    return true;
  }

  /** Every value, in no particular order. */
  *values(): IterableIterator<T> {
    const keys = this.#keys;
    for (let slot = 0; slot < keys.length; slot++) if (keys[slot] !== EMPTY) yield this.#values[slot]!;
  }

  /** The slot a MAC hashes to: its low 32 and high 16 bits mixed, top bits of a multiplicative hash. */
  #home(mac: number): number {
    const low = mac >>> 0;
    const high = (mac / 4294967296) >>> 0;
    return Math.imul(low ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1) >>> (32 - this.#bits);
  }

  #grow(): void {
    const keys = this.#keys;
    const values = this.#values;
    this.#bits++;
    this.#keys = new Float64Array(1 << this.#bits).fill(EMPTY);
    this.#values = new Array<T | undefined>(1 << this.#bits).fill(undefined);
    this.#size = 0;
    for (let slot = 0; slot < keys.length; slot++) if (keys[slot] !== EMPTY) this.set(keys[slot]!, values[slot]!);
  }
}
