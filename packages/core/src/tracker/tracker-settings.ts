/**
 * The device tracker's settings from config (Kismet's `kismet_memory.conf` and tracker keys):
 * manufacturer lookup, per-device histories, expiry, the device cap, where user annotations are
 * kept, and the `view=` lines. A bad value is a startup error naming where it was set.
 */
import type { Config } from '../config/config.js';
import { expandPath } from '../config/config-loader.js';
import { parseConfigViews } from '../views/config-views.js';
import type { ViewDefinition } from '../views/view-definition.js';
import type { TrackerSettings } from './device-tracker.js';

/** What the tracker and its plugin take from config. */
export interface TrackerConfig {
  readonly tracker: TrackerSettings;
  /** `tracker_state_file`: the device names, tags and notes users set. */
  readonly annotationsFile: string;
  /** Views the `view=` lines define. */
  readonly views: readonly ViewDefinition[];
}

/** Reads the tracker settings from config. */
export function readTrackerConfig(config: Config): TrackerConfig {
  return {
    tracker: {
      manufLookup: config.getBoolean('manuf_lookup', true),
      trackRrds: config.getBoolean('track_device_rrds', true),
      deviceTimeout: config.getNumber('tracker_device_timeout', 0, { min: 0 }),
      maxDevices: config.getNumber('tracker_max_devices', 0, { min: 0, integer: true }),
    },
    annotationsFile: expandPath(config.get('tracker_state_file') ?? 'device_annotations.json', config.configDir),
    views: parseConfigViews(config.getAll('view')),
  };
}
