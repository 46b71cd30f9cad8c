/**
 * The shape of an aircraft's track for a small inline SVG: its positions projected onto a box
 * of the given size, north up, with east and north kept at the same scale (longitude shrunk by
 * the cosine of the latitude) so a turn looks like the turn it was.
 */

/** A position of the track: latitude and longitude in degrees. */
export interface TrackPosition {
  readonly lat: number;
  readonly lon: number;
}

/** The `points` of an SVG polyline drawing `positions` in a `width` x `height` box with `margin` around; '' for fewer than two. */
export function trackPolylinePoints(positions: readonly TrackPosition[], width: number, height: number, margin: number): string {
  if (positions.length < 2) return '';
  const shrink = Math.cos((positions.reduce((sum, position) => sum + position.lat, 0) / positions.length) * (Math.PI / 180));
  const xs = positions.map((position) => position.lon * shrink);
  const ys = positions.map((position) => position.lat);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const span = Math.max(maxX - minX, maxY - minY) || 1;
  const scale = Math.min(width - 2 * margin, height - 2 * margin) / span;
  const left = (width - (maxX - minX) * scale) / 2;
  const top = (height - (maxY - minY) * scale) / 2;
  const round = (value: number) => Math.round(value * 10) / 10;
  return xs.map((x, i) => `${round(left + (x - minX) * scale)},${round(top + (maxY - ys[i]!) * scale)}`).join(' ');
}
