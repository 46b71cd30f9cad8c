/**
 * The device watchlists behind Kismet's DEVICEFOUND and DEVICELOST alerts: MACs or MAC ranges
 * (`MAC/MASK`, an OUI) to raise an alert for when a matching device appears (`found`) or goes
 * silent (`lost`), each with an optional name the alert text carries, so an alert says which
 * watched thing it is (Kismet issue #611). Entries come from `devicefound=` / `devicelost=`
 * config lines and from the `/devices/alerts/mac/...` routes; those added through the routes
 * are saved in a state file in the config dir and come back after a restart.
 */
import { SvcError } from '../errors.js';
import type { Logger } from '../logger.js';
import { configFirst, readJsonState, writeJsonState } from '../util/json-state.js';
import { requireRoom } from '../util/list-limit.js';
import { formatMacPrefix, MacPrefixTable, macPrefixKey, parseMacPrefix, type MacPrefix } from '../util/mac-prefix.js';

/** The two lists. */
export const WATCH_TYPES = ['found', 'lost'] as const;

/** One of {@link WATCH_TYPES}. */
export type WatchType = (typeof WATCH_TYPES)[number];

/** Longest name an entry may have. */
export const MAX_WATCH_NAME = 200;

/** One watched MAC or range on one list. */
export interface WatchEntry {
  readonly type: WatchType;
  readonly prefix: MacPrefix;
  /** What the user calls it; empty when unnamed. */
  name: string;
  /** Config lines stay until the config changes; API entries are saved in the state file. */
  readonly origin: 'config' | 'api';
  /** The config line it came from (`svc.conf:12`), empty for API entries. */
  readonly where: string;
  /** Unix seconds of the last alert raised for it, 0 if none yet. */
  lastAlert: number;
}

/** An entry to add: a MAC or range and an optional name. */
export interface WatchItem {
  readonly prefix: MacPrefix;
  readonly name?: string;
}

type SavedState = Partial<Record<WatchType, { mac: string; name?: string }[]>>;

/**
 * Parses the `found`, `lost` or `both` path segment of the watchlist routes; anything else is a
 * 400 that names the three.
 */
export function parseWatchTypes(text: string): WatchType[] {
  if (text === 'both') return [...WATCH_TYPES];
  if ((WATCH_TYPES as readonly string[]).includes(text)) return [text as WatchType];
  throw new SvcError('SVC_ERR_BAD_REQUEST', `unknown watchlist '${text}': expected found, lost or both`);
}

/** Checks a name: text without control characters, at most {@link MAX_WATCH_NAME} characters. */
export function checkWatchName(name: unknown, what = 'name'): string {
  if (name === undefined || name === null) return '';
  if (typeof name !== 'string') throw new SvcError('SVC_ERR_BAD_REQUEST', `'${what}' must be a string`);
  const trimmed = name.trim();
  if (trimmed.length > MAX_WATCH_NAME) throw new SvcError('SVC_ERR_BAD_REQUEST', `'${what}' is ${trimmed.length} characters long; at most ${MAX_WATCH_NAME}`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(trimmed)) throw new SvcError('SVC_ERR_BAD_REQUEST', `'${what}' holds control characters (line breaks, tabs); use plain text`);
  return trimmed;
}

/**
 * Parses a `devicefound=` / `devicelost=` value: `MAC[/MASK][,name]`. A second MAC where the
 * name goes is an error saying to write one line per MAC.
 */
export function parseWatchLine(key: string, value: string): WatchItem {
  const comma = value.indexOf(',');
  const macText = (comma < 0 ? value : value.slice(0, comma)).trim();
  const nameText = comma < 0 ? '' : value.slice(comma + 1).trim();
  try {
    const prefix = parseMacPrefix(macText);
    if (nameText && isMacText(nameText)) throw new SvcError('SVC_ERR_BAD_REQUEST', `lists several MACs; write one ${key}= line per MAC or range (${key}=AA:BB:CC:00:00:00/24,name)`);
    return { prefix, name: checkWatchName(nameText) };
  } catch (error) {
    throw new SvcError('SVC_ERR_CONFIG_VALUE', `${key}=${value}: ${(error as Error).message}`);
  }
}

function isMacText(text: string): boolean {
  try {
    parseMacPrefix(text.split(',')[0]!);
    return true;
  } catch {
    return false;
  }
}

/** The found and lost lists, with MAC lookups for the tracker's new and returning devices. */
export class Watchlist {
  readonly #entries: Record<WatchType, Map<string, WatchEntry>> = { found: new Map(), lost: new Map() };
  readonly #tables: Record<WatchType, MacPrefixTable<WatchEntry>> = { found: new MacPrefixTable(), lost: new MacPrefixTable() };
  #onChange: (() => void) | undefined;

  /** @param options.maxEntries entries the API may add over both lists (`watchlist_max_entries`); unlimited when absent. */
  constructor(private readonly options: { readonly stateFile?: string; readonly log: Logger; readonly maxEntries?: number }) {
    this.#restore();
  }

  /** Entries on both lists. */
  get size(): number {
    return this.#entries.found.size + this.#entries.lost.size;
  }

  /** Sets what to call after each change. */
  onChange(callback: () => void): void {
    this.#onChange = callback;
  }

