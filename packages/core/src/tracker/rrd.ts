/**
 * Round-robin records (kismet-reference 4.3): a value per second for the last minute, per
 * minute for the last hour, per hour for the last day, in absolute slots (`t % 60`, ...). Hour
 * and day slots hold the sum of the finer slots. One `Float32Array` of 145 slots per record (the
 * 144 history slots and the value before the last sample) keeps a device's packet history
 * under 700 bytes.
 *
 * A counter (packets, bytes) sums what lands in a slot. A gauge (a temperature, a wind speed)
 * cannot be summed: `Rrd.gauge()` keeps a sample count per slot as well and serves each slot as
 * the mean of its samples, so the hour vector holds each minute's mean.
 */

import { SvcError } from '../errors.js';
import type { StateReader } from './state/state-reader.js';
import type { StateWriter } from './state/state-writer.js';

const MINUTE = 0;
const HOUR = 60;
const DAY = 120;
const SLOTS = 144;
/**
 * Where the slot's value before the last sample is kept, after the history: in the typed array
 * rather than a field, because a field holding a fraction is a separate heap box in V8, one
 * more memory access per sample.
 */
const VALUE_BEFORE = SLOTS;

/** A per-second / per-minute / per-hour history of one counter or gauge. */
export class Rrd {
  /** Counters fit in single precision; a gauge keeps double so a reading is served as it came. */
  readonly #slots: Float32Array | Float64Array;
  /** Samples per slot, for a gauge only. */
  readonly #counts: Uint32Array | undefined;
  #lastTime = 0;
  /**
   * The slots of `#lastTime`'s second, minute and hour, worked out when the clock moves rather
   * than on every sample: times are past 2^30, so V8 holds them as doubles, and each `%` on a
   * double is a call into the C library.
   */
  #secondSlot = MINUTE;
  #minuteSlot = HOUR;
  #hourSlot = DAY;

  /** A history whose slots are means of the samples in them (sensor readings), not sums. */
  static gauge(): Rrd {
    return new Rrd(true);
  }

