/**
 * Kismet's SSID scan settings (`dot11_ssidscan.cc`, `/phy/phy80211/ssidscan/...`): target SSIDs
 * (regular expressions), the datasources the scan may hop with and lock to channels, how long to
 * scan before locking and to capture before hopping again, whether to leave a network once its
 * handshake is captured, and whether to narrow the log to the targets. Kismet 2025-09-R1 keeps
 * these settings and acts on none of them (the module is not even in its build); svc keeps and
 * serves them the same way, read from `dot11_ssidscan_*` config keys and changed through
 * `config.cmd`, and checks what it is given (Kismet reads seconds as booleans, and its disable
 * enables). Nothing here drives a datasource or a log filter.
 */
import { SvcError, type Config, type FieldDefinition } from '@svc/core';

/** The config keys Kismet reads, with what they set. */
export const SSID_SCAN_CONFIG_KEYS: Readonly<Record<string, string>> = {
  dot11_ssidscan_enabled: 'SSID scan settings: enabled (true or false, default false; svc, like Kismet, only keeps the settings)',
  dot11_ssidscan_ssid: 'SSID scan settings: a target SSID, a regular expression (repeatable)',
  dot11_ssidscan_datasource: 'SSID scan settings: a datasource UUID the scan may use (repeatable)',
  dot11_ssidscan_ignore_after_handshake: 'SSID scan settings: leave a target once its WPA handshake is captured (default true)',
  dot11_ssidscan_block_logging: 'SSID scan settings: start with the log passing only target devices (default false)',
  dot11_ssidscan_dynamic_logging: 'SSID scan settings: narrow the log filters to target devices as they are found (default true)',
  dot11_ssidscan_minimum_hop: 'SSID scan settings: seconds to scan before locking to a target channel (default 30)',
  dot11_ssidscan_maximum_lock: 'SSID scan settings: seconds to capture before hopping again (default 30)',
};

/** Fields of the status record, Kismet's names. */
export const SSID_SCAN_FIELDS: readonly FieldDefinition[] = [
  { name: 'dot11.ssidscan.enabled', type: 'uint8_t', description: 'SSID scan enabled (settings only: nothing acts on them, as in Kismet)' },
  { name: 'dot11.ssidscan.targets', type: 'vector[string]', description: 'target SSIDs, regular expressions' },
  { name: 'dot11.ssidscan.datasources', type: 'vector[uuid]', description: 'datasources the scan may use (dot11_ssidscan_datasource, and both pools)' },
  { name: 'dot11.ssidscan.hopping_datasources', type: 'vector[uuid]', description: 'datasources of the hopping pool (config.cmd hopping_datasources)' },
  { name: 'dot11.ssidscan.locking_datasources', type: 'vector[uuid]', description: 'datasources of the locking pool (config.cmd locking_datasources)' },
  { name: 'dot11.ssidscan.ignore_after_handshake', type: 'uint8_t', description: 'leave a target once its WPA handshake is captured' },
  { name: 'dot11.ssidscan.set_initial_log_filters', type: 'uint8_t', description: 'start with the log passing only target devices' },
  { name: 'dot11.ssidscan.filter_logs', type: 'uint8_t', description: 'narrow the log filters to target devices as they are found' },
  { name: 'dot11.ssidscan.min_scan_seconds', type: 'uint32_t', description: 'seconds to scan before locking to a target channel' },
  { name: 'dot11.ssidscan.max_cap_seconds', type: 'uint32_t', description: 'seconds to capture before hopping again' },
];

/** Longest scan or capture time config.cmd takes, seconds. */
const MAX_SECONDS = 86_400;
const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;

/** The SSID scan settings. */
export class SsidScan {
  #enabled: boolean;
  readonly #targets: readonly string[];
  readonly #configured: readonly string[];
  #hopping: readonly string[] = [];
  #locking: readonly string[] = [];
  #ignoreAfterHandshake: boolean;
  readonly #initialLogFilters: boolean;
  #filterLogs: boolean;
  #minScanSeconds: number;
  #maxCaptureSeconds: number;

