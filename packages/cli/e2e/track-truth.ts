/**
 * Where a generated NMEA track's ground truth puts the receiver at any instant of it: its
 * positions are whole seconds apart, and between two of them the receiver moves along a straight
 * line (a car covers a few metres in a second, where a straight line and the generator's great
 * circle differ by far less than a millimetre). The end-to-end tests of GPS replay check svc's
 * positions against this.
 */
import type { NmeaGroundTruth } from '@svc/plugin-serial/synthetic';

/** A position in decimal degrees. */
export interface TruthPosition {
  readonly lat: number;
  readonly lon: number;
}

/** The true position at Unix time `time`; undefined outside the track or next to a second without a fix. */
export function truthPositionAt(truth: NmeaGroundTruth, time: number): TruthPosition | undefined {
  const start = Date.parse(truth.epochs[0]!.time) / 1000;
  if (time < start || time > start + truth.epochs.length - 1) return undefined;
  const second = Math.floor(time - start);
  const [before, after] = [truth.epochs[second], truth.epochs[second + 1] ?? truth.epochs[second]];
  if (before?.lat === undefined || after?.lat === undefined) return undefined;
  const fraction = time - start - second;
  return { lat: before.lat + (after.lat - before.lat) * fraction, lon: before.lon! + (after.lon! - before.lon!) * fraction };
}

/** Whether a position is within `degrees` of another on both axes. */
export function samePosition(a: TruthPosition, b: TruthPosition, degrees: number): boolean {
  return Math.abs(a.lat - b.lat) <= degrees && Math.abs(a.lon - b.lon) <= degrees;
}
