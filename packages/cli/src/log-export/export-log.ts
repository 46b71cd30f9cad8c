/**
 * `svc log export`'s work: a whole svcdb log written as KML or GPX of its located devices (read
 * from its devices table: the positions the log's svc had worked out when it last wrote them),
 * or as WiGLE CSV (its packets replayed, wigle-replay.ts), to a stream. A log that cannot be
 * exported is refused before anything is written.
 */
import { createReadStream } from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { basename } from 'node:path';
import { DEVICE_EXPORT_FORMATS, SvcdbDeviceLog, type Config, type LocatedDevice } from '@svc/core';
import { replayWigleCsv } from './wigle-replay.js';

/** The formats `svc log export` writes. */
export const LOG_EXPORT_FORMATS = ['kml', 'gpx', 'wiglecsv'] as const;
export type LogExportFormat = (typeof LOG_EXPORT_FORMATS)[number];

/** What an export wrote. */
export interface LogExportResult {
  /** Devices written (KML, GPX), or rows (WiGLE CSV, both kinds). */
  readonly count: number;
  readonly unit: 'devices' | 'rows';
  /** Plugins that could not be loaded for the replay. */
  readonly skippedPlugins: readonly string[];
}

/** Exports `logPath` as `format` into `out`; `config` is the user's (plugins, WiGLE throttle). */
export async function exportLog(logPath: string, format: LogExportFormat, out: Writable, options: { config: Config; estimates: boolean }): Promise<LogExportResult> {
  const log = SvcdbDeviceLog.open(logPath);
  if (format === 'wiglecsv') {
    log.close();
    const replay = await replayWigleCsv(logPath, options.config, options.estimates);
    try {
      let lines = 0;
      const counted = createReadStream(replay.file).on('data', (chunk) => (lines += countLines(chunk as Buffer)));
      await pipeline(counted, out);
      // Two header lines, then the rows.
      return { count: Math.max(0, lines - 2), unit: 'rows', skippedPlugins: replay.skippedPlugins };
    } finally {
      replay.remove();
    }
  }
  try {
    let count = 0;
    function* counted(devices: Iterable<LocatedDevice>): Generator<LocatedDevice> {
      for (const device of devices) {
        count++;
        yield device;
      }
    }
    const document = DEVICE_EXPORT_FORMATS[format].document(counted(log.devices()), `svc devices of ${basename(logPath)}`, Date.now() / 1000);
    await pipeline(Readable.from(document), out);
    return { count, unit: 'devices', skippedPlugins: [] };
  } finally {
    log.close();
  }
}

function countLines(chunk: Buffer): number {
  let lines = 0;
  for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines++;
  return lines;
}
