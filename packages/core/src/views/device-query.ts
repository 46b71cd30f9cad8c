/**
 * The device list pipeline behind every device endpoint (kismet-reference 1.8): last-time
 * filter, case-insensitive search over the requested fields, regex filters, sort, window, and
 * field simplification. Values are read straight from the devices through the field readers,
 * so only the fields a request names are ever built.
 */
import { pickFields, type FieldSpec } from '../fields/field-spec.js';
import { matchesAny, type RegexFilter } from '../fields/regex-filter.js';
import { deviceRecord, readDeviceField, resolveDevicePath } from '../tracker/device-fields.js';
import type { TrackedDevice } from '../tracker/tracked-device.js';
import { parseSearch, searchMatches, searchPaths } from './device-search.js';
import type { QueryBudget } from './query-budget.js';
import { compareEntries, sortKey, type SortKey } from './sort-key.js';

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

/** Work between two budget checkpoints: a device costs one unit, plus one per regex filter. */
const CHECKPOINT_EVERY = 256;

/**
 * Runs a query over a list of devices. With a budget, filtering yields to the event loop as the
 * budget says and stops when the client leaves or the budget is spent.
 */
export async function runDeviceQuery(devices: readonly TrackedDevice[], query: DeviceQuery, now: number, budget?: QueryBudget): Promise<DeviceQueryResult> {
  const total = devices.length;
  const term = parseSearch(query.search);
  const paths = searchPaths(query.specs);
  const filtering = term !== undefined || query.filters.length > 0 || query.lastTimeAtLeast !== undefined || query.lastTimeAfter !== undefined;

  let selected: readonly TrackedDevice[] = devices;
  if (filtering) {
    const kept: TrackedDevice[] = [];
    const unitsPerDevice = 1 + query.filters.length;
    let sinceCheckpoint = 0;
    for (const device of devices) {
      if (budget && (sinceCheckpoint += unitsPerDevice) >= CHECKPOINT_EVERY) {
        sinceCheckpoint = 0;
        await budget.checkpoint();
      }
      if (query.lastTimeAtLeast !== undefined && device.lastTime < query.lastTimeAtLeast) continue;
      if (query.lastTimeAfter !== undefined && device.lastTime <= query.lastTimeAfter) continue;
      if (term !== undefined && !searchMatches(device, paths, term, now)) continue;
      if (query.filters.length && !matchesAny(query.filters, (name) => readDeviceField(device, name, now))) continue;
      kept.push(device);
    }
    selected = kept;
  }
  const filtered = selected.length;

  if (query.sort) {
    const { path, descending } = query.sort;
    const keyed: { device: TrackedDevice; key: SortKey }[] = selected.map((device) => ({ device, key: sortKey(resolveDevicePath(device, path, now)) }));
    keyed.sort((a, b) => compareEntries(a.key, a.device, b.key, b.device) * (descending ? -1 : 1));
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
