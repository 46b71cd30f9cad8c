/**
 * Per-MAC state of a detector (an access point's SSIDs, a station's nonces) with a bound: once
 * `capacity` MACs are held, adding one forgets the MAC added longest ago, so a flood of random
 * MACs costs a fixed amount of memory. Lookups go through the core's open-addressing MAC table,
 * which suits the packet path.
 */
import { MacTable } from '@svc/core';

/** Default number of MACs one detector keeps state for. */
export const DEFAULT_MAC_STATE_CAPACITY = 65_536;

/** A bounded map from MAC numbers to a detector's state. */
export class BoundedMacState<T> {
  readonly #table = new MacTable<T>();
  readonly #order: Float64Array;
  #next = 0;

  constructor(
    private readonly create: (mac: number) => T,
    readonly capacity = DEFAULT_MAC_STATE_CAPACITY,
  ) {
    this.#order = new Float64Array(capacity).fill(-1);
  }

  /** Number of MACs with state. */
  get size(): number {
    return this.#table.size;
  }

  /** The state of `mac`, or undefined when there is none. */
  get(mac: number): T | undefined {
    return this.#table.get(mac);
  }

  /** The state of `mac`, created (and the oldest MAC's forgotten when full) when there is none. */
  obtain(mac: number): T {
    const existing = this.#table.get(mac);
    if (existing !== undefined) return existing;
    const oldest = this.#order[this.#next]!;
    if (oldest >= 0) this.#table.delete(oldest);
    this.#order[this.#next] = mac;
    this.#next = (this.#next + 1) % this.capacity;
    const state = this.create(mac);
    this.#table.set(mac, state);
    return state;
  }
}
