/**
 * The NMEA streams serial and GPS tests replay, each with its summary: the gpsd recordings of
 * the real data set (`serial/<name>.raw.nmea` and `<name>.nmea-summary.json` outside the
 * repository; a test reading one registers with `realDataTest` and reads it in its body), and
 * the tracks made here (`test-data/serial/svc-track-*`, always there), whose summary is the
 * generator's ground truth. Both summaries have the same schema, so a test body serves both.
 * Tests replaying the recordings into a real gpsd read them cut after their last fix.
 */
import { readFileSync } from 'node:fs';
import { projectDataPath, realDataFiles, realDataPath } from '@svc/core/testing';
import type { NmeaGroundTruth, NmeaSummary, NmeaSummaryFix } from '../synthetic/index.js';
import { SVC_TRACKS } from '../synthetic/svc-tracks.js';

/** A byte stream a serial GPS sent, with its summary. */
export interface NmeaStream<Summary extends NmeaSummary = NmeaSummary> {
  readonly name: string;
  readonly bytes: Buffer;
  readonly summary: Summary;
}

const RAW = '.raw.nmea';

/** The gpsd recordings pinned in `test-data/real-data.json`, by name (`gpsd_garmin17n`). */
export const NMEA_RECORDINGS: readonly string[] = realDataFiles('serial', /^gpsd_.*\.raw\.nmea$/).map((file) => file.slice(0, -RAW.length));

/** The real data files a recording's tests need, for `realDataTest`. */
export function nmeaRecordingFiles(name: string): string[] {
  return [`serial/${name}${RAW}`, `serial/${name}.nmea-summary.json`];
}

/** Reads a gpsd recording and its summary from the real data (inside a `realDataTest`). */
export function readNmeaRecording(name: string): NmeaStream {
  return {
    name,
    bytes: readFileSync(realDataPath('serial', `${name}${RAW}`)),
    summary: JSON.parse(readFileSync(realDataPath('serial', `${name}.nmea-summary.json`), 'utf8')) as NmeaSummary,
  };
}

/** The tracks the repository keeps, by name (`svc-track-drive`). */
export const SVC_TRACK_NAMES: readonly string[] = SVC_TRACKS.map((track) => track.name);

/** Reads a kept track and its ground truth from `test-data/serial`. */
export function readSvcTrack(name: string): NmeaStream<NmeaGroundTruth> {
  return {
    name,
    bytes: readFileSync(projectDataPath('serial', `${name}${RAW}`)),
    summary: JSON.parse(readFileSync(projectDataPath('serial', `${name}.nmea-summary.json`), 'utf8')) as NmeaGroundTruth,
  };
}

/** Unix seconds of a fix of a ground truth: the time of the second of the track it belongs to. */
export function fixTime(truth: NmeaGroundTruth, fix: NmeaSummaryFix): number {
  const secondOfDay = Number(fix.time.slice(0, 2)) * 3600 + Number(fix.time.slice(2, 4)) * 60 + Number(fix.time.slice(4));
  const epoch = truth.epochs.find((candidate) => (Date.parse(candidate.time) / 1000) % 86_400 === secondOfDay);
  if (!epoch) throw new Error(`no second of the track is at ${fix.time}`);
  return Date.parse(epoch.time) / 1000;
}

/**
 * Every gpsd recording (inside a `realDataTest`), each up to its last fix, for tests that replay
 * them into a real gpsd and expect its last fix at the end.
 */
export function readNmeaRecordingsToLastFix(): NmeaStream[] {
  return NMEA_RECORDINGS.map((name) => {
    const { bytes, summary } = readNmeaRecording(name);
    return { name, summary, bytes: upToLastFix(bytes, summary) };
  });
}

/**
 * The recording up to its last fix: through the sentence the summary names, and the first
 * sentence of the next cycle (a new time), which tells gpsd the fix's cycle is complete. Some
 * recordings lose the fix afterwards; what follows is left out.
 */
function upToLastFix(bytes: Buffer, summary: NmeaSummary): Buffer {
  const lines = bytes.toString('latin1').split('\r\n');
  const { sentence, time } = summary.last_fix!;
  const last = lines.findLastIndex((line) => line.startsWith('$') && line.slice(3).startsWith(`${sentence},${time},`));
  if (last < 0) throw new Error(`the last fix (${sentence} at ${time}) is not in the recording`);
  let end = lines.length - 1;
  for (let index = last + 1; index < lines.length; index++) {
    const stamp = /^\$..(?:GGA|RMC|ZDA),(\d{6}(?:\.\d+)?),/.exec(lines[index]!)?.[1];
    if (stamp !== undefined && stamp !== time) {
      end = index;
      break;
    }
  }
  return Buffer.from(`${lines.slice(0, end + 1).join('\r\n')}\r\n`, 'latin1');
}
