/**
 * A GPX 1.1 track as a track (what GPSBabel, phones and sports watches write): the `<trkpt>`
 * points of every `<trk>` and `<trkseg>`, in file order, each with its `lat` and `lon`
 * attributes, its `<ele>` (metres) and `<time>` (ISO 8601), and GPX's `<fix>` when given (`none`
 * points are no positions and are left out; `2d` points have no altitude). A point whose position
 * or time cannot be read is left out and counted. Waypoints and routes are not tracks and are
 * not read.
 */
import { GpsFixQuality } from '../gps-fix.js';
import type { LeftOut, TrackPoint } from './gps-track.js';

/** What a GPX file holds. */
export interface GpxTrackReading {
  readonly points: TrackPoint[];
  /** `<trkpt>` elements in the file. */
  readonly elements: number;
  /** Elements that could not be read, left out. */
  readonly badPoints: LeftOut;
  /** Whether the text has a `<gpx` root at all. */
  readonly isGpx: boolean;
}

const TRACK_POINT = /<trkpt\b([^>]*?)(?:\/>|>([\s\S]*?)<\/trkpt\s*>)/g;

/** Reads a GPX document's track points. */
export function readGpxTrack(text: string): GpxTrackReading {
  const points: TrackPoint[] = [];
  let elements = 0;
  let bad = 0;
  let firstBad: string | undefined;
  for (const match of text.matchAll(TRACK_POINT)) {
    elements++;
    const read = trackPoint(match[1]!, match[2] ?? '');
    if (typeof read === 'string') {
      bad++;
      firstBad ??= `<trkpt> ${elements}: ${read}`;
    } else if (read) points.push(read);
  }
  return { points, elements, badPoints: { count: bad, ...(firstBad !== undefined && { first: firstBad }) }, isGpx: /<gpx\b/.test(text) };
}

/** One `<trkpt>`: its point, undefined for a `<fix>none</fix>` point, or why it cannot be read. */
function trackPoint(attributes: string, body: string): TrackPoint | undefined | string {
  const lat = coordinate(attribute(attributes, 'lat'), 90);
  const lon = coordinate(attribute(attributes, 'lon'), 180);
  if (lat === undefined || lon === undefined) return `lat="${attribute(attributes, 'lat') ?? ''}" lon="${attribute(attributes, 'lon') ?? ''}" is not a position`;
  const fixText = child(body, 'fix');
  if (fixText === 'none') return undefined;
  const eleText = child(body, 'ele');
  const ele = eleText === undefined ? undefined : Number(eleText);
  if (ele !== undefined && !Number.isFinite(ele)) return `<ele>${eleText}</ele> is not a number`;
  const timeText = child(body, 'time');
  const time = timeText === undefined ? undefined : Date.parse(timeText) / 1000;
  if (time !== undefined && !Number.isFinite(time)) return `<time>${timeText}</time> is not an ISO 8601 time`;
  const fix = fixText === '2d' || (fixText === undefined && ele === undefined) ? GpsFixQuality.TWO_D : GpsFixQuality.THREE_D;
  return { lat, lon, fix, ...(fix === GpsFixQuality.THREE_D && ele !== undefined && { alt: ele }), ...(time !== undefined && { time }) };
}

function attribute(attributes: string, name: string): string | undefined {
  return new RegExp(`\\b${name}\\s*=\\s*(["'])(.*?)\\1`).exec(attributes)?.[2];
}

function child(body: string, name: string): string | undefined {
  return new RegExp(`<${name}\\b[^>]*>([^<]*)</${name}\\s*>`).exec(body)?.[1]?.trim();
}

function coordinate(text: string | undefined, limit: number): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : undefined;
}
