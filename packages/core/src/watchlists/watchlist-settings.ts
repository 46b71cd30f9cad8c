/**
 * The watchlists' settings from config: where API entries are kept, the cap on entries, the
 * `devicefound=`/`devicelost=` (and the other watch types') lines, and the presence timeouts.
 * A bad line is a startup error naming where it was written.
 */
import type { Config } from '../config/config.js';
import { expandPath } from '../config/config-loader.js';
import { configLines } from '../config/config-value.js';
import type { PresenceSettings } from './device-presence.js';
import { parseWatchLine, WATCH_TYPES, type WatchItem, type WatchType } from './watchlist.js';

/** One watch line from config. */
export interface ConfigWatchEntry {
  readonly type: WatchType;
  readonly item: WatchItem;
  /** Where the line is (`file:line`). */
  readonly origin: string;
}

/** What the watchlists take from config. */
export interface WatchlistSettings {
  /** `watchlist_file`: the entries added through the API. */
  readonly stateFile: string;
  /** `watchlist_max_entries`. */
  readonly maxEntries: number;
  /** The `device<type>=` lines. */
  readonly entries: readonly ConfigWatchEntry[];
  /** `devicefound_timeout` and `devicelost_timeout`. */
  readonly presence: PresenceSettings;
}

/** Reads the watchlist settings from config. */
export function readWatchlistSettings(config: Config): WatchlistSettings {
  return {
    stateFile: expandPath(config.get('watchlist_file') ?? 'device_watchlist.json', config.configDir),
    maxEntries: config.getNumber('watchlist_max_entries', 10_000, { min: 1, integer: true }),
    entries: WATCH_TYPES.flatMap((type) =>
      configLines(config, `device${type}`, (value) => ({ item: parseWatchLine(`device${type}`, value) })).map(({ item, origin }) => ({ type, item, origin })),
    ),
    presence: {
      foundAfter: config.getNumber('devicefound_timeout', 60, { min: 0 }),
      lostAfter: config.getNumber('devicelost_timeout', 60, { min: 1 }),
    },
  };
}