  /** The settings the config gives; a bad target or UUID stops the start with the reason. */
  constructor(config: Config) {
    this.#enabled = config.getBoolean('dot11_ssidscan_enabled', false);
    this.#targets = config.getAll('dot11_ssidscan_ssid').map((pattern) => {
      try {
        new RegExp(pattern);
      } catch (error) {
        throw new SvcError('SVC_ERR_CONFIG_VALUE', `dot11_ssidscan_ssid=${pattern} is not a regular expression: ${(error as Error).message}`);
      }
      return pattern;
    });
    this.#configured = config.getAll('dot11_ssidscan_datasource').map((uuid) => {
      if (!UUID.test(uuid)) throw new SvcError('SVC_ERR_CONFIG_VALUE', `dot11_ssidscan_datasource=${uuid} is not a datasource UUID`);
      return uuid.toUpperCase();
    });
    this.#ignoreAfterHandshake = config.getBoolean('dot11_ssidscan_ignore_after_handshake', true);
    this.#initialLogFilters = config.getBoolean('dot11_ssidscan_block_logging', false);
    this.#filterLogs = config.getBoolean('dot11_ssidscan_dynamic_logging', true);
    this.#minScanSeconds = config.getNumber('dot11_ssidscan_minimum_hop', 30, { min: 0, max: MAX_SECONDS, integer: true });
    this.#maxCaptureSeconds = config.getNumber('dot11_ssidscan_maximum_lock', 30, { min: 0, max: MAX_SECONDS, integer: true });
  }

  /**
   * Applies a `config.cmd` dictionary (Kismet's keys: `ssidscan_enabled`, `ignore_after_handshake`,
   * `max_capture_seconds`, `min_scan_seconds`, `restrict_log_filters`, `locking_datasources`,
   * `hopping_datasources`). Every key given is checked before any is applied: a bad one is a 400
   * and nothing changes. Unknown keys are ignored.
   */
  configure(command: Readonly<Record<string, unknown>>): void {
    const enabled = flag(command, 'ssidscan_enabled');
    const ignore = flag(command, 'ignore_after_handshake');
    const restrict = flag(command, 'restrict_log_filters');
    const maxCapture = seconds(command, 'max_capture_seconds');
    const minScan = seconds(command, 'min_scan_seconds');
    const locking = uuids(command, 'locking_datasources');
    const hopping = uuids(command, 'hopping_datasources');
    if (enabled !== undefined) this.#enabled = enabled;
    if (ignore !== undefined) this.#ignoreAfterHandshake = ignore;
    if (restrict !== undefined) this.#filterLogs = restrict;
    if (maxCapture !== undefined) this.#maxCaptureSeconds = maxCapture;
    if (minScan !== undefined) this.#minScanSeconds = minScan;
    if (locking !== undefined) this.#locking = locking;
    if (hopping !== undefined) this.#hopping = hopping;
  }

  /** The status record, in Kismet's order with svc's two pools. */
  record(): Record<string, unknown> {
    return {
      'dot11.ssidscan.enabled': this.#enabled ? 1 : 0,
      'dot11.ssidscan.targets': [...this.#targets],
      'dot11.ssidscan.datasources': [...new Set([...this.#configured, ...this.#hopping, ...this.#locking])],
      'dot11.ssidscan.hopping_datasources': [...this.#hopping],
      'dot11.ssidscan.locking_datasources': [...this.#locking],
      'dot11.ssidscan.ignore_after_handshake': this.#ignoreAfterHandshake ? 1 : 0,
      'dot11.ssidscan.set_initial_log_filters': this.#initialLogFilters ? 1 : 0,
      'dot11.ssidscan.filter_logs': this.#filterLogs ? 1 : 0,
      'dot11.ssidscan.min_scan_seconds': this.#minScanSeconds,
      'dot11.ssidscan.max_cap_seconds': this.#maxCaptureSeconds,
    };
  }
}

function flag(command: Readonly<Record<string, unknown>>, key: string): boolean | undefined {
  const value = command[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1) return value === 1;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new SvcError('SVC_ERR_BAD_REQUEST', `'${key}' must be true or false, not ${JSON.stringify(value)}`);
}

function seconds(command: Readonly<Record<string, unknown>>, key: string): number | undefined {
  const value = command[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_SECONDS) {
    throw new SvcError('SVC_ERR_BAD_REQUEST', `'${key}' must be a whole number of seconds from 0 to ${MAX_SECONDS}, not ${JSON.stringify(value)}`);
  }
  return value;
}

function uuids(command: Readonly<Record<string, unknown>>, key: string): string[] | undefined {
  const value = command[key];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((uuid) => typeof uuid !== 'string' || !UUID.test(uuid))) {
    throw new SvcError('SVC_ERR_BAD_REQUEST', `'${key}' must be a list of datasource UUIDs`);
  }
  return [...new Set((value as string[]).map((uuid) => uuid.toUpperCase()))];
}
