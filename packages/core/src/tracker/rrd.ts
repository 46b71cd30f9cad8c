/**
 * Round-robin records (kismet-reference 4.3): a value per second for the last minute, per
 * minute for the last hour, per hour for the last day, in absolute slots (`t % 60`, ...). Hour
 * and day slots hold the sum of the finer slots. One `Float32Array` of 144 slots per record
 * keeps a device's packet history under 700 bytes.
 */

const MINUTE = 0;
const HOUR = 60;
const DAY = 120;
const SLOTS = 144;

/** A per-second / per-minute / per-hour history of one counter. */
export class Rrd {
  readonly #slots = new Float32Array(SLOTS);
  #lastTime = 0;
  #lastValue = 0;
  #lastValueBefore = 0;

  /** Adds `value` at Unix second `time` (older times than the last are added to the last slot). */
  add(time: number, value: number): void {
    const second = Math.floor(time);
    if (second > this.#lastTime) this.#advance(second);
    const now = this.#lastTime;
    this.#slots[MINUTE + (now % 60)]! += value;
    this.#slots[HOUR + (Math.floor(now / 60) % 60)]! += value;
    this.#slots[DAY + (Math.floor(now / 3600) % 24)]! += value;
    this.#lastValueBefore = this.#lastValue;
    this.#lastValue = this.#slots[MINUTE + (now % 60)]!;
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
      'svc.common.rrd.last_value': this.#lastValue,
      'svc.common.rrd.last_value_n1': this.#lastValueBefore,
      'svc.common.rrd.minute_vec': Array.from(this.#slots.subarray(MINUTE, MINUTE + 60)),
      'svc.common.rrd.hour_vec': Array.from(this.#slots.subarray(HOUR, HOUR + 60)),
      'svc.common.rrd.day_vec': Array.from(this.#slots.subarray(DAY, DAY + 24)),
      'svc.common.rrd.blank_val': 0,
    };
  }

  /** Moves the clock to `second`, blanking every slot skipped on the way. */
  #advance(second: number): void {
    const previous = this.#lastTime;
    if (previous === 0) {
      this.#lastTime = second;
      return;
    }
    this.#blank(MINUTE, 60, previous, second);
    this.#blank(HOUR, 60, Math.floor(previous / 60), Math.floor(second / 60));
    this.#blank(DAY, 24, Math.floor(previous / 3600), Math.floor(second / 3600));
    this.#lastTime = second;
    this.#lastValue = 0;
  }

  #blank(base: number, size: number, from: number, to: number): void {
    if (to <= from) return;
    if (to - from >= size) {
      this.#slots.fill(0, base, base + size);
      return;
    }
    for (let slot = from + 1; slot <= to; slot++) this.#slots[base + (slot % size)] = 0;
  }
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
