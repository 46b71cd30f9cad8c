/**
 * The location record `svc.device.base.location` and back: Kismet's fields (the best fix, the
 * last fix, the bounding box, the average; each point with Kismet's `geopoint`, `alt`, `fix`,
 * `time_sec`, `time_usec`) and svc's estimate of where a fixed transmitter is (`peak_loc`,
 * `peak_signal`, `estimate_loc`, `estimate_samples`, `estimate_radius`; location-estimate.ts).
 * A device's position, on a map or in an export, is `estimate_loc` when `estimate_samples` is
 * above 0, else `last`.
 */
import type { FieldDefinition } from '../fields/field-registry.js';
import { estimatedPoint, estimateRadius, restoredEstimate } from './location-estimate.js';
import type { DeviceLocation, GeoPoint } from './tracked-device.js';

type Fields = Record<string, unknown>;

/** A point as the records serve it. */
export function pointRecord(point: GeoPoint): Fields {
  const micros = Math.round(point.time * 1e6);
  const seconds = Math.floor(micros / 1e6);
  return {
    'svc.common.location.geopoint': [point.lon, point.lat],
    'svc.common.location.alt': point.alt,
    'svc.common.location.fix': point.fix,
    'svc.common.location.time_sec': seconds,
    'svc.common.location.time_usec': micros - seconds * 1e6,
  };
}

/** The average point: the mean position, and the mean altitude of the 3D fixes (Kismet's `avg_loc`). */
export function averagePoint(location: DeviceLocation): GeoPoint {
  const { sum } = location;
  return {
    lat: sum.lat / sum.count,
    lon: sum.lon / sum.count,
    alt: sum.altCount > 0 ? sum.alt / sum.altCount : 0,
    fix: sum.altCount > 0 ? 3 : 2,
    time: location.last.time,
  };
}

/** Where a device is best drawn: the estimate when it has samples, else the last fix. */
export function devicePosition(location: DeviceLocation): GeoPoint {
  return location.estimate ? estimatedPoint(location.estimate) : location.last;
}

/** The location record of a device's location. */
export function locationRecord(location: DeviceLocation): Fields {
  const estimate = location.estimate;
  return {
    'svc.common.location.loc_fix': location.fix,
    'svc.common.location.last': pointRecord(location.last),
    'svc.common.location.min_loc': pointRecord(location.min),
    'svc.common.location.max_loc': pointRecord(location.max),
    'svc.common.location.avg_loc': pointRecord(averagePoint(location)),
    ...(estimate && {
      'svc.common.location.peak_loc': pointRecord(estimate.peak),
      'svc.common.location.peak_signal': estimate.peakSignal,
      'svc.common.location.estimate_loc': pointRecord(estimatedPoint(estimate)),
    }),
    'svc.common.location.estimate_samples': estimate?.samples ?? 0,
    ...(estimate && { 'svc.common.location.estimate_radius': estimateRadius(estimate) }),
  };
}

const isObject = (value: unknown): value is Fields => value !== null && typeof value === 'object' && !Array.isArray(value);
const number = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** A point of a record; undefined when it is not one. */
export function pointOf(value: unknown): GeoPoint | undefined {
  if (!isObject(value)) return undefined;
  const geopoint = value['svc.common.location.geopoint'];
  if (!Array.isArray(geopoint) || geopoint.length !== 2) return undefined;
  const time = number(value['svc.common.location.time_sec']) + number(value['svc.common.location.time_usec']) / 1e6;
  return { lon: number(geopoint[0]), lat: number(geopoint[1]), alt: number(value['svc.common.location.alt']), fix: number(value['svc.common.location.fix']), time };
}

/**
 * The location a record holds; undefined when it holds none. The record keeps averages, not the
 * fixes that made them: the average counts as one fix from here on, and the estimate as heavy
 * as its strongest sample (see `restoredEstimate`).
 */
export function locationOf(value: unknown): DeviceLocation | undefined {
  if (!isObject(value)) return undefined;
  const last = pointOf(value['svc.common.location.last']);
  const min = pointOf(value['svc.common.location.min_loc']);
  const max = pointOf(value['svc.common.location.max_loc']);
  const average = pointOf(value['svc.common.location.avg_loc']);
  if (!last || !min || !max || !average) return undefined;
  const altitude = average.fix >= 3;
  return {
    last,
    min,
    max,
    sum: { lat: average.lat, lon: average.lon, alt: altitude ? average.alt : 0, count: 1, altCount: altitude ? 1 : 0 },
    fix: number(value['svc.common.location.loc_fix']) || last.fix,
    estimate: estimateOf(value),
  };
}

function estimateOf(value: Fields): DeviceLocation['estimate'] {
  const samples = number(value['svc.common.location.estimate_samples']);
  const point = pointOf(value['svc.common.location.estimate_loc']);
  const peak = pointOf(value['svc.common.location.peak_loc']);
  if (samples < 1 || !point || !peak) return undefined;
  return restoredEstimate(point, samples, number(value['svc.common.location.estimate_radius']), peak, number(value['svc.common.location.peak_signal']));
}

/** Fields of the location record and its points. */
export const LOCATION_FIELDS: readonly FieldDefinition[] = [
  { name: 'svc.common.location.loc_fix', type: 'uint8_t', description: 'best GPS fix of the locations: 2 2D, 3 3D' },
  { name: 'svc.common.location.last', type: 'object', description: 'last location' },
  { name: 'svc.common.location.min_loc', type: 'object', description: 'south-west corner of the locations (lowest altitude of the 3D fixes)' },
  { name: 'svc.common.location.max_loc', type: 'object', description: 'north-east corner of the locations (highest altitude of the 3D fixes)' },
  { name: 'svc.common.location.avg_loc', type: 'object', description: 'average location (altitude averaged over the 3D fixes)' },
  { name: 'svc.common.location.peak_loc', type: 'object', description: 'where the sensor was when the device was heard loudest' },
  { name: 'svc.common.location.peak_signal', type: 'double', description: 'the loudest signal the device was heard at with a location, dBm' },
  { name: 'svc.common.location.estimate_loc', type: 'object', description: 'estimated transmitter position: sensor positions weighted by received power (mW)' },
  { name: 'svc.common.location.estimate_samples', type: 'uint64_t', description: 'located packets with a signal behind the estimate; 0 when none' },
  { name: 'svc.common.location.estimate_radius', type: 'double', description: 'power-weighted RMS distance of those packets from the estimate, metres' },
  { name: 'svc.common.location.geopoint', type: 'pair[double, double]', description: '[longitude, latitude]' },
  { name: 'svc.common.location.alt', type: 'double', description: 'altitude in meters' },
  { name: 'svc.common.location.fix', type: 'uint8_t', description: 'GPS fix: 0 none, 2 2D, 3 3D' },
  { name: 'svc.common.location.time_sec', type: 'uint64_t', description: 'time of the fix, Unix seconds' },
  { name: 'svc.common.location.time_usec', type: 'uint64_t', description: 'microseconds part of the fix time' },
];
