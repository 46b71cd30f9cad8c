/** Distances between positions, for plausibility checks on decoded positions and for tests against references. */
import type { LatLon } from './cpr.js';

const EARTH_RADIUS_M = 6_371_000;

/** Great-circle distance in metres between two positions (haversine on a spherical earth). */
export function distanceMetres(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}
