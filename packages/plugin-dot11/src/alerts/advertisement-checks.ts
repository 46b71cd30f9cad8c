/**
 * Checks on what an access point advertises, in beacons and probe responses, after Kismet's
 * `handle_ssid`: a network whose elements are the same as in its last beacon or response is not
 * looked at again (Kismet's element checksum; the decoder's fingerprint serves). Otherwise the
 * elements are walked (their own alerts) and compared with the network's record of that SSID
 * (a beacon after a probe response repeating the last beacon's elements is only re-checked for
 * what lies outside them, which gives the same alerts as Kismet's full re-read at less cost):
 *
 * - a new SSID: FORMATSTRING (printf sequences), SSIDCANARY (a canary pattern), AIRJACKSSID,
 *   APSPOOF (a protected SSID from a MAC not allowed);
 * - every probe response from OUI 00:13:37: KARMAOUI;
 * - encryption gone (CRYPTODROP) or changed (ADVCRYPTCHANGE);
 * - a beacon without HT operation whose DS channel differs from the SSID's channel (which HT
 *   beacons set): CHANCHANGE, as Kismet; a probe response naming another channel than the
 *   beacons for the SSID: PROBECHAN (Kismet compares with a channel it never sets);
 * - a beacon's 802.11d country changed: DOT11D; its beacon interval changed: BEACONRATE;
 * - a probe response without an SSID: NULLPROBERESP (Kismet registers but never raises it).
 */
import { formatMac } from '@svc/core';
import type { AlertEmitter } from './alert-emitter.js';
import { Dot11Alert } from './alert-catalog.js';
import { describeCrypt } from './crypt-signature.js';
import type { ElementWalk } from './element-walk.js';
import type { FrameRoles } from './frame-roles.js';
import { LastElements, SsidRecord, type NetworkState } from './network-state.js';
import { isSpoofed, type ApSpoofRule, type CanaryRule } from './ssid-rules.js';

const KARMA_OUI = 0x001337;
const PERCENT = 0x25;
const FORMAT_LETTERS = new Set([0x73, 0x6e, 0x70, 0x40]); // s n p @
const AIRJACK = 'AirJack';
/** Marks an element set that could not be fingerprinted (a malformed chain). */
const UNFINGERPRINTED = -2;

/** The beacon and probe response checks. */
export class AdvertisementChecks {
  constructor(
    private readonly emitter: AlertEmitter,
    private readonly walk: ElementWalk,
    private readonly apSpoof: readonly ApSpoofRule[],
    private readonly canaries: readonly CanaryRule[],
  ) {}

  /**
   * Checks a beacon (or probe response) of `network` whose elements are `data[start, end)`,
   * fingerprinted `elementsHash` (undefined when malformed), with beacon interval `interval`.
   */
  check(network: NetworkState, data: Buffer, start: number, end: number, elementsHash: number | undefined, beacon: boolean, interval: number, roles: FrameRoles): void {
    const hash = elementsHash ?? UNFINGERPRINTED;
    if (network.elementsHash === hash) return;
    network.elementsHash = hash;
    const last = beacon ? network.lastBeacon : network.lastResponse;
    if (last !== undefined && last.hash === hash && hash !== UNFINGERPRINTED && !last.conditionMet) {
      this.#reread(network, last, beacon, interval, roles);
      return;
    }
    const walk = this.walk;
    const emitter = this.emitter;
    if (!walk.walk(data, start, end, beacon, true, roles, emitter)) {
      this.#remember(network, beacon).set(hash, false, walk.conditionMet, undefined, 0, false);
      return;
    }
    const channel = walk.dsChannel;
    if (!beacon && walk.ssidLength <= 0) this.#nullResponse(roles, channel);

    let record = network.ssid(beacon, walk.ssidKey);
    if (record === undefined) {
      record = new SsidRecord(walk.ssidKey, ssidText(data, walk), walk.crypt.ciphers, walk.crypt.akms);
      network.addSsid(beacon, record);
      this.#newSsid(record, data, beacon, roles, channel);
    }
    if (!beacon) this.#karma(record, roles, channel);
    this.#crypt(record, roles, channel);
    this.#channel(network, record, beacon, roles, channel);
    if (beacon) {
      this.#country(record, roles, channel);
      this.#interval(record, interval, roles, channel);
    }
    this.#remember(network, beacon).set(hash, true, walk.conditionMet, record, channel, walk.ssidLength <= 0);
  }

