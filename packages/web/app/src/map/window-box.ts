/**
 * The box a map of a given size shows around a centre at a zoom, in Web Mercator as Leaflet
 * draws it, and whether one box holds another. The app asks the map's first question before
 * the map exists (map-head-start.ts): it asks for the box the whole window would show, which
 * holds the box of any map no larger than the window around the same centre, and the map uses
 * that answer only when it holds the map's own box.
 */

/** `[west, south, east, north]` in degrees, longitudes within ±180 (west > east across the antimeridian), as the map route takes it. */
export type Box = readonly [number, number, number, number];

/** Pixels of the world's width at zoom 0 (a tile). */
const TILE_PIXELS = 256;

/** The box a `width` × `height` pixel map centred on `lat`, `lon` shows at `zoom`, wrapped as the map wraps it. */
export function boxAround(lat: number, lon: number, zoom: number, width: number, height: number): Box {
  const world = TILE_PIXELS * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = world * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI));
  const latitudeAt = (pixelY: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * pixelY) / world))) * 180) / Math.PI;
  const north = Math.min(90, latitudeAt(y - height / 2));
  const south = Math.max(-90, latitudeAt(y + height / 2));
  const halfWidth = ((width / 2) * 360) / world;
  if (2 * halfWidth >= 360) return [-180, south, 180, north];
  const wrap = (value: number) => ((((value + 180) % 360) + 360) % 360) - 180;
  return [wrap(lon - halfWidth), south, wrap(lon + halfWidth), north];
}

/** Whether `outer` holds all of `inner` (a box across the antimeridian is held only by one spanning every longitude). */
export function boxHolds(outer: Box, inner: Box): boolean {
  const [outerWest, outerSouth, outerEast, outerNorth] = outer;
  const [innerWest, innerSouth, innerEast, innerNorth] = inner;
  if (innerSouth < outerSouth || innerNorth > outerNorth) return false;
  if (outerWest === -180 && outerEast === 180) return true;
  if (outerWest > outerEast || innerWest > innerEast) return false;
  return innerWest >= outerWest && innerEast <= outerEast;
}
