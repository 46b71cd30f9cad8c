/**
 * Reads a track file for the virtual GPS: a GPX document (its first character is `<`) or an NMEA
 * log (anything else). A file that is missing, unreadable or empty, or that holds no position,
 * is an `SVC_ERR_GPS_OPEN` saying so; lines or points that cannot be read are left out, counted,
 * and said once (`leftOut`), as the serial GPS counts the sentences it drops.
 */
import { readFile } from 'node:fs/promises';
import { SvcError } from '../../errors.js';
import { GpsTrack, orderTrackPoints, type LeftOut, type TrackPoint } from './gps-track.js';
import { readGpxTrack } from './gpx-track.js';
import { readNmeaTrack } from './nmea-track.js';

/** A track file, read. */
export interface TrackFile {
  readonly track: GpsTrack;
  readonly format: 'NMEA' | 'GPX';
  /** What was left out, in words (`2 of 622 lines are not valid NMEA (first: line 12: ...)`), one entry per reason; empty when nothing was. */
  readonly leftOut: string[];
}

/** Reads and checks `path`. */
export async function readTrackFile(path: string): Promise<TrackFile> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'does not exist' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'cannot be read (permission denied)' : (error as Error).message;
    throw new SvcError('SVC_ERR_GPS_OPEN', `track file ${path} ${why}`);
  }
  const format = startsWithTag(bytes) ? 'GPX' : 'NMEA';
  // NMEA is bytes (a serial line's); GPX is XML, UTF-8 unless it says otherwise.
  const text = bytes.toString(format === 'GPX' ? 'utf8' : 'latin1');
  if (text.trim() === '') throw new SvcError('SVC_ERR_GPS_OPEN', `track file ${path} is empty`);
  const leftOut: string[] = [];
  let found: TrackPoint[];
  if (format === 'GPX') {
    const gpx = readGpxTrack(text);
    if (!gpx.isGpx) throw new SvcError('SVC_ERR_GPS_OPEN', `track file ${path} starts with '<' but is not GPX (no <gpx> element)`);
    if (gpx.elements === 0) throw new SvcError('SVC_ERR_GPS_OPEN', `track file ${path} has no track points (<trkpt>); waypoints and routes are not replayed`);
    describe(leftOut, gpx.badPoints, `of ${gpx.elements} track points cannot be read`);
    found = gpx.points;
  } else {
    const nmea = readNmeaTrack(text);
    describe(leftOut, nmea.badLines, `of ${nmea.lines} lines are not valid NMEA`);
    found = nmea.points;
  }
  const { points, leftOut: unordered } = orderTrackPoints(found);
  describe(leftOut, unordered, `of ${found.length} positions cannot be placed in time`);
  if (points.length === 0) {
    throw new SvcError('SVC_ERR_GPS_OPEN', `track file ${path} holds no position (read as ${format}${leftOut.length ? `; ${leftOut.join('; ')}` : ''}); is it an NMEA log or a GPX track?`);
  }
  return { track: new GpsTrack(points), format, leftOut };
}

/** Whether the file's first character (after a byte order mark and white space) is `<`. */
function startsWithTag(bytes: Buffer): boolean {
  return /^\uFEFF?\s*</.test(bytes.subarray(0, 512).toString('utf8'));
}

function describe(into: string[], leftOut: LeftOut, what: string): void {
  if (leftOut.count > 0) into.push(`${leftOut.count} ${what} and were left out${leftOut.first ? ` (first: ${leftOut.first})` : ''}`);
}
