/**
 * Web Mercator (EPSG:3857), as slippy-map tiles and the app's map use it: a longitude and
 * latitude to a pixel of the world image at a zoom, 256 pixels a tile. The map route clusters
 * devices in these pixels, so a cluster is a patch of the screen at the zoom the map shows.
 */

/** Latitude beyond which Web Mercator is cut off (the world image is square). */
export const MAX_MERCATOR_LATITUDE = 85.0511287798;

/** The world pixel of a position at `zoom`: x from the antimeridian eastward, y from the north. */
export function worldPixel(lat: number, lon: number, zoom: number): { x: number; y: number } {
  const size = 256 * 2 ** zoom;
  const clamped = Math.max(-MAX_MERCATOR_LATITUDE, Math.min(MAX_MERCATOR_LATITUDE, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return { x: ((lon + 180) / 360) * size, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size };
}
