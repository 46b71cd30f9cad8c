/**
 * An ordered index of a view's devices on one sort column, so a sorted page is read from a
 * position instead of sorting the view per request. Entries live in sorted chunks of a few
 * hundred (a flat B-tree): insert and delete touch one chunk, and finding position N walks
 * chunk lengths, not devices. The index is brought up to date lazily (`sync`) from the
 * tracker's list of changed devices, so packets never pay for it.
 */
import type { TrackedDevice } from '../tracker/tracked-device.js';
import { compareEntries, type SortKey } from './sort-key.js';

/** Entries per chunk when built; a chunk splits at twice this. */
const CHUNK = 512;

interface Chunk {
  keys: SortKey[];
  devices: TrackedDevice[];
}

/** Sorted (key, device) entries with positional reads. */
export class SortedIndex {
  #chunks: Chunk[] = [];
  /** Key and device of each chunk's last entry, in one compact array each, so finding a chunk does not visit the chunks. */
  #lastKeys: SortKey[] = [];
  #lastDevices: TrackedDevice[] = [];
  readonly #keys = new Map<TrackedDevice, SortKey>();

  /** @param keyOf reads the sort key of a device (the column's value now). */
  constructor(private readonly keyOf: (device: TrackedDevice) => SortKey) {}

  get size(): number {
    return this.#keys.size;
  }

  /** Whether the device is indexed. */
  has(device: TrackedDevice): boolean {
    return this.#keys.has(device);
  }

  /** The key a device is indexed under. */
  keyOfIndexed(device: TrackedDevice): SortKey {
    return this.#keys.get(device);
  }

  /** Replaces the contents with these devices (one sort). */
  rebuild(devices: Iterable<TrackedDevice>): void {
    this.#keys.clear();
    const entries: { key: SortKey; device: TrackedDevice }[] = [];
    for (const device of devices) {
      const key = this.keyOf(device);
      this.#keys.set(device, key);
      entries.push({ key, device });
    }
    entries.sort((a, b) => compareEntries(a.key, a.device, b.key, b.device));
    this.#chunks = [];
    this.#lastKeys = [];
    this.#lastDevices = [];
    for (let i = 0; i < entries.length; i += CHUNK) {
      const slice = entries.slice(i, i + CHUNK);
      this.#chunks.push({ keys: slice.map((entry) => entry.key), devices: slice.map((entry) => entry.device) });
      this.#lastKeys.push(slice[slice.length - 1]!.key);
      this.#lastDevices.push(slice[slice.length - 1]!.device);
    }
  }

  /** Indexes a device, or moves it if its key changed. */
  upsert(device: TrackedDevice): void {
    const key = this.keyOf(device);
    const old = this.#keys.get(device);
    if (old !== undefined || this.#keys.has(device)) {
      if (old === key) return;
      this.#remove(old, device);
    }
    this.#keys.set(device, key);
    this.#insert(key, device);
  }

  /** Drops a device; no effect when it is not indexed. */
  delete(device: TrackedDevice): void {
    const key = this.#keys.get(device);
    if (key === undefined && !this.#keys.has(device)) return;
    this.#keys.delete(device);
    this.#remove(key, device);
  }

  #remove(key: SortKey, device: TrackedDevice): void {
    const chunkIndex = this.#chunkFor(key, device);
    const chunk = this.#chunks[chunkIndex]!;
    const position = lowerBound(chunk, key, device);
    if (chunk.devices[position] !== device) throw new Error('sorted index out of step with its keys');
    chunk.keys.splice(position, 1);
    chunk.devices.splice(position, 1);
    if (chunk.devices.length === 0) {
      this.#chunks.splice(chunkIndex, 1);
      this.#lastKeys.splice(chunkIndex, 1);
      this.#lastDevices.splice(chunkIndex, 1);
    } else if (position === chunk.devices.length) this.#markLast(chunkIndex);
  }

  /** `length` devices from position `start`, ascending or descending. */
  page(start: number, length: number, descending: boolean): TrackedDevice[] {
    const page: TrackedDevice[] = [];
    for (const device of this.walk(descending, start)) {
      if (page.length >= length) break;
      page.push(device);
    }
    return page;
  }

  /** Devices in order from position `start` (0 = first in the given direction). */
  *walk(descending: boolean, start = 0): IterableIterator<TrackedDevice> {
    const chunks = this.#chunks;
    let skip = start;
    if (!descending) {
      for (const chunk of chunks) {
        if (skip >= chunk.devices.length) {
          skip -= chunk.devices.length;
          continue;
        }
        for (let i = skip; i < chunk.devices.length; i++) yield chunk.devices[i]!;
        skip = 0;
      }
      return;
    }
    for (let c = chunks.length - 1; c >= 0; c--) {
      const devices = chunks[c]!.devices;
      if (skip >= devices.length) {
        skip -= devices.length;
        continue;
      }
      for (let i = devices.length - 1 - skip; i >= 0; i--) yield devices[i]!;
      skip = 0;
    }
  }

  #insert(key: SortKey, device: TrackedDevice): void {
    if (this.#chunks.length === 0) {
      this.#chunks.push({ keys: [key], devices: [device] });
      this.#lastKeys.push(key);
      this.#lastDevices.push(device);
      return;
    }
    const chunkIndex = this.#chunkFor(key, device);
    const chunk = this.#chunks[chunkIndex]!;
    const position = lowerBound(chunk, key, device);
    chunk.keys.splice(position, 0, key);
    chunk.devices.splice(position, 0, device);
    if (position === chunk.devices.length - 1) this.#markLast(chunkIndex);
    if (chunk.devices.length > 2 * CHUNK) {
      this.#chunks.splice(chunkIndex + 1, 0, { keys: chunk.keys.splice(CHUNK), devices: chunk.devices.splice(CHUNK) });
      this.#lastKeys.splice(chunkIndex + 1, 0, undefined);
      this.#lastDevices.splice(chunkIndex + 1, 0, device);
      this.#markLast(chunkIndex);
      this.#markLast(chunkIndex + 1);
    }
  }

  /** The first chunk whose last entry is at or after (key, device); the last chunk otherwise. */
  #chunkFor(key: SortKey, device: TrackedDevice): number {
    let low = 0;
    let high = this.#chunks.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareEntries(this.#lastKeys[middle], this.#lastDevices[middle]!, key, device) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Records a chunk's last entry after it changed. */
  #markLast(chunkIndex: number): void {
    const chunk = this.#chunks[chunkIndex]!;
    const last = chunk.devices.length - 1;
    this.#lastKeys[chunkIndex] = chunk.keys[last];
    this.#lastDevices[chunkIndex] = chunk.devices[last]!;
  }
}

/** Position of the first entry in the chunk at or after (key, device). */
function lowerBound(chunk: Chunk, key: SortKey, device: TrackedDevice): number {
  let low = 0;
  let high = chunk.devices.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareEntries(chunk.keys[middle], chunk.devices[middle]!, key, device) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

