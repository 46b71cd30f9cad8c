/**
 * Answers a device query on a view through its indexes when it can: a search reads the view's
 * kept match set, a sort reads the ordered index of its column, and a window is cut from a
 * position, so a refreshed table page costs the devices that changed, not the view size.
 * Queries the indexes cannot serve (regex filters, last-time filters, columns that move with
 * the clock) go through the scanning pipeline.
 */
import { isTimeDependentField } from '../tracker/device-fields.js';
import type { TrackedDevice } from '../tracker/tracked-device.js';
import { runDeviceQuery, type DeviceQuery, type DeviceQueryResult } from './device-query.js';
import { parseSearch, searchPaths } from './device-search.js';
import type { DeviceView } from './device-views.js';
import type { QueryBudget } from './query-budget.js';
import { compareEntries } from './sort-key.js';
import type { ChangeFeed } from './view-indexes.js';

/** Below this share of the view, a match set is sorted directly instead of walking the index. */
const SORT_MATCHES_SHARE = 1 / 8;

/**
 * Runs a query on a view, through its indexes where possible. A scan works on a copy of the
 * member list, since with a budget it yields and the view may change meanwhile.
 */
export async function queryView(view: DeviceView, feed: ChangeFeed, query: DeviceQuery, now: number, budget?: QueryBudget): Promise<DeviceQueryResult> {
  const scanning =
    query.filters.length > 0 ||
    query.lastTimeAtLeast !== undefined ||
    query.lastTimeAfter !== undefined ||
    (query.sort !== undefined && isTimeDependentField(query.sort.path[0]!));
  if (scanning) return runDeviceQuery(budget ? [...view.members] : view.members, query, now, budget);

  const term = parseSearch(query.search);
  const matches = term === undefined ? undefined : view.indexes.matches(searchPaths(query.specs), term, feed);
  const total = view.size;
  const filtered = matches?.size ?? total;
  const start = query.window?.start ?? 0;
  const length = query.window?.length ?? Infinity;

  if (query.sort) {
    const { path, descending } = query.sort;
    const index = view.indexes.sorted(path, feed);
    if (!matches) return { total, filtered, page: index.page(start, length, descending) };
    if (matches.size <= index.size * SORT_MATCHES_SHARE) {
      const direction = descending ? -1 : 1;
      const ordered = [...matches].sort((a, b) => compareEntries(index.keyOfIndexed(a), a, index.keyOfIndexed(b), b) * direction);
      return { total, filtered, page: ordered.slice(start, start + length) };
    }
    return { total, filtered, page: take(filterWalk(index.walk(descending), matches), start, length) };
  }
  if (matches) return { total, filtered, page: take(matches, start, length) };
  return { total, filtered, page: view.members.slice(start, start + length) };
}

function* filterWalk(devices: Iterable<TrackedDevice>, keep: ReadonlySet<TrackedDevice>): IterableIterator<TrackedDevice> {
  for (const device of devices) if (keep.has(device)) yield device;
}

/** Items `start` to `start + length` of an iterable, stopping as soon as the window is full. */
function take(devices: Iterable<TrackedDevice>, start: number, length: number): TrackedDevice[] {
  const page: TrackedDevice[] = [];
  if (length <= 0) return page;
  let position = 0;
  for (const device of devices) {
    if (position++ < start) continue;
    page.push(device);
    if (page.length >= length) break;
  }
  return page;
}
