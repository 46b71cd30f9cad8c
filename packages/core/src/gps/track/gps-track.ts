/**
 * A recorded GPS track (an NMEA log, a GPX 1.1 track) as the virtual GPS replays it: its points
 * in order and where the GPS was at any moment between them. A track is timed when every point
 * carries a time; its points are then placed at their own times, and the track can say where it
 * was at a past instant (which packets recorded at that instant take, see the GPS tracker).
 * An untimed track (a route drawn in a tool, a GGA-only log without a date) places its points one
 * second apart. Between two points the position moves in a straight line (in degrees; the points
 * of a track are close together), so a stretch without a fix (a tunnel) is bridged.
 */
import type { GpsFix } from '../gps-fix.js';

/**
 * One position of a track: a fix's position, altitude, speed, course and quality (2D or 3D), and
 * its time (Unix seconds) when the file records one.
 */
export type TrackPoint = Omit<GpsFix, 'time' | 'satellitesUsed' | 'satellitesVisible'> & { readonly time?: number };

/** Points a track's reader left out, and why the first one was. */
export interface LeftOut {
  readonly count: number;
  /** The first one's place and reason (`line 12: a wrong checksum (4F, computed 4E)`), when there was one. */
  readonly first?: string;
}

/** Seconds between the points of an untimed track. */
export const UNTIMED_POINT_SECONDS = 1;

/** A track ready to replay. */
export class GpsTrack {
  /** True when every point has a time: the points are placed at their times. */
  readonly timed: boolean;
  /** Seconds from the first point to the last. */
  readonly duration: number;
  /** Unix seconds of the first point (timed tracks), else undefined. */
  readonly start: number | undefined;
  /** Each point's seconds after the first. */
  readonly #offsets: Float64Array;

  /**
   * `points` in order, at least one; a timed track's times must increase (use
   * {@link orderTrackPoints} on what a reader found).
   */
  constructor(readonly points: readonly TrackPoint[]) {
    if (points.length === 0) throw new RangeError('a track needs at least one point');
    this.timed = points.every((point) => point.time !== undefined);
    this.start = this.timed ? points[0]!.time : undefined;
    this.#offsets = Float64Array.from(points, (point, index) => (this.timed ? point.time! - this.start! : index * UNTIMED_POINT_SECONDS));
    for (let index = 1; index < this.#offsets.length; index++) {
      if (!(this.#offsets[index]! > this.#offsets[index - 1]!)) throw new RangeError(`track point ${index} is not after the one before it`);
    }
    this.duration = this.#offsets[this.#offsets.length - 1]!;
  }

  /** The position `offset` seconds after the first point (held at the ends), stamped `time`. */
  positionAfter(offset: number, time: number): GpsFix {
    const offsets = this.#offsets;
    if (!(offset > 0)) return pointFix(this.points[0]!, time);
    if (offset >= this.duration) return pointFix(this.points[this.points.length - 1]!, time);
    // The last point at or before `offset`.
    let low = 0;
    let high = offsets.length - 1;
    while (high - low > 1) {
      const middle = (low + high) >>> 1;
      if (offsets[middle]! <= offset) low = middle;
      else high = middle;
    }
    return between(this.points[low]!, this.points[high]!, (offset - offsets[low]!) / (offsets[high]! - offsets[low]!), time);
  }

  /**
   * Where the track was at Unix time `time`, stamped with it; undefined for an untimed track and
   * outside the span of a timed one.
   */
  positionAt(time: number): GpsFix | undefined {
    if (this.start === undefined || time < this.start || time > this.start + this.duration) return undefined;
    return this.positionAfter(time - this.start, time);
  }
}

/**
 * What a reader found, made a track's points: when some points have a time and some not, those
 * without are left out (they cannot be placed in time); in a timed track a point not after the
 * one before it (a log put together from two) is left out.
 */
export function orderTrackPoints(found: readonly TrackPoint[]): { points: TrackPoint[]; leftOut: LeftOut } {
  const timed = found.some((point) => point.time !== undefined);
  const points: TrackPoint[] = [];
  let count = 0;
  let first: string | undefined;
  found.forEach((point, index) => {
    const previous = points[points.length - 1];
    let problem: string | undefined;
    if (timed && point.time === undefined) problem = 'has no time while others have';
    else if (timed && previous !== undefined && point.time! <= previous.time!) problem = `is not after the one before it (${new Date(point.time! * 1000).toISOString()})`;
    if (problem === undefined) {
      points.push(point);
      return;
    }
    count++;
    first ??= `position ${index + 1} ${problem}`;
  });
  return { points, leftOut: { count, ...(first !== undefined && { first }) } };
}

function pointFix(point: TrackPoint, time: number): GpsFix {
  return { lat: point.lat, lon: point.lon, alt: point.alt, speed: point.speed, heading: point.heading, fix: point.fix, time };
}

/** The position `fraction` of the way from `a` to `b`; speed, course and fix quality are `a`'s. */
function between(a: TrackPoint, b: TrackPoint, fraction: number, time: number): GpsFix {
  // The shorter way round, so a track across the antimeridian does not circle the Earth.
  const lonStep = ((((b.lon - a.lon) % 360) + 540) % 360) - 180;
  const lon = a.lon + lonStep * fraction;
  return {
    lat: a.lat + (b.lat - a.lat) * fraction,
    lon: lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon,
    alt: a.alt !== undefined && b.alt !== undefined ? a.alt + (b.alt - a.alt) * fraction : a.alt,
    speed: a.speed,
    heading: a.heading,
    fix: a.fix,
    time,
  };
}
