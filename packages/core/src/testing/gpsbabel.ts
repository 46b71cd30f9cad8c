/**
 * GPSBabel (Debian `gpsbabel`) as the reference reader of svc's KML and GPX: it converts a file
 * to its universal CSV (`-o unicsv`), and the points it finds come back as records.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { parseCsv } from './csv.js';

/** One point as GPSBabel read it: its columns by header name (`Latitude`, `Longitude`, `Name`, `Altitude`...). */
export type GpsbabelPoint = Readonly<Record<string, string>>;

/** The points GPSBabel reads from `path` in its input format `format` (`kml`, `gpx`). */
export async function gpsbabelPoints(path: string, format: 'kml' | 'gpx'): Promise<GpsbabelPoint[]> {
  const { stdout } = await promisify(execFile)('gpsbabel', ['-i', format, '-f', path, '-o', 'unicsv', '-F', '-'], { maxBuffer: 256 * 1024 * 1024 });
  const [header, ...rows] = parseCsv(stdout);
  if (!header) return [];
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])));
}
