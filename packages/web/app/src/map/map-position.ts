/**
 * The map's place in the URL (`at=lat,lon,zoom`), so a link or a reload shows the same map:
 * written with the precision the zoom needs, read back checked.
 */

/** A centre and zoom. */
export interface MapPlace {
  readonly lat: number;
  readonly lon: number;
  readonly zoom: number;
}

/** The `at` parameter of a place: five decimals (a metre) and the zoom. */
export function formatPlace(place: MapPlace): string {
  return `${place.lat.toFixed(5)},${place.lon.toFixed(5)},${place.zoom}`;
}

/** The place an `at` parameter names, or undefined when it names none. */
export function parsePlace(text: string | undefined): MapPlace | undefined {
  const parts = text?.split(',').map(Number);
  if (parts?.length !== 3 || !parts.every(Number.isFinite)) return undefined;
  const [lat, lon, zoom] = parts as [number, number, number];
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180 || zoom < 0 || zoom > 22) return undefined;
  return { lat, lon, zoom };
}
