/**
 * Geofences for UAVGEOFENCE, `uav_geofence=` lines, one fence a line:
 *
 * - `uav_geofence=<name>:circle=<lat>,<lon>,<radius in m>`
 * - `uav_geofence=<name>:polygon=<lat>,<lon>;<lat>,<lon>;<lat>,<lon>[;...]` (three corners or more,
 *   in order around the area; the last joins the first)
 *
 * Circles are measured on the sphere; polygons are taken in plain latitude and longitude, which
 * suits an area of a few kilometres (a polygon may not cross the 180th meridian). A bad line fails
 * the plugin with the line named.
 */
import { SvcError } from '@svc/core';
import { distanceMetres, type LatLon } from './great-circle.js';

/** The config key of the fences. */
export const GEOFENCE_CONFIG_KEY = 'uav_geofence';

/** One fence. */
export type Geofence =
  | { readonly name: string; readonly kind: 'circle'; readonly centre: LatLon; readonly radius: number }
  | { readonly name: string; readonly kind: 'polygon'; readonly corners: readonly LatLon[] };

function bad(line: string, why: string): SvcError {
  return new SvcError('SVC_ERR_CONFIG_VALUE', `${GEOFENCE_CONFIG_KEY}=${line}: ${why}`);
}

/** A latitude and longitude written `lat,lon`. */
function latLon(line: string, text: string): LatLon {
  const parts = text.split(',').map((part) => part.trim());
  const [lat, lon] = parts.map(Number);
  if (parts.length !== 2 || !Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat!) > 90 || Math.abs(lon!) > 180) throw bad(line, `'${text}' is not a latitude,longitude`);
  return { lat: lat!, lon: lon! };
}

/** Reads one line. */
export function parseGeofence(line: string): Geofence {
  const match = /^([^:]+):(circle|polygon)=(.+)$/.exec(line.trim());
  if (!match) throw bad(line, "expected 'name:circle=lat,lon,radius' or 'name:polygon=lat,lon;lat,lon;lat,lon'");
  const [, rawName, kind, shape] = match;
  const name = rawName!.trim();
  if (kind === 'circle') {
    const parts = shape!.split(',');
    const radius = Number(parts[2]);
    if (parts.length !== 3 || !Number.isFinite(radius) || radius <= 0) throw bad(line, `a circle is lat,lon,radius in metres (above 0), not '${shape}'`);
    return { name, kind, centre: latLon(line, parts.slice(0, 2).join(',')), radius };
  }
  const corners = shape!.split(';').map((corner) => latLon(line, corner));
  if (corners.length < 3) throw bad(line, `a polygon needs three corners or more, it has ${corners.length}`);
  return { name, kind: 'polygon', corners };
}

/** Reads every line, refusing a name used twice. */
export function parseGeofences(lines: readonly string[]): Geofence[] {
  const fences: Geofence[] = [];
  for (const line of lines) {
    const fence = parseGeofence(line);
    if (fences.some((other) => other.name === fence.name)) throw bad(line, `the fence name '${fence.name}' is already in use`);
    fences.push(fence);
  }
  return fences;
}

/** True when `point` is inside the fence (on a circle's edge counts as inside). */
export function insideGeofence(fence: Geofence, point: LatLon): boolean {
  if (fence.kind === 'circle') return distanceMetres(fence.centre, point) <= fence.radius;
  // Ray casting: a ray east from the point crosses the edges an odd number of times when inside.
  let inside = false;
  const corners = fence.corners;
  for (let i = 0, j = corners.length - 1; i < corners.length; j = i++) {
    const a = corners[i]!;
    const b = corners[j]!;
    if (a.lat > point.lat !== b.lat > point.lat && point.lon < ((b.lon - a.lon) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lon) inside = !inside;
  }
  return inside;
}
