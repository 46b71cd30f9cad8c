/**
 * Where a synthetic receiver is, second by second: a track starts at a position, altitude and
 * instant, and follows legs, each holding a speed (reached by the end of the leg), a turn rate
 * and a climb rate for some seconds. The position moves along great circles on a sphere of the
 * Earth's mean radius, so the track is exact and needs no randomness; the receiver decides what
 * of it ends up in sentences.
 */

/** One stretch of a track. */
export interface TrackLeg {
  /** How long it lasts, in whole seconds. */
  readonly seconds: number;
  /** Ground speed at its end, m/s; it changes evenly from the previous speed. */
  readonly speedMps: number;
  /** Course change per second, degrees (positive turns right); 0 drives straight. */
  readonly turnDegPerSecond?: number;
  /** Altitude change per second, metres. */
  readonly climbMps?: number;
}

/** A track: where and when it starts, and its legs. */
export interface GpsTrackDefinition {
  /** The first instant, as an ISO 8601 UTC time (`2025-03-14T09:26:00Z`). */
  readonly startTime: string;
  readonly startLat: number;
  readonly startLon: number;
  /** Altitude above mean sea level at the start, metres. */
  readonly startAltM: number;
  /** Course at the start, degrees true. */
  readonly startCourse: number;
  readonly legs: readonly TrackLeg[];
}

/** The true state at one second of the track. */
export interface TrackPoint {
  /** UTC, ms. */
  readonly timeMs: number;
  readonly lat: number;
  readonly lon: number;
  readonly altM: number;
  readonly speedMps: number;
  /** Course over ground, degrees true, 0 to 360. */
  readonly course: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const RADIANS = Math.PI / 180;

/** Drives a track: one point per second from its start to the end of its last leg. */
export function driveTrack(track: GpsTrackDefinition): TrackPoint[] {
  const startMs = Date.parse(track.startTime);
  if (!Number.isFinite(startMs)) throw new Error(`track startTime '${track.startTime}' is not an ISO 8601 time`);
  let point: TrackPoint = { timeMs: startMs, lat: track.startLat, lon: track.startLon, altM: track.startAltM, speedMps: 0, course: track.startCourse };
  const points = [point];
  for (const leg of track.legs) {
    const from = point.speedMps;
    for (let second = 1; second <= leg.seconds; second++) {
      const speedMps = from + ((leg.speedMps - from) * second) / leg.seconds;
      const course = (((point.course + (leg.turnDegPerSecond ?? 0)) % 360) + 360) % 360;
      // The second's distance at the mean of its start and end speeds, along the new course.
      const moved = destination(point.lat, point.lon, course, (point.speedMps + speedMps) / 2);
      point = { timeMs: point.timeMs + 1000, ...moved, altM: point.altM + (leg.climbMps ?? 0), speedMps, course };
      points.push(point);
    }
  }
  return points;
}

/** The point `metres` away from lat/lon along the great circle leaving on `course`. */
function destination(lat: number, lon: number, course: number, metres: number): { lat: number; lon: number } {
  const angle = metres / EARTH_RADIUS_M;
  const phi = lat * RADIANS;
  const theta = course * RADIANS;
  const phi2 = Math.asin(Math.sin(phi) * Math.cos(angle) + Math.cos(phi) * Math.sin(angle) * Math.cos(theta));
  const lambda = Math.atan2(Math.sin(theta) * Math.sin(angle) * Math.cos(phi), Math.cos(angle) - Math.sin(phi) * Math.sin(phi2));
  return { lat: phi2 / RADIANS, lon: ((((lon + lambda / RADIANS) + 540) % 360) - 180) };
}
