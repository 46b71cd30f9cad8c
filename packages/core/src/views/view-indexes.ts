/**
 * The indexes a view keeps for the queries clients repeat: ordered indexes per sort column and
 * match sets per search. They are built on first use and then kept up to date lazily: before a
 * read, only the devices the tracker changed since the last read are re-keyed or re-tested, so
 * a table refreshed every few seconds costs the changes, not the view size. A few of each are
 * kept per view (least recently used go first; idle ones are dropped) to bound memory.
 */
import { resolveDevicePath } from '../tracker/device-fields.js';
import type { TrackedDevice } from '../tracker/tracked-device.js';
import { nowSeconds } from '../time/timestamp.js';
import { searchMatches, type SearchTerm } from './device-search.js';
import { sortKey } from './sort-key.js';
import { SortedIndex } from './sorted-index.js';

/** Where indexes learn which devices changed: the tracker's recency list. */
export interface ChangeFeed {
  /** Devices whose `mod_time` is after `since`, most recent first. */
  changedSince(since: number): Iterable<TrackedDevice>;
}

/** The members a view exposes to its indexes. */
export interface IndexedView {
  readonly members: readonly TrackedDevice[];
  readonly size: number;
  has(device: TrackedDevice): boolean;
}

/** Indexes kept per kind and view. */
const MAX_PER_VIEW = 4;
/** Seconds an index may go unread before it is dropped. */
const IDLE_SECONDS = 300;
/** Above this share of the view changed, rebuilding beats updating one by one. */
const REBUILD_SHARE = 0.25;

interface DerivedIndex {
  rebuild(devices: Iterable<TrackedDevice>): void;
  upsert(device: TrackedDevice): void;
  delete(device: TrackedDevice): void;
}

interface Kept<T extends DerivedIndex> {
  readonly index: T;
  syncedAt: number;
  usedAt: number;
}

/** Devices of a view that match one search, kept as a set. */
export class SearchMatches implements DerivedIndex {
  readonly devices = new Set<TrackedDevice>();

  constructor(
    private readonly paths: readonly (readonly string[])[],
    private readonly term: SearchTerm,
  ) {}

  rebuild(devices: Iterable<TrackedDevice>): void {
    this.devices.clear();
    for (const device of devices) this.upsert(device);
  }

  upsert(device: TrackedDevice): void {
    if (searchMatches(device, this.paths, this.term, Date.now() / 1000)) this.devices.add(device);
    else this.devices.delete(device);
  }

  delete(device: TrackedDevice): void {
    this.devices.delete(device);
  }
}

/** The sort and search indexes of one view. */
export class ViewIndexes {
  readonly #sorted = new Map<string, Kept<SortedIndex>>();
  readonly #searches = new Map<string, Kept<SearchMatches>>();

  constructor(private readonly view: IndexedView) {}

  /** The view ordered by a field path, up to date with the feed. */
  sorted(path: readonly string[], feed: ChangeFeed): SortedIndex {
    return this.#use(this.#sorted, path.join('/'), feed, () => new SortedIndex((device) => sortKey(resolveDevicePath(device, path, Date.now() / 1000))));
  }

  /** The view's devices matching a search over these paths, up to date with the feed. */
  matches(paths: readonly (readonly string[])[], term: SearchTerm, feed: ChangeFeed): Set<TrackedDevice> {
    const id = `${paths.map((path) => path.join('/')).join('\n')}\n\n${term.text}`;
    return this.#use(this.#searches, id, feed, () => new SearchMatches(paths, term)).devices;
  }

  /** A device left the view (removed, expired, or no longer included). */
  deviceLeft(device: TrackedDevice): void {
    for (const kept of this.#sorted.values()) kept.index.delete(device);
    for (const kept of this.#searches.values()) kept.index.delete(device);
  }

  /** Number of indexes held (sorted, search), for status and tests. */
  get counts(): { sorted: number; searches: number } {
    return { sorted: this.#sorted.size, searches: this.#searches.size };
  }

  #use<T extends DerivedIndex>(kept: Map<string, Kept<T>>, id: string, feed: ChangeFeed, create: () => T): T {
    const now = nowSeconds();
    for (const [other, entry] of kept) if (now - entry.usedAt > IDLE_SECONDS) kept.delete(other);
    let entry = kept.get(id);
    if (entry) {
      kept.delete(id);
      this.#sync(entry, feed);
    } else {
      entry = { index: create(), syncedAt: now, usedAt: now };
      entry.index.rebuild(this.view.members);
      if (kept.size >= MAX_PER_VIEW) kept.delete(kept.keys().next().value!);
    }
    entry.usedAt = now;
    kept.set(id, entry);
    return entry.index;
  }

  #sync(entry: Kept<DerivedIndex>, feed: ChangeFeed): void {
    const changed: TrackedDevice[] = [];
    for (const device of feed.changedSince(entry.syncedAt)) changed.push(device);
    if (changed.length === 0) return;
    entry.syncedAt = changed[0]!.modTime;
    if (changed.length > this.view.size * REBUILD_SHARE) {
      entry.index.rebuild(this.view.members);
      return;
    }
    for (const device of changed) {
      if (this.view.has(device)) entry.index.upsert(device);
      else entry.index.delete(device);
    }
  }
}
