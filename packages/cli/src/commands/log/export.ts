/**
 * `svc log export`: a whole svcdb log as KML (Google Earth), GPX (GPS tools) or WiGLE CSV
 * (wigle.net), to a file or standard output. KML and GPX place each located device at svc's
 * estimate of where it is when it has one, else at its last fix; WiGLE CSV replays the log's
 * packets and writes what the live `wiglecsv` log would have, estimate rows included.
 */
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { Args, Command, Flags } from '@oclif/core';
import { describeError, loadConfig, SvcError } from '@svc/core';
import { exportLog, LOG_EXPORT_FORMATS } from '../../log-export/export-log.js';

/** Exports an svcdb log. */
export default class LogExport extends Command {
  static override description = `Export an svcdb log as KML, GPX or WiGLE CSV.

kml and gpx: one placemark or waypoint per located device of the log, at svc's estimate of its position (the signal-weighted centre of where it was heard) when it has one, else its last fix, with its name, MAC, PHY, type, manufacturer, signal and times.

wiglecsv: the log's packets replayed through a private svc with your plugins (loopback only, no sources, no GPS), writing the WiGLE CSV the live wiglecsv log would have written: one row per sighting at the recorded position, then one per device at its estimate (--no-estimates leaves those out).`;

  static override examples = [
    '<%= config.bin %> log export --format kml ~/.svc/logs/svc-20250101-10-00-00-1.svcdb --out drive.kml',
    '<%= config.bin %> log export --format gpx drive.svcdb > drive.gpx',
    '<%= config.bin %> log export --format wiglecsv drive.svcdb --out drive.wiglecsv',
  ];

  static override args = { log: Args.string({ description: 'the svcdb log to export', required: true }) };

  static override flags = {
    format: Flags.string({ char: 'f', description: 'what to write', options: [...LOG_EXPORT_FORMATS], required: true }),
    out: Flags.string({ char: 'o', description: 'file to write (default: standard output)' }),
    estimates: Flags.boolean({ allowNo: true, default: true, description: 'wiglecsv: end with a row per device at its estimated position' }),
    config: Flags.string({ description: 'config file whose plugin= lines name extra plugins (default: <config dir>/svc.conf)' }),
    'config-dir': Flags.string({ description: 'config directory (default ~/.svc)' }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(LogExport);
    const format = flags.format as (typeof LOG_EXPORT_FORMATS)[number];
    // A file is written beside its final name and renamed once whole, so a failed export leaves none.
    const partial = flags.out === undefined ? undefined : `${flags.out}.partial`;
    try {
      const config = loadConfig({ configDir: flags['config-dir'], configFile: flags.config });
      const out = partial === undefined ? process.stdout : createWriteStream(partial);
      const result = await exportLog(args.log, format, out, { config, estimates: flags.estimates });
      if (partial !== undefined) renameSync(partial, flags.out!);
      for (const skipped of result.skippedPlugins) this.warn(`plugin ${skipped}; its devices make no rows`);
      process.stderr.write(`svc log export: ${result.count} ${result.unit} from ${args.log}${flags.out ? ` to ${flags.out}` : ''}\n`);
    } catch (error) {
      if (partial !== undefined) rmSync(partial, { force: true });
      process.stderr.write(`svc log export: ${describeError(error)}\n`);
      return this.exit(error instanceof SvcError && error.status < 500 ? 2 : 1);
    }
  }
}
