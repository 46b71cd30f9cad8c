/**
 * TRACKERFOLLOW's condition, beyond Kismet: a Bluetooth tracker (AirTag, Find My accessory,
 * SmartTag, Tile) not on the allow list that stays with the sensor. A stay begins with the
 * tracker's first packet and lasts while no silence between two of its packets is longer than
 * the gap; it follows once it lasted the follow time and, when a GPS gave positions during the
 * stay, once the sensor travelled the follow distance while hearing it. Each stay raises once: a
 * tracker raises again only after a silence longer than the gap (it left) and a new stay.
 *
 * Times are capture times, so a replayed capture is judged as it was recorded. The distance is
 * the sensor's path, counted in steps of at least {@link MIN_STEP_METERS} so that a standing GPS's
 * wander adds nothing; a packet whose GPS has no fix adds nothing either.
 *
 * A stay follows one address. Find My accessories change their address (and the public key the
 * address is made from, which their advertisement carries on) every 15 minutes while near their
 * owner; separated from it, which is how an unwanted tracker travels, they keep one for about a
 * day. Nothing in the advertisement links two keys (that is its design), so a tracker whose
 * address changes starts a new stay; SmartTags change theirs too, Tiles keep theirs.
 */
import { macMatches, type PacketGps } from '@svc/core';
import { distanceMeters, type LatLon } from './geo-distance.js';
import type { TrackerFollowSettings } from './tracker-follow-settings.js';

/** Shortest move, metres, counted toward the distance travelled (above a GPS's usual wander). */
export const MIN_STEP_METERS = 25;

/** One stay of a tracker with the sensor. */
export interface TrackerStay {
  /** Capture time of its first and last packets, seconds. */
  readonly first: number;
  readonly last: number;
  /** Whether a GPS gave a position during the stay (then the distance counts). */
  readonly located: boolean;
  /** Metres the sensor travelled while hearing it. */
  readonly travelled: number;
}

/** A stay being followed. */
class Stay implements TrackerStay {
  last: number;
  located = false;
  travelled = 0;
  /** The position the next step is measured from. */
  anchor: LatLon | undefined = undefined;
  raised = false;

  constructor(readonly first: number) {
    this.last = first;
  }

  /** Takes in a GPS fix heard with the tracker. */
  locate(gps: PacketGps): void {
    this.located = true;
    if (this.anchor === undefined) {
      this.anchor = { lat: gps.lat, lon: gps.lon };
      return;
    }
    const step = distanceMeters(this.anchor, gps);
    if (step < MIN_STEP_METERS) return;
    this.travelled += step;
    this.anchor = { lat: gps.lat, lon: gps.lon };
  }
}

/** The stays of every tracker heard, keyed by the tracker's device. */
export class TrackerFollowWatch {
  /** Weak, so a device the tracker drops takes its stay with it. */
  readonly #stays = new WeakMap<object, Stay>();
  /** Devices on the allow list, judged once each. */
  readonly #allowed = new WeakSet<object>();

  constructor(private readonly settings: TrackerFollowSettings) {}

  /**
   * Records that a tracker (`device`, whose address is `mac`) was heard at capture time `time`
   * (seconds), with the sensor's `gps` fix if any. Returns its stay when the stay now follows
   * and has not been raised; call {@link raised} once the alert went out (a throttled alert is
   * offered again with the next packet).
   */
  heard(device: object, mac: number, time: number, gps: PacketGps | undefined): TrackerStay | undefined {
    let stay = this.#stays.get(device);
    if (stay === undefined) {
      if (this.#allowed.has(device)) return undefined;
      if (this.settings.allow.some((mask) => macMatches(mac, mask))) {
        this.#allowed.add(device);
        return undefined;
      }
      stay = new Stay(time);
      this.#stays.set(device, stay);
    } else if (time - stay.last > this.settings.gapSeconds) {
      stay = new Stay(time);
      this.#stays.set(device, stay);
    } else if (time > stay.last) stay.last = time;
    if (gps !== undefined && gps.fix >= 2) stay.locate(gps);
    if (stay.raised || stay.last - stay.first < this.settings.followSeconds) return undefined;
    if (stay.located && stay.travelled < this.settings.distanceMeters) return undefined;
    return stay;
  }

  /** Marks the device's current stay raised, so it raises no more until it ends. */
  raised(device: object): void {
    const stay = this.#stays.get(device);
    if (stay !== undefined) stay.raised = true;
  }
}
