/**
 * A device's signal over the last minute (Kismet's `signal_rrd`, a minute RRD with the peak
 * per second): sixty one-second slots, each the strongest signal heard in that second, 0 for a
 * second without a sample. One signed byte per slot keeps it at about a hundred bytes a
 * device, beside the packet history.
 */

import { SvcError } from '../errors.js';
import type { StateReader } from './state/state-reader.js';
import type { StateWriter } from './state/state-writer.js';

/** Seconds kept. */
const SECONDS = 60;

/** The peak signal per second for the last minute. */
export class SignalRrd {
  readonly #slots = new Int8Array(SECONDS);
  #lastTime = 0;
  /** The slot of `#lastTime`, worked out when the clock moves (a `%` on a time is a C library call, see Rrd). */
  #slot = 0;

  /** The history as `toRecord` served it (a device restored from a log); undefined when it is not one. */
  static fromRecord(record: unknown): SignalRrd | undefined {
    if (record === null || typeof record !== 'object') return undefined;
    const fields = record as Record<string, unknown>;
    const minute = fields['svc.common.rrd.minute_vec'];
    const lastTime = Number(fields['svc.common.rrd.last_time']);
    if (!Array.isArray(minute) || minute.length !== SECONDS || !Number.isFinite(lastTime)) return undefined;
    const rrd = new SignalRrd();
    rrd.#slots.set(minute.map((level) => Number(level) || 0));
    rrd.#setClock(Math.floor(lastTime));
    return rrd;
  }

  /** A history as `writeState` packed it. */
  static readState(reader: StateReader): SignalRrd {
    const rrd = new SignalRrd();
    rrd.#setClock(reader.uint());
    for (let filled = reader.count(); filled > 0; filled--) {
      const slot = reader.uint();
      if (slot >= SECONDS) throw new SvcError('SVC_ERR_BAD_STATE', `signal slot ${slot} past the last (${SECONDS - 1})`);
      rrd.#slots[slot] = reader.number();
    }
    return rrd;
  }

  /** Packs the history for the tracker's state snapshot: its clock and the seconds with a level. */
  writeState(writer: StateWriter): void {
    writer.uint(this.#lastTime);
    let filled = 0;
    for (const level of this.#slots) if (level !== 0) filled++;
    writer.uint(filled);
    for (let slot = 0; slot < SECONDS; slot++) {
      if (this.#slots[slot] === 0) continue;
      writer.uint(slot);
      writer.number(this.#slots[slot]!);
    }
  }

  /** Records a signal level heard at Unix second `time` (older times land in the last second). */
  add(time: number, signal: number): void {
    const second = Math.floor(time);
    if (second > this.#lastTime) this.#advance(second);
    const slot = this.#slot;
    const level = Math.max(-128, Math.min(127, Math.round(signal)));
    if (level !== 0 && (this.#slots[slot] === 0 || level > this.#slots[slot]!)) this.#slots[slot] = level;
  }

  /** The record as served (an RRD record with the minute vector only), stale seconds cleared as of `now`. */
  toRecord(now: number): Record<string, unknown> {
    if (Math.floor(now) > this.#lastTime) this.#advance(Math.floor(now));
    return {
      'svc.common.rrd.last_time': this.#lastTime,
      'svc.common.rrd.serial_time': Math.floor(now),
      'svc.common.rrd.minute_vec': Array.from(this.#slots),
      'svc.common.rrd.blank_val': 0,
    };
  }

  #setClock(second: number): void {
    this.#lastTime = second;
    this.#slot = second % SECONDS;
  }

  #advance(second: number): void {
    const previous = this.#lastTime;
    let slot = this.#slot;
    this.#setClock(second);
    if (previous === 0) return;
    const slots = this.#slots;
    if (second - previous >= SECONDS) {
      slots.fill(0);
      return;
    }
    for (let left = second - previous; left > 0; left--) {
      if (++slot === SECONDS) slot = 0;
      slots[slot] = 0;
    }
  }
}
