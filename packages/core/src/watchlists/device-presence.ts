/**
 * DEVICEFOUND and DEVICELOST, after Kismet's device tracker. A device on the `found` list
 * raises DEVICEFOUND when it is first heard, or heard again after `devicefound_timeout` seconds
 * of silence (packet time). A device on the `lost` list is watched from then on: when it has
 * not changed for `devicelost_timeout` seconds (server time), DEVICELOST is raised and the
 * watch ends until it is found again. Both texts carry the entry's name when it has one.
 *
 * The tracker reports found devices only while some list has an entry, so an empty watchlist
 * costs the packet path nothing.
 */
import type { AlertTracker } from '../alerts/alert-tracker.js';
import type { Packet } from '../packets/packet.js';
import { nowSeconds } from '../time/timestamp.js';
import type { DeviceTracker, PresenceWatcher } from '../tracker/device-tracker.js';
import type { TrackedDevice } from '../tracker/tracked-device.js';
import { formatMac } from '../util/mac.js';
import type { WatchEntry, Watchlist } from './watchlist.js';

/** Alert raised when a watched device appears. */
export const DEVICE_FOUND_ALERT = 'DEVICEFOUND';
/** Alert raised when a watched device goes silent. */
export const DEVICE_LOST_ALERT = 'DEVICELOST';

/** Timeouts, from config. */
export interface PresenceSettings {
  /** `devicefound_timeout`: silence after which a device heard again is found again. */
  readonly foundAfter: number;
  /** `devicelost_timeout`: silence after which a watched device is lost. */
  readonly lostAfter: number;
}

/** Raises DEVICEFOUND and DEVICELOST for the watchlists. */
export class DevicePresence implements PresenceWatcher {
  readonly foundAfter: number;
  readonly lostAfter: number;
  /**
   * Devices watched for loss by key, with the entry that asked for it. By key, not by record: a
   * device the tracker forgot and heard again is a new record of the same device.
   */
  readonly #watched = new Map<string, { device: TrackedDevice; entry: WatchEntry }>();
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly watchlist: Watchlist,
    private readonly devices: DeviceTracker,
    private readonly alerts: AlertTracker,
    settings: PresenceSettings,
  ) {
    this.foundAfter = settings.foundAfter;
    this.lostAfter = settings.lostAfter;
    const update = () => {
      devices.watchPresence(watchlist.size > 0 ? this : undefined);
      for (const [key, watch] of this.#watched) {
        const entry = watchlist.match('lost', watch.device.mac);
        if (entry === undefined) this.#watched.delete(key);
        else watch.entry = entry;
      }
    };
    watchlist.onChange(update);
    update();
  }

  /** Devices being watched for loss. */
  get watched(): number {
    return this.#watched.size;
  }

  /** A device was heard for the first time, or again after a silence: alert and start watching as the lists say. */
  found(device: TrackedDevice, packet: Packet): void {
    const found = this.watchlist.match('found', device.mac);
    if (found) {
      const record = this.alerts.tryRaise({
        name: DEVICE_FOUND_ALERT,
        text: `Monitored device ${describe(device, found)} has been found.`,
        sourceMac: formatMac(device.mac),
        destMac: packet.destMac === undefined ? undefined : formatMac(packet.destMac),
        otherMac: packet.device === undefined || packet.device === device ? undefined : formatMac(packet.device.mac),
        channel: device.channel,
        deviceKey: device.key,
      });
      if (record) found.lastAlert = record['svc.alert.timestamp'] as number;
    }
    const lost = this.watchlist.match('lost', device.mac);
    if (lost) this.#watched.set(device.key, { device, entry: lost });
  }

  /** Raises DEVICELOST for each watched device silent for longer than `lostAfter`; the timer calls it. */
  check(now = nowSeconds()): void {
    for (const [key, { device, entry }] of this.#watched) {
      const current = this.devices.byKey(key);
      if (now - (current ?? device).modTime <= this.lostAfter) continue;
      this.#watched.delete(key);
      const record = this.alerts.tryRaise({
        name: DEVICE_LOST_ALERT,
        text: `Monitored device ${describe(current ?? device, entry)} hasn't been seen for ${this.lostAfter} seconds.`,
        sourceMac: formatMac(device.mac),
        channel: (current ?? device).channel,
        deviceKey: current ? key : undefined,
      });
      if (record) entry.lastAlert = record['svc.alert.timestamp'] as number;
    }
  }

  /** Checks for lost devices every few seconds (a quarter of the timeout, between 1 and 30 s). */
  start(): void {
    if (this.#timer) return;
    const every = Math.min(30, Math.max(1, this.lostAfter / 4));
    this.#timer = setInterval(() => this.check(), every * 1000);
    this.#timer.unref();
  }

  /** Stops the checks. */
  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}

/** `"name" AA:BB:CC:DD:EE:FF (common name)`, the name only when the entry has one. */
function describe(device: TrackedDevice, entry: WatchEntry): string {
  return `${entry.name ? `"${entry.name}" ` : ''}${formatMac(device.mac)} (${device.commonname})`;
}
