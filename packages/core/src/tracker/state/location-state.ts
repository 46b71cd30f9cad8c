/**
 * A device's location in the compact state snapshot (device-state.ts): the points and running
 * sums exactly, so a restart carries on averaging and estimating where it stopped. Layout 1
 * (before svc kept the best fix, the altitude count and the estimate) still reads: its devices
 * come back with what it held, and the estimate starts with their next located packet.
 */
import type { LocationEstimate } from '../location-estimate.js';
import type { DeviceLocation, GeoPoint } from '../tracked-device.js';
import type { StateReader } from './state-reader.js';
import type { StateWriter } from './state-writer.js';

/** Layout of the snapshot before the best fix, the altitude count and the estimate. */
export const LOCATION_STATE_WITHOUT_ESTIMATE = 1;

/** Packs a location (or its absence) into `writer`. */
export function writeLocationState(location: DeviceLocation | undefined, writer: StateWriter): void {
  writer.boolean(location !== undefined);
  if (!location) return;
  for (const point of [location.last, location.min, location.max]) writePoint(point, writer);
  const { sum, estimate } = location;
  for (const value of [sum.lat, sum.lon, sum.alt, sum.count, sum.altCount, location.fix]) writer.number(value);
  writer.boolean(estimate !== undefined);
  if (!estimate) return;
  const { originLat, originLon, metresPerDegreeLon, weight, east, north, squares, altWeight, alt, samples, fix, time, peakSignal } = estimate;
  for (const value of [originLat, originLon, metresPerDegreeLon, weight, east, north, squares, altWeight, alt, samples, fix, time, peakSignal]) writer.number(value);
  writePoint(estimate.peak, writer);
}

/** The location a state holds, written in device state layout `format`. */
export function readLocationState(reader: StateReader, format: number): DeviceLocation | undefined {
  if (!reader.boolean()) return undefined;
  const last = readPoint(reader);
  const min = readPoint(reader);
  const max = readPoint(reader);
  if (format === LOCATION_STATE_WITHOUT_ESTIMATE) {
    const sum = { lat: reader.number(), lon: reader.number(), alt: reader.number(), count: reader.number() };
    // Layout 1 summed the altitude of every fix: it counts as the altitude of all of them.
    return { last, min, max, sum: { ...sum, altCount: sum.alt !== 0 ? sum.count : 0 }, fix: last.fix, estimate: undefined };
  }
  const sum = { lat: reader.number(), lon: reader.number(), alt: reader.number(), count: reader.number(), altCount: reader.number() };
  const fix = reader.number();
  return { last, min, max, sum, fix, estimate: reader.boolean() ? readEstimate(reader) : undefined };
}

function readEstimate(reader: StateReader): LocationEstimate {
  return {
    originLat: reader.number(),
    originLon: reader.number(),
    metresPerDegreeLon: reader.number(),
    weight: reader.number(),
    east: reader.number(),
    north: reader.number(),
    squares: reader.number(),
    altWeight: reader.number(),
    alt: reader.number(),
    samples: reader.number(),
    fix: reader.number(),
    time: reader.number(),
    peakSignal: reader.number(),
    peak: readPoint(reader),
  };
}

function writePoint(point: GeoPoint, writer: StateWriter): void {
  writer.number(point.lat);
  writer.number(point.lon);
  writer.number(point.alt);
  writer.number(point.fix);
  writer.number(point.time);
}

function readPoint(reader: StateReader): GeoPoint {
  return { lat: reader.number(), lon: reader.number(), alt: reader.number(), fix: reader.number(), time: reader.number() };
}
