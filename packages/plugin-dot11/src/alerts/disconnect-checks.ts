/**
 * Checks on deauthentication and disassociation frames, as Kismet makes them:
 *
 * - a reason code the standard leaves undefined (25-31, or above 45): DEAUTHCODEINVALID or
 *   DISCONCODEINVALID, checked when the frame is read, whatever its BSSID
 *   (phy_80211_dissectors.cc 1024-1079). A frame that ends before its reason code raises them
 *   too: Kismet reads the code at byte 24 whatever the frame's length, so it takes the two bytes
 *   after the frame (the FCS, when the capture keeps it), which are almost never a defined code;
 * - for a network (a unicast BSSID), whether or not the frame holds its reason code: more than
 *   10 of either kind in a row, each within a second of the one before, raise DEAUTHFLOOD and
 *   start the count again; one sent to the broadcast address raises BCASTDISCON
 *   (phy_80211.cc 1562-1612).
 *
 * Kismet times the flood window by the wall clock; svc by the capture time, so a replayed
 * capture gives the same result at any speed.
 */
import { formatMac } from '@svc/core';
import type { AlertEmitter } from './alert-emitter.js';
import { Dot11Alert } from './alert-catalog.js';
import type { FrameRoles } from './frame-roles.js';
import type { NetworkState } from './network-state.js';

/** Frames in a row that make a flood. */
const FLOOD = 10;

/** True for a reason code IEEE 802.11 does not define, as Kismet judges it. */
export function isInvalidReason(code: number): boolean {
  return (code >= 25 && code <= 31) || code > 45;
}

/**
 * Checks the reason code of a deauthentication (`deauth`) or disassociation; `code` is undefined
 * when the frame ends before it.
 */
export function checkReasonCode(code: number | undefined, deauth: boolean, roles: FrameRoles, emitter: AlertEmitter): void {
  if (code !== undefined && !isInvalidReason(code)) return;
  const name = deauth ? Dot11Alert.DEAUTHCODEINVALID : Dot11Alert.DISCONCODEINVALID;
  if (!emitter.may(name)) return;
  const reason = code === undefined ? 'without a reason code' : `with undefined reason code ${code}`;
  emitter.raise(name, `${deauth ? 'Deauthentication' : 'Disassociation'} ${reason} from ${formatMac(roles.source)} in network ${formatMac(roles.bssid)}`, roles, 0);
}

/** Counts a deauthentication or disassociation of `network` sent in capture second `second`. */
export function checkDisconnect(network: NetworkState, second: number, roles: FrameRoles, emitter: AlertEmitter): void {
  network.disconnects = second - network.disconnectSecond > 1 ? 1 : network.disconnects + 1;
  network.disconnectSecond = second;
  if (network.disconnects > FLOOD) {
    if (emitter.may(Dot11Alert.DEAUTHFLOOD)) emitter.raise(Dot11Alert.DEAUTHFLOOD, `Deauthentication/disassociation flood on network ${formatMac(roles.bssid)}: more than ${FLOOD} in a row, each within a second of the last`, roles, 0);
    network.disconnects = 1;
  }
  if (roles.toBroadcast && emitter.may(Dot11Alert.BCASTDISCON)) {
    emitter.raise(Dot11Alert.BCASTDISCON, `Network ${formatMac(roles.bssid)} sent a deauthentication or disassociation to all its clients: the access point shutting down, or a denial of service`, roles, 0);
  }
}
