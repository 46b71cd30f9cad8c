/**
 * The logging settings from config (Kismet's keys in `kismet_logging.conf`): whether to log,
 * which types, where, under what title, whether frames are kept, how often a changed device is
 * written, and when a log is rotated. A bad value is a startup error naming where it was set.
 */
import type { Config } from '../config/config.js';
import { expandPath } from '../config/config-loader.js';
import { SvcError } from '../errors.js';
import { isValidLogTitle } from './log-file-name.js';

/** What the log manager needs from config. */
export interface LogSettings {
  readonly enabled: boolean;
  /** Log types opened at start, by name. */
  readonly types: readonly string[];
  /** Directory the logs go to. */
  readonly prefix: string;
  readonly title: string;
  /** Keep frames (false keeps devices, records, alerts and messages only). */
  readonly logPackets: boolean;
  /** Seconds between two writes of one changed device. */
  readonly deviceInterval: number;
  /** A log larger than this many bytes is closed and a new one opened; 0 = never. */
  readonly maxBytes: number;
  /** A log older than this many seconds is closed and a new one opened; 0 = never. */
  readonly maxAge: number;
  /** Take back the devices of the newest log at start (`tracker_restore`). */
  readonly restore: boolean;
}

/**
 * The smallest size a log may rotate at: a new log starts with every device, and a bound below
 * that would open a new log every second.
 */
const MIN_ROTATION_BYTES = 1 << 20;

function readMaxBytes(config: Config): number {
  const bytes = config.getNumber('log_max_bytes', 0, { min: 0, integer: true });
  if (bytes !== 0 && bytes < MIN_ROTATION_BYTES) throw new SvcError('SVC_ERR_CONFIG_VALUE', `${config.origin('log_max_bytes')}: log_max_bytes must be 0 (never rotate) or at least ${MIN_ROTATION_BYTES} (1 MiB), got ${bytes}`);
  return bytes;
}

/** Reads the logging settings from config. */
export function readLogSettings(config: Config): LogSettings {
  const title = config.get('log_title') ?? 'svc';
  if (!isValidLogTitle(title)) throw new SvcError('SVC_ERR_CONFIG_VALUE', `${config.origin('log_title')}: log_title '${title}' cannot be part of a file name (no '/', '\\', not empty)`);
  const types = (config.get('log_types') ?? 'svcdb')
    .split(',')
    .map((type) => type.trim())
    .filter((type) => type !== '');
  const enabled = config.getBoolean('enable_logging', true);
  return {
    enabled,
    types: [...new Set(types.map((type) => (type === 'kismet' ? 'svcdb' : type)))],
    prefix: expandPath(config.get('log_prefix') ?? 'logs', config.configDir),
    title,
    logPackets: config.getBoolean('log_packets', true),
    deviceInterval: config.getNumber('log_device_interval', 30, { min: 0.1, max: 86_400 }),
    maxBytes: readMaxBytes(config),
    maxAge: config.getNumber('log_max_age', 0, { min: 0 }),
    restore: config.getBoolean('tracker_restore', enabled),
  };
}
