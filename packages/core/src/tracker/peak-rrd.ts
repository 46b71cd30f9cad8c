/**
 * A round-robin record of peaks (Kismet's "extreme" RRDs, kismet-reference 4.3): the minute
 * vector holds one value per second and the hour and day vectors the largest value of the
 * finer slots they cover, so the hour vector says how busy the busiest second of each minute
 * was. A second's value is either the sum of what lands in it (the packet chain's peak rate) or
 * the largest sample (the packet queue's backlog). The record has the shape of `Rrd`'s.
 */

const MINUTE = 0;
const HOUR = 60;
const DAY = 120;
const SLOTS = 144;

/** How samples landing in one second combine. */
export type PeakCombine = 'sum' | 'max';

/** Per-second values for a minute; the peak per minute for an hour and per hour for a day. */
export class PeakRrd {
  readonly #slots = new Float64Array(SLOTS);
  #lastTime = 0;
  #valueBefore = 0;

  constructor(private readonly combine: PeakCombine) {}

  /** Adds a sample at Unix second `time` (older times land in the last second). */
  add(time: number, value: number): void {
    const second = Math.floor(time);
    if (second > this.#lastTime) this.#advance(second);
    const now = this.#lastTime;
    const secondSlot = MINUTE + (now % 60);
    const minuteSlot = HOUR + (Math.floor(now / 60) % 60);
    const hourSlot = DAY + (Math.floor(now / 3600) % 24);
    const slots = this.#slots;
    this.#valueBefore = slots[secondSlot]!;
    const current = this.combine === 'sum' ? slots[secondSlot]! + value : Math.max(slots[secondSlot]!, value);
    slots[secondSlot] = current;
    if (current > slots[minuteSlot]!) slots[minuteSlot] = current;
    if (current > slots[hourSlot]!) slots[hourSlot] = current;
  }

  /** The record as served, with stale slots cleared as of `now`. */
  toRecord(now: number): Record<string, unknown> {
    if (Math.floor(now) > this.#lastTime) this.#advance(Math.floor(now));
    const slots = this.#slots;
    return {
      'svc.common.rrd.last_time': this.#lastTime,
      'svc.common.rrd.serial_time': Math.floor(now),
      'svc.common.rrd.last_value': slots[MINUTE + (this.#lastTime % 60)]!,
      'svc.common.rrd.last_value_n1': this.#valueBefore,
      'svc.common.rrd.minute_vec': Array.from(slots.subarray(MINUTE, MINUTE + 60)),
      'svc.common.rrd.hour_vec': Array.from(slots.subarray(HOUR, HOUR + 60)),
      'svc.common.rrd.day_vec': Array.from(slots.subarray(DAY, DAY + 24)),
      'svc.common.rrd.blank_val': 0,
    };
  }

  #advance(second: number): void {
    const previous = this.#lastTime;
    this.#lastTime = second;
    if (previous === 0) return;
    this.#blank(MINUTE, 60, previous, second);
    this.#blank(HOUR, 60, Math.floor(previous / 60), Math.floor(second / 60));
    this.#blank(DAY, 24, Math.floor(previous / 3600), Math.floor(second / 3600));
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
