/**
 * Distances on the Earth for the drone alerts: the great-circle (haversine) distance on a sphere
 * of the mean Earth radius, within a few metres of the ellipsoid's at the ranges drones fly.
 */

/** A position in degrees. */
export interface LatLon {
  readonly lat: number;
  readonly lon: number;
}

/** Mean Earth radius, m (IUGG). */
const EARTH_RADIUS_M = 6_371_008.8;

/** Metres between two positions. */
export function distanceMetres(a: LatLon, b: LatLon): number {
  const toRadians = Math.PI / 180;
  const dLat = (b.lat - a.lat) * toRadians;
  const dLon = (b.lon - a.lon) * toRadians;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * toRadians) * Math.cos(b.lat * toRadians) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
