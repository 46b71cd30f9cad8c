/**
 * The device list pipeline behind every device endpoint (kismet-reference 1.8): last-time
 * filter, case-insensitive search over the requested fields, regex filters, sort, window, and
 * field simplification. Values are read straight from the devices through the field readers,
 * so only the fields a request names are ever built.
 */
import { pickFields, type FieldSpec } from '../fields/field-spec.js';
import { expandPath, matchesAny, type RegexFilter } from '../fields/regex-filter.js';
import { deviceRecord, readDeviceField, resolveDevicePath } from '../tracker/device-fields.js';
import type { TrackedDevice } from '../tracker/tracked-device.js';

/** What to select and how to order and cut it. */
export interface DeviceQuery {
  readonly specs: readonly FieldSpec[];
  readonly filters: readonly RegexFilter[];
  /** Keep devices with `last_time >= lastTimeAtLeast`. */
  readonly lastTimeAtLeast?: number;
  /** Keep devices with `last_time > lastTimeAfter`. */
  readonly lastTimeAfter?: number;
  /** Case-insensitive substring searched in the requested fields (or the summary fields). */
  readonly search?: string;
  readonly sort?: { readonly path: readonly string[]; readonly descending: boolean };
  readonly window?: { readonly start: number; readonly length: number };
}

/** What a query produced. */
export interface DeviceQueryResult {
  /** Devices considered (the view size). */
  readonly total: number;
  /** Devices left after filters and search. */
  readonly filtered: number;
  /** The window, in order. */
  readonly page: TrackedDevice[];
}

/** Fields searched when a request names none. */
const SUMMARY_SEARCH_FIELDS = [
  'svc.device.base.commonname',
  'svc.device.base.macaddr',
  'svc.device.base.manuf',
  'svc.device.base.type',
  'svc.device.base.crypt',
  'svc.device.base.channel',
  'svc.device.base.key',
].map((name) => [name]);

/** Runs a query over a list of devices. */
export function runDeviceQuery(devices: readonly TrackedDevice[], query: DeviceQuery, now: number): DeviceQueryResult {
  const total = devices.length;
  const needle = query.search?.trim().toLowerCase() || undefined;
  const searchPaths = query.specs.length ? query.specs.map((spec) => spec.path) : SUMMARY_SEARCH_FIELDS;
  const filtering = needle !== undefined || query.filters.length > 0 || query.lastTimeAtLeast !== undefined || query.lastTimeAfter !== undefined;

  let selected: readonly TrackedDevice[] = devices;
  if (filtering) {
    const kept: TrackedDevice[] = [];
    for (const device of devices) {
      if (query.lastTimeAtLeast !== undefined && device.lastTime < query.lastTimeAtLeast) continue;
      if (query.lastTimeAfter !== undefined && device.lastTime <= query.lastTimeAfter) continue;
      if (needle !== undefined && !searchMatches(device, searchPaths, needle, now)) continue;
      if (query.filters.length && !matchesAny(query.filters, (name) => readDeviceField(device, name, now))) continue;
      kept.push(device);
    }
    selected = kept;
  }
  const filtered = selected.length;

  if (query.sort) {
    const { path, descending } = query.sort;
    const keyed = selected.map((device) => ({ device, key: sortKey(resolveDevicePath(device, path, now)) }));
    keyed.sort((a, b) => compareKeys(a.key, b.key) * (descending ? -1 : 1));
    selected = keyed.map((entry) => entry.device);
  }

  if (!query.window) return { total, filtered, page: selected === devices ? [...devices] : (selected as TrackedDevice[]) };
  const { start, length } = query.window;
  return { total, filtered, page: selected.slice(start, start + length) };
}

/** A device as served: the full record, or only the requested fields (missing ones as 0). */
export function serveDevice(device: TrackedDevice, specs: readonly FieldSpec[], now: number): Record<string, unknown> {
  if (specs.length === 0) return deviceRecord(device, now);
  return pickFields(specs, (path) => resolveDevicePath(device, path, now));
}

function searchMatches(device: TrackedDevice, paths: readonly (readonly string[])[], needle: string, now: number): boolean {
  const values: string[] = [];
  for (const path of paths) {
    const value = readDeviceField(device, path[0]!, now);
    if (typeof value === 'number') {
      if (path.length === 1 && String(value).includes(needle)) return true;
      continue;
    }
    values.length = 0;
    expandPath(value, path, 1, values);
    for (const text of values) if (text.toLowerCase().includes(needle)) return true;
  }
  return false;
}

type SortKey = number | string | undefined;

function sortKey(value: unknown): SortKey {
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return undefined;
}

/** Orders numbers before strings; devices lacking the field always come last. */
function compareKeys(a: SortKey, b: SortKey): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : 1;
}
