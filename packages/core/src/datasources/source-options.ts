/**
 * The generic options every source understands (kismet-reference 5.1), read and checked once
 * from a parsed definition: type, name, uuid, channel control, retry, timestamp handling, the
 * GPS it takes positions from (`metagps=`) and the `info_*` annotations. Driver-specific options stay in the definition for the driver.
 */
import { SvcError } from '../errors.js';
import type { SourceDefinition } from './definition.js';

/** User annotations of the capture hardware (`info_*` options). */
export interface SourceInfo {
  readonly antennaType?: string;
  readonly antennaGain?: number;
  readonly antennaOrientation?: number;
  readonly antennaBeamwidth?: number;
  readonly ampType?: string;
  readonly ampGain?: number;
}

/** Generic options of a definition. */
export interface SourceOptions {
  /** Driver type; undefined means probe (also for `type=auto`). */
  readonly type?: string;
  readonly name?: string;
  /** Uppercase UUID. */
  readonly uuid?: string;
  /** Channel to lock to (it is also added to the channel list). */
  readonly channel?: string;
  /** Exclusive hop list. */
  readonly channels?: readonly string[];
  readonly addChannels: readonly string[];
  readonly blockChannels: readonly string[];
  /** Per-source hopping switch (default: the server's `channel_hop`). */
  readonly channelHop?: boolean;
  /** Hops per second (default: the server's `channel_hop_speed`). */
  readonly hopRate?: number;
  /** Re-open after an error (default: `retry_on_source_error`). */
  readonly retry?: boolean;
  /** Replace remote packet times with server time (default: `override_remote_timestamp`). */
  readonly timestamp?: boolean;
  /** `metagps=`: the GPS (a `meta` one, made if missing) whose positions this source's packets take. */
  readonly metaGps?: string;
  readonly info: SourceInfo;
}

const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

/** Options every source takes, whatever its type (kismet-reference 5.1). */
export const GENERIC_SOURCE_OPTIONS: readonly string[] = [
  'type',
  'name',
  'uuid',
  'channel',
  'channels',
  'add_channels',
  'block_channels',
  'channel_hop',
  'channel_hoprate',
  'retry',
  'timestamp',
  'metagps',
  'info_antenna_type',
  'info_antenna_gain',
  'info_antenna_orientation',
  'info_antenna_beamwidth',
  'info_amp_type',
  'info_amp_gain',
];

/** Reads the generic options; a malformed value is `SVC_ERR_BAD_DEFINITION`. */
export function readSourceOptions(definition: SourceDefinition): SourceOptions {
  const get = (name: string) => definition.options.get(name);
  const fail = (name: string, problem: string) => new SvcError('SVC_ERR_BAD_DEFINITION', `bad source definition '${definition.line}': ${name} ${problem}`);
  const bool = (name: string) => {
    const value = get(name);
    if (value === undefined) return undefined;
    const parsed = parseBoolean(value);
    if (parsed === undefined) throw fail(name, `must be true or false, got '${value}'`);
    return parsed;
  };
  const number = (name: string) => {
    const value = get(name);
    if (value === undefined) return undefined;
    const parsed = Number(value);
    if (!Number.isFinite(parsed)) throw fail(name, `must be a number, got '${value}'`);
    return parsed;
  };
  const list = (name: string) => {
    const value = get(name);
    return value === undefined ? undefined : parseChannelList(value, (problem) => fail(name, problem));
  };
  const type = get('type');
  const uuid = get('uuid')?.toUpperCase();
  if (uuid !== undefined && !UUID.test(uuid)) throw fail('uuid', `must be a UUID like 8A1C3E20-0000-4000-8000-00000000001F, got '${get('uuid')}'`);
  const metaGps = get('metagps');
  if (metaGps !== undefined && !/^[A-Za-z0-9_.-]+$/.test(metaGps)) throw fail('metagps', `must name a GPS with letters, digits, '.', '_' and '-', got '${metaGps}'`);
  const rate = get('channel_hoprate');
  let hopRate: number | undefined;
  if (rate !== undefined) {
    try {
      hopRate = parseHopRate(rate);
    } catch (error) {
      throw fail('channel_hoprate', (error as Error).message);
    }
  }
  return {
    type: type === undefined || type.toLowerCase() === 'auto' ? undefined : type.toLowerCase(),
    name: get('name'),
    uuid,
    channel: get('channel'),
    channels: list('channels'),
    addChannels: list('add_channels') ?? [],
    blockChannels: list('block_channels') ?? [],
    channelHop: bool('channel_hop'),
    hopRate,
    retry: bool('retry'),
    timestamp: bool('timestamp'),
    ...(metaGps !== undefined && { metaGps }),
    info: {
      antennaType: get('info_antenna_type'),
      antennaGain: number('info_antenna_gain'),
      antennaOrientation: number('info_antenna_orientation'),
      antennaBeamwidth: number('info_antenna_beamwidth'),
      ampType: get('info_amp_type'),
      ampGain: number('info_amp_gain'),
    },
  };
}

/**
 * A hop rate as hops per second: `N/sec` (or bare `N`), `N/min` (N/60 per second), `N/dwell`
 * (stay N seconds on each channel: 1/N per second).
 */
export function parseHopRate(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:\/\s*(sec|second|min|minute|dwell))?\s*$/i.exec(text);
  const value = match ? Number(match[1]) : Number.NaN;
  if (!match || !(value > 0)) throw new SvcError('SVC_ERR_BAD_RATE', `'${text}' is not a hop rate: use N/sec, N/min or N/dwell with N > 0`);
  const unit = (match[2] ?? 'sec').toLowerCase();
  if (unit === 'min' || unit === 'minute') return checkHopRate(value / 60, text);
  if (unit === 'dwell') return checkHopRate(1 / value, text);
  return checkHopRate(value, text);
}

/** Slowest hop rate: one hop an hour. */
export const MIN_HOP_RATE = 1 / 3600;

/** Fastest hop rate: 100 hops a second (a tune takes milliseconds). */
export const MAX_HOP_RATE = 100;

/**
 * A hop rate in hops per second, checked before it reaches a timer: a rate of 1e-10 would be an
 * interval past setInterval's range, which Node turns into 1 ms.
 */
export function checkHopRate(rate: number, text: string = String(rate)): number {
  if (!Number.isFinite(rate) || rate < MIN_HOP_RATE || rate > MAX_HOP_RATE) {
    throw new SvcError('SVC_ERR_BAD_RATE', `hop rate ${text} is out of range: it must be between one hop an hour (0.000278/sec, 0.0167/min) and 100/sec`);
  }
  return rate;
}

/** `true/false`, `yes/no`, `1/0`, `on/off`; undefined for anything else. */
export function parseBoolean(text: string): boolean | undefined {
  const value = text.trim().toLowerCase();
  if (['true', 'yes', '1', 'on'].includes(value)) return true;
  if (['false', 'no', '0', 'off'].includes(value)) return false;
  return undefined;
}

/** A comma-separated channel list; empty entries and whitespace inside a channel are errors. */
export function parseChannelList(text: string, fail: (problem: string) => Error): string[] {
  const channels = text.split(',').map((channel) => channel.trim());
  for (const channel of channels) {
    if (channel === '') throw fail(`has an empty channel in '${text}'`);
    if (/\s/.test(channel)) throw fail(`has a channel with spaces: '${channel}'`);
  }
  return channels;
}
