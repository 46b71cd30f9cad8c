/**
 * An NMEA log as a track: the lines a receiver sent (a serial capture, a gpsd log), read with the
 * same reader as the serial GPS. A line that is not a valid sentence (a wrong checksum, noise)
 * is left out and counted, as the serial GPS drops it; lines starting with `#` are comments (gpsd's
 * logs have them). Every fix (a GGA or RMC with a position) is a point; the GGA and RMC of one
 * second (the same time of day) are one point, with the altitude of the GGA and the speed and
 * course of the RMC. Reports of a lost fix are no points. Points take their time from the date
 * of RMC or ZDA; a log without one is untimed.
 */
import { GpsFixQuality } from '../gps-fix.js';
import { NmeaPosition } from '../nmea/nmea-position.js';
import { readNmeaSentence } from '../nmea/nmea-sentence.js';
import type { LeftOut, TrackPoint } from './gps-track.js';

/** What an NMEA log holds. */
export interface NmeaTrackReading {
  /** The fixes in order, one per second of the receiver. */
  readonly points: TrackPoint[];
  /** Lines, comments and blank lines aside. */
  readonly lines: number;
  /** Lines that are not valid sentences, left out. */
  readonly badLines: LeftOut;
}

/** Reads an NMEA log (its text, each byte one character). */
export function readNmeaTrack(text: string): NmeaTrackReading {
  const position = new NmeaPosition();
  const points: TrackPoint[] = [];
  let epoch: string | undefined;
  let lines = 0;
  let bad = 0;
  let firstBad: string | undefined;
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '' || line.startsWith('#')) return;
    lines++;
    const result = readNmeaSentence(line);
    if (!result.ok) {
      bad++;
      firstBad ??= `line ${index + 1}: ${result.reason}`;
      return;
    }
    // Undated fixes carry the arrival time given here: NaN marks them as without a time.
    const report = position.apply(result.sentence, Number.NaN);
    if (!report || report.fix.fix < GpsFixQuality.TWO_D) return;
    const { fix } = report;
    const point: TrackPoint = {
      lat: fix.lat,
      lon: fix.lon,
      fix: fix.fix,
      ...(fix.alt !== undefined && { alt: fix.alt }),
      ...(fix.speed !== undefined && { speed: fix.speed }),
      ...(fix.heading !== undefined && { heading: fix.heading }),
      ...(Number.isFinite(fix.time) && { time: fix.time }),
    };
    const second = result.sentence.fields[0] || undefined;
    if (second !== undefined && second === epoch) points[points.length - 1] = sameSecond(points[points.length - 1]!, point);
    else points.push(point);
    epoch = second;
  });
  return { points, lines, badLines: { count: bad, ...(firstBad !== undefined && { first: firstBad }) } };
}

/** Two fixes of one second as one point: the later position, with what only the earlier had (points hold no undefined fields). */
function sameSecond(earlier: TrackPoint, later: TrackPoint): TrackPoint {
  return { ...earlier, ...later, fix: Math.max(earlier.fix, later.fix) };
}
