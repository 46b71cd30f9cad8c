/**
 * Where this sensor has been: the best GPS fix, kept as a track for the map (`/gps/track.json`).
 * A fix joins the track when the sensor has moved a few metres since the last point kept, or
 * when a while has passed, so a sensor standing still adds a point a minute and a drive keeps
 * its shape; the oldest points go past a cap, so a week of driving costs a fixed amount.
 */
import type { GpsFix } from './gps-fix.js';

/** Points kept at most. */
export const SENSOR_TRACK_POINTS = 10_000;
/** Least movement, in metres, that adds a point. */
const MIN_METRES = 3;
/** Time after which a point is added whatever the movement, in seconds. */
const MAX_SECONDS = 60;
/** Metres per degree of latitude (and of longitude at the equator). */
const METRES_PER_DEGREE = 111_320;

/** One point: Unix seconds, latitude, longitude, altitude in metres (0 when not reported). */
export type TrackPoint = readonly [time: number, lat: number, lon: number, alt: number];

/** The sensor's track. */
export class SensorTrack {
  readonly #points: TrackPoint[] = [];

  constructor(private readonly capacity = SENSOR_TRACK_POINTS) {}

  /** Offers a fix: kept when the sensor moved or time passed since the last point. */
  record(fix: GpsFix): void {
    const last = this.#points.at(-1);
    if (last) {
      const elapsed = fix.time - last[0];
      if (elapsed <= 0) return;
      const north = (fix.lat - last[1]) * METRES_PER_DEGREE;
      const east = (fix.lon - last[2]) * METRES_PER_DEGREE * Math.cos((fix.lat * Math.PI) / 180);
      if (Math.hypot(north, east) < MIN_METRES && elapsed < MAX_SECONDS) return;
    }
    this.#points.push([fix.time, fix.lat, fix.lon, fix.alt ?? 0]);
    if (this.#points.length > this.capacity) this.#points.shift();
  }

  /** The points, oldest first; only those after `since` (Unix seconds) when given. */
  points(since = -Infinity): readonly TrackPoint[] {
    if (since === -Infinity) return this.#points;
    return this.#points.filter((point) => point[0] > since);
  }
}