  /**
   * A history as `toRecord` served it (a device restored from a log): its slots and last time.
   * A gauge's slots come back as one sample each. Undefined when the record is not an RRD.
   */
  static fromRecord(record: unknown, gauge = false): Rrd | undefined {
    if (record === null || typeof record !== 'object') return undefined;
    const fields = record as Record<string, unknown>;
    const vectors = [fields['svc.common.rrd.minute_vec'], fields['svc.common.rrd.hour_vec'], fields['svc.common.rrd.day_vec']];
    const lastTime = Number(fields['svc.common.rrd.last_time']);
    if (!Number.isFinite(lastTime) || !vectors.every((vector, index) => isNumbers(vector, index === 2 ? 24 : 60))) return undefined;
    const rrd = new Rrd(gauge);
    rrd.#slots.set([...(vectors[0] as number[]), ...(vectors[1] as number[]), ...(vectors[2] as number[])]);
    rrd.#slots[VALUE_BEFORE] = Number(fields['svc.common.rrd.last_value_n1']) || 0;
    if (rrd.#counts) for (let slot = 0; slot < SLOTS; slot++) rrd.#counts[slot] = rrd.#slots[slot] !== 0 ? 1 : 0;
    rrd.#setClock(Math.floor(lastTime));
    return rrd;
  }

  /** A history as `writeState` packed it: every slot as it was, a gauge's sample counts too. */
  static readState(reader: StateReader): Rrd {
    const rrd = new Rrd(reader.boolean());
    rrd.#setClock(reader.uint());
    for (let filled = reader.count(); filled > 0; filled--) {
      const slot = reader.uint();
      if (slot > VALUE_BEFORE) throw new SvcError('SVC_ERR_BAD_STATE', `RRD slot ${slot} past the last (${VALUE_BEFORE})`);
      rrd.#slots[slot] = reader.number();
      if (rrd.#counts && slot < SLOTS) rrd.#counts[slot] = reader.uint();
    }
    return rrd;
  }

  /** Packs the history for the tracker's state snapshot: its kind, clock and non-empty slots. */
  writeState(writer: StateWriter): void {
    writer.boolean(this.#counts !== undefined);
    writer.uint(this.#lastTime);
    let filled = 0;
    for (let slot = 0; slot <= VALUE_BEFORE; slot++) if (this.#slots[slot] !== 0 || (slot < SLOTS && this.#counts?.[slot])) filled++;
    writer.uint(filled);
    for (let slot = 0; slot <= VALUE_BEFORE; slot++) {
      if (this.#slots[slot] === 0 && !(slot < SLOTS && this.#counts?.[slot])) continue;
      writer.uint(slot);
      writer.number(this.#slots[slot]!);
      if (this.#counts && slot < SLOTS) writer.uint(this.#counts[slot]!);
    }
  }

  /** A counter history (slots sum what is added); `Rrd.gauge()` makes a gauge. */
  constructor(mean = false) {
    this.#slots = mean ? new Float64Array(SLOTS + 1) : new Float32Array(SLOTS + 1);
    this.#counts = mean ? new Uint32Array(SLOTS) : undefined;
  }

  /** Adds `value` at Unix second `time` (older times than the last are added to the last slot). */
  add(time: number, value: number): void {
    const second = Math.floor(time);
    if (second > this.#lastTime) this.#advance(second);
    const secondSlot = this.#secondSlot;
    const minuteSlot = this.#minuteSlot;
    const hourSlot = this.#hourSlot;
    const slots = this.#slots;
    slots[VALUE_BEFORE] = this.#value(secondSlot);
    slots[secondSlot]! += value;
    slots[minuteSlot]! += value;
    slots[hourSlot]! += value;
    const counts = this.#counts;
    if (counts) {
      counts[secondSlot]!++;
      counts[minuteSlot]!++;
      counts[hourSlot]!++;
    }
  }

  /** What a slot serves: its sum, or for a gauge the mean of its samples (0 when it has none). */
  #value(slot: number): number {
    const counts = this.#counts;
    if (!counts) return this.#slots[slot]!;
    return counts[slot] ? this.#slots[slot]! / counts[slot]! : 0;
  }

  #vector(from: number, length: number): number[] {
    const values = new Array<number>(length);
    for (let i = 0; i < length; i++) values[i] = this.#value(from + i);
    return values;
  }

  /** Unix second of the last sample. */
  get lastTime(): number {
    return this.#lastTime;
  }

  /** The record as served, with stale slots cleared as of `now`. */
  toRecord(now: number): Record<string, unknown> {
    if (Math.floor(now) > this.#lastTime) this.#advance(Math.floor(now));
    return {
      'svc.common.rrd.last_time': this.#lastTime,
      'svc.common.rrd.serial_time': Math.floor(now),
      'svc.common.rrd.last_value': this.#value(this.#secondSlot),
      'svc.common.rrd.last_value_n1': this.#slots[VALUE_BEFORE]!,
      'svc.common.rrd.minute_vec': this.#vector(MINUTE, 60),
      'svc.common.rrd.hour_vec': this.#vector(HOUR, 60),
      'svc.common.rrd.day_vec': this.#vector(DAY, 24),
      'svc.common.rrd.blank_val': 0,
    };
  }

  /** Sets the clock to Unix second `second` and the slots it falls in. */
  #setClock(second: number): void {
    this.#lastTime = second;
    this.#secondSlot = MINUTE + (second % 60);
    this.#minuteSlot = HOUR + (Math.floor(second / 60) % 60);
    this.#hourSlot = DAY + (Math.floor(second / 3600) % 24);
  }

  /** Moves the clock to `second`, blanking every slot skipped on the way. */
  #advance(second: number): void {
    const previous = this.#lastTime;
    const secondBefore = this.#secondSlot;
    const minuteBefore = this.#minuteSlot;
    const hourBefore = this.#hourSlot;
    this.#setClock(second);
    if (previous === 0) return;
    this.#blank(MINUTE, 60, secondBefore, second - previous);
    this.#blank(HOUR, 60, minuteBefore, Math.floor(second / 60) - Math.floor(previous / 60));
    this.#blank(DAY, 24, hourBefore, Math.floor(second / 3600) - Math.floor(previous / 3600));
  }

  /**
   * Blanks the `steps` slots after slot `from` of the ring of `size` slots at `base`, wrapping
   * at its end (all of them when `steps` covers the ring).
   */
  #blank(base: number, size: number, from: number, steps: number): void {
    if (steps <= 0) return;
    const slots = this.#slots;
    const counts = this.#counts;
    if (steps >= size) {
      slots.fill(0, base, base + size);
      counts?.fill(0, base, base + size);
      return;
    }
    const end = base + size;
    let slot = from;
    for (let left = steps; left > 0; left--) {
      if (++slot === end) slot = base;
      slots[slot] = 0;
      if (counts) counts[slot] = 0;
    }
  }
}

function isNumbers(value: unknown, length: number): value is number[] {
  return Array.isArray(value) && value.length === length && value.every((item) => typeof item === 'number' && Number.isFinite(item));
}

/** Field definitions of an RRD record. */
export const RRD_FIELDS = [
  { name: 'svc.common.rrd.last_time', type: 'uint64_t', description: 'Unix second of the last sample' },
  { name: 'svc.common.rrd.serial_time', type: 'uint64_t', description: 'Unix second this record was served' },
  { name: 'svc.common.rrd.last_value', type: 'double', description: 'value of the current second' },
  { name: 'svc.common.rrd.last_value_n1', type: 'double', description: 'value before the last sample' },
  { name: 'svc.common.rrd.minute_vec', type: 'vector[double]', description: 'per second, slot t % 60' },
  { name: 'svc.common.rrd.hour_vec', type: 'vector[double]', description: 'per minute, slot (t / 60) % 60' },
  { name: 'svc.common.rrd.day_vec', type: 'vector[double]', description: 'per hour, slot (t / 3600) % 24' },
  { name: 'svc.common.rrd.blank_val', type: 'double', description: 'value of an empty slot' },
] as const;