  /** The entries of the given lists, config entries first, then in the order they were added. */
  entries(types: readonly WatchType[] = WATCH_TYPES): WatchEntry[] {
    return types.flatMap((type) => configFirst([...this.#entries[type].values()]));
  }

  /** The most specific entry of a list a MAC falls under. */
  match(type: WatchType, mac: number): WatchEntry | undefined {
    return this.#tables[type].get(mac);
  }

  /** Adds a config line's entry; the same MAC twice in config is an error naming both lines. */
  addConfig(type: WatchType, item: WatchItem, where: string): void {
    const existing = this.#entries[type].get(macPrefixKey(item.prefix));
    if (existing?.origin === 'config') throw new SvcError('SVC_ERR_CONFIG_VALUE', `${where}: ${formatMacPrefix(item.prefix)} is already on the ${type} list (${existing.where})`);
    this.#put({ type, prefix: item.prefix, name: item.name ?? '', origin: 'config', where, lastAlert: 0 });
    this.#onChange?.();
  }

  /**
   * Adds (or renames) entries on the given lists through the API. All or nothing: an entry a
   * config line set is a 409, more API entries than `watchlist_max_entries` a 400, and nothing
   * changes. Returns the entries as they now are.
   */
  add(types: readonly WatchType[], items: readonly WatchItem[]): WatchEntry[] {
    for (const type of types) for (const item of items) this.#refuseConfig(type, item.prefix, 'changed');
    if (this.options.maxEntries !== undefined) {
      let adding = 0;
      for (const type of types) for (const item of items) if (!this.#entries[type].has(macPrefixKey(item.prefix))) adding++;
      const held = this.entries().filter((entry) => entry.origin === 'api').length;
      requireRoom({ what: 'watchlist entries added through the API', key: 'watchlist_max_entries', max: this.options.maxEntries }, held, adding);
    }
    const result: WatchEntry[] = [];
    for (const type of types) {
      for (const item of items) {
        const existing = this.#entries[type].get(macPrefixKey(item.prefix));
        if (existing) {
          if (item.name !== undefined) existing.name = item.name;
          result.push(existing);
        } else result.push(this.#put({ type, prefix: item.prefix, name: item.name ?? '', origin: 'api', where: '', lastAlert: 0 }));
      }
    }
    this.#save();
    this.#onChange?.();
    return result;
  }

  /**
   * Removes entries from the given lists. All or nothing: a MAC on none of them is a 404, an
   * entry a config line set a 409. Returns the removed entries.
   */
  remove(types: readonly WatchType[], prefixes: readonly MacPrefix[]): WatchEntry[] {
    for (const prefix of prefixes) {
      if (!types.some((type) => this.#entries[type].has(macPrefixKey(prefix)))) {
        throw new SvcError('SVC_ERR_NOT_FOUND', `${formatMacPrefix(prefix)} is not on the ${types.join(' or ')} list; /devices/alerts/mac/${types.length > 1 ? 'both' : types[0]}/macs.json lists them`);
      }
      for (const type of types) this.#refuseConfig(type, prefix, 'removed');
    }
    const removed: WatchEntry[] = [];
    for (const type of types) {
      for (const prefix of prefixes) {
        const key = macPrefixKey(prefix);
        const entry = this.#entries[type].get(key);
        if (!entry) continue;
        this.#entries[type].delete(key);
        this.#tables[type].delete(prefix);
        removed.push(entry);
      }
    }
    this.#save();
    this.#onChange?.();
    return removed;
  }

  #refuseConfig(type: WatchType, prefix: MacPrefix, verb: string): void {
    const existing = this.#entries[type].get(macPrefixKey(prefix));
    if (existing?.origin === 'config') {
      throw new SvcError('SVC_ERR_CONFLICT', `${formatMacPrefix(prefix)} on the ${type} list is set by ${existing.where}; it can only be ${verb} there`);
    }
  }

  #put(entry: WatchEntry): WatchEntry {
    this.#entries[entry.type].set(macPrefixKey(entry.prefix), entry);
    this.#tables[entry.type].set(entry.prefix, entry);
    return entry;
  }

  #save(): void {
    const file = this.options.stateFile;
    if (!file) return;
    const state: SavedState = {};
    for (const type of WATCH_TYPES) {
      state[type] = [...this.#entries[type].values()]
        .filter((entry) => entry.origin === 'api')
        .map((entry) => ({ mac: formatMacPrefix(entry.prefix), ...(entry.name ? { name: entry.name } : {}) }));
    }
    writeJsonState(file, state, this.options.log, 'watchlists');
  }

  #restore(): void {
    const file = this.options.stateFile;
    if (!file) return;
    const saved = readJsonState(file, this.options.log, 'watchlists') as SavedState | undefined;
    if (!saved || typeof saved !== 'object') return;
    for (const type of WATCH_TYPES) {
      const list = saved[type];
      for (const item of Array.isArray(list) ? list : []) {
        try {
          this.#put({ type, prefix: parseMacPrefix(String(item?.mac)), name: checkWatchName(item?.name), origin: 'api', where: '', lastAlert: 0 });
        } catch (error) {
          this.options.log.warn(`${file}: ignored a saved ${type} entry ${JSON.stringify(item)}: ${(error as Error).message}`);
        }
      }
    }
  }
}
