/**
 * A walk over the devices changed after a time, most recent first, taken a slice at a time so
 * that the event loop turns between slices (the channel tracker's once-a-second count of active
 * devices walked 10 000 devices in one go, several milliseconds that status requests waited
 * for). The device list changes between slices; the tracker tells the walk about it
 * (`leaving`, `arrived`), so that every device changed after `since` is visited exactly once:
 * one that moves to the front or is created before the walk reaches it is visited at the end of
 * the walk (as it is then, its packet recorded; a slice per step, as the rest), one removed is
 * not visited, and the walk's place survives the removal or move of the device it was about to
 * visit.
 */
import type { TrackedDevice } from './tracked-device.js';

/** A walk in progress over the recency list (see `DeviceTracker.walkChanged`). */
export class ChangedWalk {
  /** Devices visited so far, or kept for the end. */
  readonly #seen = new Set<TrackedDevice>();
  /** Devices kept for the end and not removed since, in the order they were kept. */
  readonly #late = new Set<TrackedDevice>();
  readonly #lateOrder: TrackedDevice[] = [];
  #lateAt = 0;
  #next: TrackedDevice | undefined;
  /** True once the list is walked back to `since`: the devices kept for the end come next. */
  #listWalked = false;
  #done = false;

  constructor(
    newest: TrackedDevice | undefined,
    private readonly since: number,
    private readonly visit: (device: TrackedDevice) => void,
    /** Told once, when the walk has visited its last device and needs no more news of the list. */
    private readonly ended: () => void,
  ) {
    this.#next = newest;
  }

  /** True once every device changed after `since` was visited. */
  get done(): boolean {
    return this.#done;
  }

  /**
   * Takes up to `count` more steps (a device visited, or passed over as visited already or
   * removed); true once the walk is done. The devices kept for the end are visited a slice per
   * step too, so a walk whose visits cost (a log writing each device) never holds the loop for
   * all of them at once.
   */
  step(count: number): boolean {
    for (let left = count; left > 0 && !this.#done; left--) {
      if (!this.#listWalked) {
        const device = this.#next;
        if (device === undefined || device.modTime <= this.since) {
          this.#listWalked = true;
          continue;
        }
        this.#next = device.older;
        if (this.#seen.has(device)) continue;
        this.#seen.add(device);
        this.visit(device);
      } else if (this.#lateAt < this.#lateOrder.length) {
        const device = this.#lateOrder[this.#lateAt++]!;
        if (this.#late.delete(device)) this.visit(device);
      } else this.#end();
    }
    if (!this.#listWalked && (this.#next === undefined || this.#next.modTime <= this.since)) this.#listWalked = true;
    if (this.#listWalked && this.#late.size === 0) this.#end();
    return this.#done;
  }

  /**
   * The tracker is about to unlink `device` from the list: it moves to the front (it was just
   * heard, so it counts if the walk has not visited it) or is removed (it no longer counts).
   */
  leaving(device: TrackedDevice, removed: boolean): void {
    if (device === this.#next) this.#next = device.older;
    if (removed) this.#late.delete(device);
    else this.#keepForTheEnd(device);
  }

  /** A device was created at the front of the list while the walk ran. */
  arrived(device: TrackedDevice): void {
    this.#keepForTheEnd(device);
  }

  #keepForTheEnd(device: TrackedDevice): void {
    if (this.#done || this.#seen.has(device)) return;
    this.#seen.add(device);
    this.#late.add(device);
    this.#lateOrder.push(device);
  }

  #end(): void {
    if (this.#done) return;
    this.#done = true;
    this.ended();
    this.#seen.clear();
    this.#late.clear();
    this.#lateOrder.length = 0;
  }
}
