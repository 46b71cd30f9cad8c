/**
 * The spacing of the map's coordinate grid: the finest round step in degrees (1, 2 or 5 times
 * a power of ten, or 20° or 30° across the world) whose lines stand at least `minPixels` apart at a zoom, so the
 * grid reads at every zoom; and a coordinate written with as many decimals as its step needs.
 */

const STEPS = [30, 20, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005, 0.0002, 0.0001, 0.00005, 0.00002, 0.00001];

/** Degrees between grid lines at `zoom` (256-pixel tiles). */
export function gridStep(zoom: number, minPixels = 120): number {
  const pixelsPerDegree = (256 * 2 ** zoom) / 360;
  let chosen = STEPS[0]!;
  for (const step of STEPS) {
    if (step * pixelsPerDegree < minPixels) break;
    chosen = step;
  }
  return chosen;
}

/** A grid line's coordinate: degrees with the decimals its step has, and the hemisphere (`52.37° N`). */
export function gridLabel(degrees: number, step: number, positive: string, negative: string): string {
  const decimals = Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));
  const rounded = Math.abs(degrees).toFixed(decimals);
  if (Number(rounded) === 0) return `${rounded}°`;
  return `${rounded}° ${degrees > 0 ? positive : negative}`;
}
