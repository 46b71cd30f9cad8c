/**
 * Checks on what stations send to join networks, and on the answers, after Kismet's
 * `process_client` and `handle_probed_ssid`:
 *
 * - NOCLIENTMFP for an association request to a network. Kismet tests the request's RSN
 *   element before it has read it, so every association request raises it (whatever the
 *   client's MFP bits); svc does the same, so its alerts are Kismet's. It is raised once for
 *   each device of the frame Kismet links to the network (the source, and a destination other
 *   than the network), and before the request's elements are read (channel "0").
 * - The elements of every probe request and (re)association request are walked (their own
 *   alerts); an SSID the station probes for the first time that matches a canary pattern
 *   raises SSIDCANARY.
 * - An association response with more than 4 WMM TSPEC elements raises WMMTSPEC (Kismet counts
 *   them only in association responses, but never reads their elements, so never raises it).
 */
import { formatMac } from '@svc/core';
import type { AlertEmitter } from './alert-emitter.js';
import { Dot11Alert } from './alert-catalog.js';
import type { ElementWalk } from './element-walk.js';
import type { FrameRoles } from './frame-roles.js';
import { MAX_PROBED_SSIDS, type StationState } from './network-state.js';
import type { CanaryRule } from './ssid-rules.js';
import { ssidText } from './advertisement-checks.js';

const TAG_DS = 3;
const TAG_VENDOR = 221;
const OUI_MICROSOFT = 0x0050f2;
const MS_WMM = 2;
const WMM_TSPEC = 2;
const MAX_TSPECS = 4;

/** The station checks. */
export class StationChecks {
  constructor(
    private readonly emitter: AlertEmitter,
    private readonly walk: ElementWalk,
    private readonly canaries: readonly CanaryRule[],
  ) {}

  /** Whether probed SSIDs need remembering (canaries are configured). */
  get watchesProbes(): boolean {
    return this.canaries.length > 0;
  }

  /** An association request to a network (a unicast BSSID). */
  associationRequest(roles: FrameRoles): void {
    const emitter = this.emitter;
    if (roles.hasSourceDevice && emitter.may(Dot11Alert.NOCLIENTMFP)) emitter.raise(Dot11Alert.NOCLIENTMFP, noMfpText(roles, roles.source), roles, 0);
    if (roles.hasDestDevice && emitter.may(Dot11Alert.NOCLIENTMFP)) emitter.raise(Dot11Alert.NOCLIENTMFP, noMfpText(roles, roles.dest), roles, 0);
  }

  /**
   * The elements `data[start, end)` of a probe request or (re)association request from a
   * station; `station` is its state when probes are watched.
   */
  request(data: Buffer, start: number, end: number, roles: FrameRoles, station: StationState | undefined): void {
    const walk = this.walk;
    if (!walk.walk(data, start, end, false, station !== undefined, roles, this.emitter)) return;
    if (station === undefined) return;
    const probed = (station.probed ??= new Set());
    if (probed.has(walk.ssidKey)) return;
    if (probed.size >= MAX_PROBED_SSIDS) probed.delete(probed.values().next().value!);
    probed.add(walk.ssidKey);
    if (walk.ssidLength <= 0) return;
    const ssid = ssidText(data, walk);
    for (const canary of this.canaries) {
      if (canary.ssid.test(ssid) && this.emitter.may(Dot11Alert.SSIDCANARY)) {
        this.emitter.raise(Dot11Alert.SSIDCANARY, `Station ${formatMac(roles.source)} is probing for canary SSID "${ssid}" (rule ${canary.name}: ${canary.pattern})`, roles, walk.dsChannel);
      }
    }
  }

  /** The elements `data[start, end)` of an association response. */
  associationResponse(data: Buffer, start: number, end: number, roles: FrameRoles): void {
    let tspecs = 0;
    let channel = 0;
    for (let at = start; end - at >= 2; ) {
      const tag = data[at]!;
      const length = data[at + 1]!;
      const value = at + 2;
      at = value + length;
      if (at > end) return;
      if (tag === TAG_DS && length === 1) channel = data[value]!;
      else if (tag === TAG_VENDOR && length >= 5 && data.readUIntBE(value, 3) === OUI_MICROSOFT && data[value + 3] === MS_WMM && data[value + 4] === WMM_TSPEC) tspecs++;
    }
    if (tspecs > MAX_TSPECS && this.emitter.may(Dot11Alert.WMMTSPEC)) {
      this.emitter.raise(Dot11Alert.WMMTSPEC, `Access point ${formatMac(roles.bssid)} sent an association response with ${tspecs} WMM TSPEC elements (at most 4 expected): possibly an exploit of Atheros drivers (CVE-2017-11013)`, roles, channel);
    }
  }
}

function noMfpText(roles: FrameRoles, client: number): string {
  return `Client ${formatMac(client)} of network ${formatMac(roles.bssid)} associates without management frame protection, so spoofed deauthentications can disconnect it`;
}
