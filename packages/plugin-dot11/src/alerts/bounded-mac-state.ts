/**
 * Per-MAC state of the alert checks (a network's SSIDs, a station's nonces) with a bound: once
 * `capacity` MACs are held, adding one forgets the MAC added longest ago, so a flood of random
 * MACs costs a fixed amount of memory.
 *
 * A MAC is given as its upper and lower 24 bits, two small integers, rather than one 48-bit
 * number: V8 keeps a 48-bit number as a boxed double, and passing one between functions on the
 * packet path allocates a box each time. The table is open addressing with linear probing over
 * those pairs (deletion shifts the following run back, so no tombstones build up), growing up to
 * twice the capacity in slots.
 */

/** Default number of MACs one table keeps state for. */
export const DEFAULT_MAC_STATE_CAPACITY = 65_536;

const EMPTY = -1;
const INITIAL_BITS = 8;

/** A bounded map from MACs (as two 24-bit halves) to a check's state. */
export class BoundedMacState<T> {
  #high = new Int32Array(1 << INITIAL_BITS).fill(EMPTY);
  #low = new Int32Array(1 << INITIAL_BITS);
  #values: (T | undefined)[] = new Array<T | undefined>(1 << INITIAL_BITS).fill(undefined);
  /** 32 minus the bits of the slot count: the hash's top bits pick the home slot. */
  #shift = 32 - INITIAL_BITS;
  #size = 0;
  /** Insertion order, a ring once full: the halves of each MAC held. */
  readonly #orderHigh: number[] = [];
  readonly #orderLow: number[] = [];
  #next = 0;

  constructor(
    private readonly create: () => T,
    readonly capacity = DEFAULT_MAC_STATE_CAPACITY,
  ) {}

  /** Number of MACs with state. */
  get size(): number {
    return this.#size;
  }

  /** The state of the MAC `high:low`, or undefined when there is none. */
  get(high: number, low: number): T | undefined {
    const slot = this.#find(high, low);
    return slot < 0 ? undefined : this.#values[slot];
  }

  /** The state of the MAC `high:low`, created (and the oldest MAC's forgotten when full) when there is none. */
  obtain(high: number, low: number): T {
    const slot = this.#find(high, low);
    if (slot >= 0) return this.#values[slot]!;
    if (this.#orderHigh.length < this.capacity) {
      this.#orderHigh.push(high);
      this.#orderLow.push(low);
    } else {
      this.#delete(this.#orderHigh[this.#next]!, this.#orderLow[this.#next]!);
      this.#orderHigh[this.#next] = high;
      this.#orderLow[this.#next] = low;
      this.#next = (this.#next + 1) % this.capacity;
    }
    const state = this.create();
    this.#insert(high, low, state);
    return state;
  }

  #home(high: number, low: number): number {
    return (Math.imul(high, 0x9e3779b1) ^ Math.imul(low, 0x85ebca6b)) >>> this.#shift;
  }

  #find(high: number, low: number): number {
    const keys = this.#high;
    const mask = keys.length - 1;
    for (let slot = this.#home(high, low); ; slot = (slot + 1) & mask) {
      const key = keys[slot]!;
      if (key === EMPTY) return -1;
      if (key === high && this.#low[slot] === low) return slot;
    }
  }

  #insert(high: number, low: number, value: T): void {
    if ((this.#size + 1) * 2 > this.#high.length && this.#high.length < this.capacity * 2) this.#grow();
    const keys = this.#high;
    const mask = keys.length - 1;
    let slot = this.#home(high, low);
    while (keys[slot] !== EMPTY) slot = (slot + 1) & mask;
    keys[slot] = high;
    this.#low[slot] = low;
    this.#values[slot] = value;
    this.#size++;
  }

  #delete(high: number, low: number): void {
    let slot = this.#find(high, low);
    if (slot < 0) return;
    const keys = this.#high;
    const lows = this.#low;
    const values = this.#values;
    const mask = keys.length - 1;
    // Shift back the entries after the hole whose home is not between the hole and themselves.
    for (let next = (slot + 1) & mask; keys[next] !== EMPTY; next = (next + 1) & mask) {
      const home = this.#home(keys[next]!, lows[next]!);
      if (((next - home) & mask) >= ((next - slot) & mask)) {
        keys[slot] = keys[next]!;
        lows[slot] = lows[next]!;
        values[slot] = values[next];
        slot = next;
      }
    }
    keys[slot] = EMPTY;
    values[slot] = undefined;
    this.#size--;
  }

  #grow(): void {
    const high = this.#high;
    const low = this.#low;
    const values = this.#values;
    const slots = high.length * 2;
    this.#high = new Int32Array(slots).fill(EMPTY);
    this.#low = new Int32Array(slots);
    this.#values = new Array<T | undefined>(slots).fill(undefined);
    this.#shift--;
    this.#size = 0;
    for (let slot = 0; slot < high.length; slot++) if (high[slot] !== EMPTY) this.#insert(high[slot]!, low[slot]!, values[slot]!);
  }
}
