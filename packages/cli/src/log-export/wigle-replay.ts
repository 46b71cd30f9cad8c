/**
 * The WiGLE CSV of a whole svcdb log (`svc log export --format wiglecsv`): the log's packets
 * replayed through a private svc with the user's plugins, loopback only, no sources, no GPS,
 * no restore, writing only the `wiglecsv` log, so its rows are exactly those the live log would
 * have written from the same packets (the sightings at the positions the log recorded, then the
 * estimates the replayed tracker made). The file is left in a scratch directory for the caller.
 */
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createLogger, createService, loadConfig, SvcError, type Config } from '@svc/core';
import { loadServicePlugins } from '../service-plugins.js';

/** A finished replay: its WiGLE CSV file, and how to remove it. */
export interface WigleReplay {
  readonly file: string;
  /** Plugins that failed to load (their PHYs make no rows), with why. */
  readonly skippedPlugins: readonly string[];
  remove(): void;
}

/** Replays `logPath` into a WiGLE CSV; `userConfig` gives the plugins and `wigle_log_throttle`. */
export async function replayWigleCsv(logPath: string, userConfig: Config, estimates: boolean): Promise<WigleReplay> {
  const scratch = mkdtempSync(join(tmpdir(), 'svc-log-export-'));
  const remove = () => rmSync(scratch, { recursive: true, force: true });
  try {
    // A source definition splits on ':' and ',': the log is named through a link with neither.
    const linked = join(scratch, 'replayed.svcdb');
    symlinkSync(resolve(logPath), linked);
    const logs = join(scratch, 'logs');
    const throttle = userConfig.get('wigle_log_throttle');
    const config = loadConfig({
      configDir: scratch,
      overrides: {
        httpd_port: '0',
        httpd_bind_address: '127.0.0.1',
        enable_logging: 'true',
        log_types: 'wiglecsv',
        log_prefix: logs,
        tracker_restore: 'false',
        retry_on_source_error: 'false',
        wigle_log_estimates: String(estimates),
        ...(throttle !== undefined && { wigle_log_throttle: throttle }),
      },
    });
    const { plugins, failures } = await loadServicePlugins(userConfig);
    const svc = await createService(config, { plugins, loadFailures: failures, log: createLogger({ write: () => {} }) });
    const skippedPlugins = svc.plugins.filter((plugin) => plugin.state === 'failed').map((plugin) => `${plugin.name}: ${plugin.error?.message}`);
    try {
      await svc.start();
      const finished = new Promise<void>((done, fail) => {
        svc.events.subscribe('DATASOURCE_ENDED', () => done());
        svc.events.subscribe('DATASOURCE_ERROR', (_topic, payload) =>
          fail(new SvcError('SVC_ERR_BAD_REQUEST', `${logPath} could not be replayed: ${String((payload as Record<string, unknown>)['svc.datasource.error_reason'] ?? 'the replay failed')}`)),
        );
      });
      await svc.datasources.add(`${linked}:type=kismetdb`);
      await finished;
    } finally {
      await svc.stop();
    }
    const file = readdirSync(logs).find((name) => name.endsWith('.wiglecsv'));
    if (!file) throw new SvcError('SVC_ERR_INTERNAL', 'the replay wrote no WiGLE CSV log');
    return { file: join(logs, file), skippedPlugins, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