  /** The network's record of its last element set of this kind, made on first use. */
  #remember(network: NetworkState, beacon: boolean): LastElements {
    return beacon ? (network.lastBeacon ??= new LastElements()) : (network.lastResponse ??= new LastElements());
  }

  /**
   * Kismet reads again the element set this network last sent in a frame of this kind (a probe
   * response came between). Its record already holds what these elements say, so only what
   * lies outside them is checked again: a beacon's interval; a response's KARMAOUI and
   * NULLPROBERESP, and its channel against the beacons, which may have moved.
   */
  #reread(network: NetworkState, last: LastElements, beacon: boolean, interval: number, roles: FrameRoles): void {
    const record = last.record;
    if (!last.walked || record === undefined) return;
    if (beacon) {
      this.#interval(record, interval, roles, last.channel);
      return;
    }
    if (last.ssidless) this.#nullResponse(roles, last.channel);
    this.#karma(record, roles, last.channel);
    this.#channel(network, record, false, roles, last.channel);
  }

  /** NULLPROBERESP for a probe response without an SSID. */
  #nullResponse(roles: FrameRoles, channel: number): void {
    if (!this.emitter.may(Dot11Alert.NULLPROBERESP)) return;
    this.emitter.raise(Dot11Alert.NULLPROBERESP, `Probe response without an SSID from ${formatMac(roles.source)} to ${formatMac(roles.dest)}; such responses crash some old Orinoco cards`, roles, channel);
  }

  /** KARMAOUI for a probe response from OUI 00:13:37. */
  #karma(record: SsidRecord, roles: FrameRoles, channel: number): void {
    if (roles.sourceHigh !== KARMA_OUI || !this.emitter.may(Dot11Alert.KARMAOUI)) return;
    this.emitter.raise(Dot11Alert.KARMAOUI, `Probe response from ${formatMac(roles.source)} (OUI 00:13:37) for SSID "${record.ssid}": a Karma access point such as a Wi-Fi Pineapple impersonating networks`, roles, channel);
  }

  #newSsid(record: SsidRecord, data: Buffer, beacon: boolean, roles: FrameRoles, channel: number): void {
    const emitter = this.emitter;
    const walk = this.walk;
    const verb = beacon ? 'advertising' : 'answering probes for';
    if (hasFormatSequence(data, walk) && emitter.may(Dot11Alert.FORMATSTRING)) {
      emitter.raise(Dot11Alert.FORMATSTRING, `Access point ${formatMac(roles.source)} is ${verb} SSID "${record.ssid}", which holds printf format sequences that have crashed some clients`, roles, channel);
    }
    if (walk.ssidLength > 0) {
      for (const canary of this.canaries) {
        if (canary.ssid.test(record.ssid) && emitter.may(Dot11Alert.SSIDCANARY)) {
          emitter.raise(Dot11Alert.SSIDCANARY, `Access point ${formatMac(roles.source)} is ${verb} canary SSID "${record.ssid}" (rule ${canary.name}: ${canary.pattern})`, roles, channel);
        }
      }
    }
    if (record.ssid === AIRJACK && emitter.may(Dot11Alert.AIRJACKSSID)) {
      emitter.raise(Dot11Alert.AIRJACKSSID, `Access point ${formatMac(roles.bssid)} advertises SSID "AirJack", set by the AirJack attack tools`, roles, channel);
    }
    if (walk.ssidLength > 0) {
      const rule = this.apSpoof.find((candidate) => isSpoofed(candidate, record.ssid, roles.source));
      if (rule && emitter.may(Dot11Alert.APSPOOF)) {
        emitter.raise(Dot11Alert.APSPOOF, `Unauthorized device ${formatMac(roles.source)} is ${verb} SSID "${record.ssid}", which rule ${rule.name} allows only from its valid MACs: possibly an impersonation`, roles, channel);
      }
    }
  }

  #crypt(record: SsidRecord, roles: FrameRoles, channel: number): void {
    const { ciphers, akms } = this.walk.crypt;
    if (record.ciphers === ciphers && record.akms === akms) return;
    const before = describeCrypt(record.ciphers, record.akms);
    const emitter = this.emitter;
    if ((record.ciphers !== 0 || record.akms !== 0) && ciphers === 0 && akms === 0) {
      if (emitter.may(Dot11Alert.CRYPTODROP)) emitter.raise(Dot11Alert.CRYPTODROP, `Access point ${formatMac(roles.bssid)} SSID "${record.ssid}" dropped its encryption (${before}) and now advertises an open network: possibly an impersonation`, roles, channel);
    } else if (emitter.may(Dot11Alert.ADVCRYPTCHANGE)) {
      emitter.raise(Dot11Alert.ADVCRYPTCHANGE, `Access point ${formatMac(roles.bssid)} SSID "${record.ssid}" changed its advertised encryption from ${before} to ${describeCrypt(ciphers, akms)}: possibly an impersonation`, roles, channel);
    }
    record.ciphers = ciphers;
    record.akms = akms;
  }

  #channel(network: NetworkState, record: SsidRecord, beacon: boolean, roles: FrameRoles, channel: number): void {
    const emitter = this.emitter;
    if (beacon) {
      if (channel !== 0) record.beaconChannel = channel;
      if (this.walk.htPrimary >= 0) {
        record.channel = this.walk.htPrimary;
        return;
      }
      if (record.channel >= 0 && record.channel !== channel && channel !== 0) {
        if (emitter.may(Dot11Alert.CHANCHANGE)) emitter.raise(Dot11Alert.CHANCHANGE, `Access point ${formatMac(roles.bssid)} SSID "${record.ssid}" moved from channel ${record.channel} to ${channel}: an evil twin, or the access point changing channel`, roles, channel);
        record.channel = channel;
      }
      return;
    }
    const beaconed = network.ssid(true, record.key);
    if (beaconed !== undefined && beaconed.beaconChannel !== 0 && channel !== 0 && channel !== beaconed.beaconChannel && emitter.may(Dot11Alert.PROBECHAN)) {
      emitter.raise(Dot11Alert.PROBECHAN, `Access point ${formatMac(roles.bssid)} SSID "${record.ssid}" answered a probe naming channel ${channel} while its beacons name ${beaconed.beaconChannel}: an evil twin, or a misbehaving repeater`, roles, channel);
    }
  }

  #country(record: SsidRecord, roles: FrameRoles, channel: number): void {
    const country = this.walk.country;
    if (record.country !== -1 && record.country !== country && this.emitter.may(Dot11Alert.DOT11D)) {
      this.emitter.raise(Dot11Alert.DOT11D, `Access point ${formatMac(roles.bssid)} SSID "${record.ssid}" changed its 802.11d country from ${countryText(record.country)} to ${countryText(country)}: possibly an impersonation`, roles, channel);
    }
    record.country = country;
  }

  #interval(record: SsidRecord, interval: number, roles: FrameRoles, channel: number): void {
    if (interval === 0 || record.interval === interval) return;
    if (record.interval !== 0 && this.emitter.may(Dot11Alert.BEACONRATE)) {
      this.emitter.raise(Dot11Alert.BEACONRATE, `Access point ${formatMac(roles.bssid)} SSID "${record.ssid}" changed its beacon interval from ${record.interval} to ${interval} TU: possibly an impersonation`, roles, channel);
    }
    record.interval = interval;
  }
}

/** The SSID as text: its bytes up to the first NUL as UTF-8; empty when absent or blank. */
export function ssidText(data: Buffer, walk: Pick<ElementWalk, 'ssidStart' | 'ssidLength' | 'ssidBlank'>): string {
  if (walk.ssidLength <= 0 || walk.ssidBlank) return '';
  const end = walk.ssidStart + walk.ssidLength;
  const nul = data.indexOf(0, walk.ssidStart);
  return data.toString('utf8', walk.ssidStart, nul >= 0 && nul < end ? nul : end);
}

/** True when the SSID (up to its first NUL) holds %s, %n, %p or %@. */
function hasFormatSequence(data: Buffer, walk: ElementWalk): boolean {
  if (walk.ssidLength <= 0 || walk.ssidBlank) return false;
  const end = walk.ssidStart + walk.ssidLength;
  for (let i = walk.ssidStart; i + 1 < end && data[i] !== 0; i++) {
    if (data[i] === PERCENT && FORMAT_LETTERS.has(data[i + 1]!)) return true;
  }
  return false;
}

function countryText(country: number): string {
  return country < 0 ? 'none' : `'${String.fromCharCode(country >> 8, country & 0xff)}'`;
}
