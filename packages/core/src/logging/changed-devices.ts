/**
 * Which devices the logs have still to write: those changed since the last pass, found by
 * walking the tracker's recency list (`DeviceTracker.walkChanged`) back to the time that pass
 * began. The log manager kept a set of changed devices instead, one insert for every device of
 * every packet (some 2 % of the packet path at full speed); the list already holds them in
 * order of change, so a pass now costs one visit per changed device, at the interval.
 */
import { nowSeconds } from '../time/timestamp.js';
import type { ChangedWalk } from '../tracker/changed-walk.js';
import type { TrackedDevice } from '../tracker/tracked-device.js';

/** Devices written per turn of the event loop during a pass. */
const DEVICES_PER_TURN = 500;

/** What a pass needs of the tracker. */
export interface ChangedDeviceSource {
  walkChanged(since: number, visit: (device: TrackedDevice) => void): ChangedWalk;
}

/** The devices changed since the logs last wrote them, written a slice per turn. */
export class ChangedDevices {
  /** Server seconds: devices changed after this have not been written by a finished pass. */
  #since = 0;
  #pass: ChangedWalk | undefined;

  constructor(private readonly devices: ChangedDeviceSource) {}

  /** The next pass writes every device (a new log starts with what the server knows). */
  all(): void {
    this.#since = 0;
  }

  /**
   * Visits each device changed since the last pass began, `DEVICES_PER_TURN` per turn of the
   * event loop; devices that change during the pass are visited at its end, as they are then.
   * Resolves at once when a pass is already under way.
   */
  async write(visit: (device: TrackedDevice) => void): Promise<void> {
    if (this.#pass !== undefined) return;
    const since = this.#since;
    // nowSeconds() never repeats: a device changed after this moment has a later mod_time.
    this.#since = nowSeconds();
    const pass = this.devices.walkChanged(since, visit);
    this.#pass = pass;
    try {
      while (!pass.step(DEVICES_PER_TURN)) await new Promise((resolve) => setImmediate(resolve));
    } finally {
      this.#pass = undefined;
    }
  }

  /**
   * For a log that closes: finishes the pass under way (its devices go to every log still open)
   * and visits, at once, the devices changed since, which the other logs will still get.
   */
  writeNow(visit: (device: TrackedDevice) => void): void {
    this.#pass?.step(Number.POSITIVE_INFINITY);
    this.devices.walkChanged(this.#since, visit).step(Number.POSITIVE_INFINITY);
  }
}
