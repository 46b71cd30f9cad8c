/**
 * A sensor reading svc keeps: the last value and its history (a gauge RRD: per second for the
 * last minute, per minute for the last hour, per hour for the last day, each slot the mean of
 * the readings in it), so a client can chart a thermometer without polling it.
 */
import { Rrd } from '@svc/core';

/** The last value of a reading and its history. */
export class Reading {
  value: number;
  readonly history: Rrd;

  /** A reading first heard at Unix time `time`, or (with `history`) one restored from a log. */
  constructor(value: number, time: number, history?: Rrd) {
    this.value = value;
    this.history = history ?? Rrd.gauge();
    if (!history) this.history.add(time, value);
  }

  /** Records a new value heard at Unix time `time`. */
  update(value: number, time: number): void {
    this.value = value;
    this.history.add(time, value);
  }
}

/** Updates (or starts, when `value` is defined) a reading; returns what the slot should hold. */
export function updateReading(reading: Reading | undefined, value: number | undefined, time: number): Reading | undefined {
  if (value === undefined) return reading;
  if (reading === undefined) return new Reading(value, time);
  reading.update(value, time);
  return reading;
}
