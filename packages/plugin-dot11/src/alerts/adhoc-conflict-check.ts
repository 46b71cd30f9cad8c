/**
 * ADHOCCONFLICT: a BSSID that beaconed as an ad-hoc (IBSS) network, and never as an access
 * point, now carries data to or from a distribution system, which only an access point does.
 * Kismet makes this test on infrastructure data frames, but sets the access point bit of the
 * BSSID just before testing that it is not an access point, so it never raises it; svc keeps
 * what the beacons said per network and tests that.
 */
import { formatMac } from '@svc/core';
import type { AlertEmitter } from './alert-emitter.js';
import { Dot11Alert } from './alert-catalog.js';
import type { FrameRoles } from './frame-roles.js';
import type { NetworkState } from './network-state.js';

/** Checks an infrastructure (to- or from-DS) data frame of `network`. */
export function checkAdhocConflict(network: NetworkState, roles: FrameRoles, emitter: AlertEmitter): void {
  if (!network.adhocBeacon || network.apBeacon || !emitter.may(Dot11Alert.ADHOCCONFLICT)) return;
  emitter.raise(Dot11Alert.ADHOCCONFLICT, `Network ${formatMac(roles.bssid)} beaconed as an ad-hoc network and now carries access point traffic: possibly an impersonation`, roles, 0);
}
