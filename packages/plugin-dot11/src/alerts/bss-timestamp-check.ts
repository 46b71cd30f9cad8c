/**
 * BSSTIMESTAMP: two radios beaconing as one access point. An access point's beacon timestamp
 * (its TSF timer, microseconds) runs on steadily; an evil twin copying the BSSID brings its own
 * timer. Kismet alerts when the timestamp jumps by more than 10 s while the BSSID has beaconed
 * more than 5 times in a row, but its test as written only holds for frames stamped in the
 * first 10 s of 1970 (an unsigned subtraction wraps), so with real captures it never fires.
 * svc keeps the intent with capture time: a beacon that is at least the sixth in a row (each
 * within 5 s of the one before) and whose timestamp is more than 10 s away from the last one. Ad-hoc beacons are
 * left out (IBSS members share the timer), as in Kismet, and so are malformed beacons (a
 * generator or a broken radio writes anything there). The alert is raised before the
 * beacon's elements are read, so its channel is "0".
 */
import { formatMac } from '@svc/core';
import type { AlertEmitter } from './alert-emitter.js';
import { Dot11Alert } from './alert-catalog.js';
import type { FrameRoles } from './frame-roles.js';
import type { NetworkState } from './network-state.js';

/** Largest gap (µs) between two beacons that keeps them "in a row". */
const STEADY_GAP = 5_000_000;
/** A jump counts in a beacon that is more than this many in a row (itself included). */
const STEADY_BEACONS = 5;
/** Smallest timestamp jump (µs) that alerts. */
const JUMP = 10_000_000;

/**
 * Checks the beacon of `network` whose fixed fields start at `at` in `data` (the timestamp
 * first), heard at capture time `seconds` + `micros`. Takes only small integers and objects,
 * and keeps the 64-bit timer in the network's state, so no number is boxed per beacon.
 */
export function checkBssTimestamp(network: NetworkState, data: Buffer, at: number, seconds: number, micros: number, roles: FrameRoles, emitter: AlertEmitter): void {
  const low = (data[at]! | (data[at + 1]! << 8) | (data[at + 2]! << 16)) + data[at + 3]! * 0x1000000;
  const high = (data[at + 4]! | (data[at + 5]! << 8) | (data[at + 6]! << 16)) + data[at + 7]! * 0x1000000;
  const tsf = high * 0x100000000 + low;
  const last = network.tsf;
  const known = network.steadyBeacons > 0;
  const gap = (seconds - network.beaconSeconds) * 1_000_000 + (micros - network.beaconMicros);
  network.steadyBeacons = known && gap <= STEADY_GAP ? network.steadyBeacons + 1 : 1;
  network.tsf = tsf;
  network.beaconSeconds = seconds;
  network.beaconMicros = micros;
  if (!known || network.steadyBeacons <= STEADY_BEACONS || Math.abs(tsf - last) <= JUMP) return;
  if (emitter.may(Dot11Alert.BSSTIMESTAMP)) {
    emitter.raise(Dot11Alert.BSSTIMESTAMP, `The beacon timestamp of network ${formatMac(roles.bssid)} jumped by ${Math.round(Math.abs(tsf - last) / 1e6)} s while it beaconed steadily: a second radio (an evil twin) is sending as this access point`, roles, 0);
  }
}
