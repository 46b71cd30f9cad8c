/**
 * The distance between two GPS positions, for how far the sensor travelled with a tracker: the
 * great-circle (haversine) distance on a sphere of the Earth's mean radius, within 0.5 % of the
 * ellipsoid's at any latitude, which is plenty for hundreds of metres.
 */

/** Mean radius of the Earth (IUGG), metres. */
const EARTH_RADIUS_M = 6_371_008.8;
const RADIANS = Math.PI / 180;

/** A position in decimal degrees. */
export interface LatLon {
  readonly lat: number;
  readonly lon: number;
}

/** Metres between two positions along the Earth's surface. */
export function distanceMeters(from: LatLon, to: LatLon): number {
  const dLat = (to.lat - from.lat) * RADIANS;
  const dLon = (to.lon - from.lon) * RADIANS;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(from.lat * RADIANS) * Math.cos(to.lat * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
