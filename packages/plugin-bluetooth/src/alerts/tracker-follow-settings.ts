/**
 * The config lines of the TRACKERFOLLOW alert: how long a tracker must stay with the sensor,
 * the longest silence that still counts as staying, how far the sensor must travel with it when
 * a GPS has a fix, and the trackers that are the user's own. A bad value is an
 * `SVC_ERR_CONFIG_VALUE` naming the line and what to write, which fails the plugin at start.
 */
import { parseMacMask, SvcError, type Config, type MacMask } from '@svc/core';

/** What TRACKERFOLLOW reads from the config. */
export interface TrackerFollowSettings {
  /** Seconds a tracker must be heard, from first to last, before it is said to follow. */
  readonly followSeconds: number;
  /** Longest silence, seconds, that does not end a stay: past it the tracker left, and its next packet starts over. */
  readonly gapSeconds: number;
  /** Metres the sensor must travel while hearing it, when a GPS gave positions; 0 for time alone. */
  readonly distanceMeters: number;
  /** Trackers that never raise (the user's own), as MACs or MAC/mask prefixes. */
  readonly allow: readonly MacMask[];
}

/** The defaults: 10 minutes, with silences of up to 5 minutes, over 500 m. */
export const TRACKER_FOLLOW_DEFAULTS: TrackerFollowSettings = { followSeconds: 600, gapSeconds: 300, distanceMeters: 500, allow: [] };

const KEY_TIME = 'bluetooth_tracker_follow_time';
const KEY_GAP = 'bluetooth_tracker_follow_gap';
const KEY_DISTANCE = 'bluetooth_tracker_follow_distance';
const KEY_ALLOW = 'bluetooth_tracker_follow_allow';
/** A day: a longer stay or silence is no longer "following". */
const MAX_SECONDS = 86_400;

/** The config keys, with what each means, for the plugin's `configKeys`. */
export const TRACKER_FOLLOW_CONFIG_KEYS: Readonly<Record<string, string>> = {
  [KEY_TIME]: `seconds a Bluetooth tracker must stay with the sensor before TRACKERFOLLOW is raised (default ${TRACKER_FOLLOW_DEFAULTS.followSeconds})`,
  [KEY_GAP]: `longest silence, seconds, that still counts as the tracker staying; after a longer one it left (default ${TRACKER_FOLLOW_DEFAULTS.gapSeconds})`,
  [KEY_DISTANCE]: `metres the sensor must travel while hearing the tracker, when a GPS has a fix; 0 for time alone (default ${TRACKER_FOLLOW_DEFAULTS.distanceMeters})`,
  [KEY_ALLOW]: 'trackers of your own that never raise TRACKERFOLLOW: MAC,MAC/MASK,... (repeatable)',
};

/** Reads the TRACKERFOLLOW lines. */
export function readTrackerFollowSettings(config: Config): TrackerFollowSettings {
  return {
    followSeconds: config.getNumber(KEY_TIME, TRACKER_FOLLOW_DEFAULTS.followSeconds, { min: 1, max: MAX_SECONDS, integer: true }),
    gapSeconds: config.getNumber(KEY_GAP, TRACKER_FOLLOW_DEFAULTS.gapSeconds, { min: 1, max: MAX_SECONDS, integer: true }),
    distanceMeters: config.getNumber(KEY_DISTANCE, TRACKER_FOLLOW_DEFAULTS.distanceMeters, { min: 0 }),
    allow: config.values(KEY_ALLOW).flatMap(({ value, origin }) => parseAllowLine(value, origin)),
  };
}

/** One `bluetooth_tracker_follow_allow=` line: MACs or MAC/mask prefixes, comma-separated. */
function parseAllowLine(value: string, origin: string): MacMask[] {
  return value.split(',').map((entry) => {
    const mask = parseMacMask(entry.trim());
    if (mask === undefined) {
      throw new SvcError('SVC_ERR_CONFIG_VALUE', `${origin}: ${KEY_ALLOW}=${value}: '${entry.trim()}' is not a MAC; write MAC,MAC/MASK,... (AA:BB:CC:DD:EE:FF, or AA:BB:CC:00:00:00/FF:FF:FF:00:00:00)`);
    }
    return mask;
  });
}
