/**
 * Web Mercator in pixels, as Leaflet and every web map draw the world: at zoom `z` the world is
 * a square of 256 × 2^z pixels, x growing east from the antimeridian and y south from the
 * latitude where the square ends (±85.05°). The map route clusters devices in squares of this
 * grid (map-query.ts) and fits a map's place to its devices (map-fit.ts) with it.
 */

/** Latitude beyond which Web Mercator is cut off (its world is square): points beyond sit on its edge. */
export const MAX_MERCATOR_LATITUDE = 85.0511287798;
/** Pixels of the world's width at zoom 0 (a tile). */
const TILE_PIXELS = 256;

/** The world's width (and height) in pixels at `zoom`. */
export function worldPixels(zoom: number): number {
  return TILE_PIXELS * 2 ** zoom;
}

/** Pixels from the world's west edge to `lon`, at a world `world` pixels wide. */
export function mercatorX(lon: number, world: number): number {
  return ((lon + 180) / 360) * world;
}

/** Pixels from the world's north edge to `lat` (clamped to the square), at a world `world` pixels high. */
export function mercatorY(lat: number, world: number): number {
  const clamped = lat > MAX_MERCATOR_LATITUDE ? MAX_MERCATOR_LATITUDE : lat < -MAX_MERCATOR_LATITUDE ? -MAX_MERCATOR_LATITUDE : lat;
  const sin = Math.sin((clamped * Math.PI) / 180);
  return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * world;
}

/** The longitude `x` pixels from the world's west edge (not wrapped). */
export function longitudeAt(x: number, world: number): number {
  return (x / world) * 360 - 180;
}

/** The latitude `y` pixels from the world's north edge. */
export function latitudeAt(y: number, world: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / world))) * 180) / Math.PI;
}
