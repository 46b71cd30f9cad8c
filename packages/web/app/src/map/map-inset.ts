/**
 * How much narrower and shorter than the window the map is (the page's bars, borders and
 * panels around it), remembered from the last time the map showed. The question asked ahead
 * of a map opened with no place (map-head-start.ts) names the size of the map to fit before
 * the map exists; with the inset remembered, that is the map's own size, and the server's
 * fitted answer is the one the map would have asked for.
 */

const STORAGE_KEY = 'svc.map.inset';
/** The map page's bars and borders around the map at the app's own layout, until the map has shown once. */
const USUAL_INSET: readonly [number, number] = [34, 106];

/** The inset last remembered, or the usual one. */
function inset(): readonly [number, number] {
  try {
    const stored = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? 'null') as unknown;
    if (Array.isArray(stored) && stored.length === 2 && stored.every((pixels) => Number.isInteger(pixels) && pixels >= 0)) return stored as [number, number];
  } catch {
    // Storage unreadable or not JSON: the usual inset.
  }
  return USUAL_INSET;
}

/** The size the map will likely have in this window, in pixels (at least one each way). */
export function likelyMapSize(): [number, number] {
  const [across, down] = inset();
  return [Math.max(1, innerWidth - across), Math.max(1, innerHeight - down)];
}

/** Notes the map's size in the window as it shows, for the next time it opens. */
export function rememberMapSize(width: number, height: number): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify([Math.max(0, innerWidth - width), Math.max(0, innerHeight - height)]));
  } catch {
    // Storage full or forbidden: the next opening guesses the usual inset.
  }
}
