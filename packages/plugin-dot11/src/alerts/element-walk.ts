/**
 * A walk over the information elements of a beacon, probe response, probe request or
 * (re)association request, as Kismet 2025-09-R1's element dissector makes it: elements in frame
 * order, raising the alerts that look at single elements (LONGSSID, MSFDLINKRATE, BADFIXLENIE,
 * RSNLOOP, QCOMEXTENDED, WMMOVERFLOW, and RTLWIFIP2P, which Kismet never reaches) with the
 * channel the elements named so far, and stopping where Kismet gives the frame up as corrupt:
 * an element chain that runs past the frame, an over-long SSID, a poisoned rates element, a
 * DS parameter set longer than one byte, a vendor element shorter than its OUI, and the
 * elements its parsers refuse (a QBSS load of other than 4 or 5 bytes, an HT capabilities
 * element under 26 bytes, an RSN element cut short, a mobility domain under 3 bytes, a WPA, WPS,
 * or OWE transition element cut short). A walk that stops means the frame's SSID,
 * encryption and channel are not used, which keeps the later checks Kismet's.
 *
 * It reads the frame in place into one reused object: nothing is allocated unless an alert is
 * raised, as it runs for most beacons (their elements change with each DTIM count).
 */
import type { AlertEmitter } from './alert-emitter.js';
import { Dot11Alert } from './alert-catalog.js';
import { CryptSignature } from './crypt-signature.js';
import type { FrameRoles } from './frame-roles.js';
import { formatMac } from '@svc/core';

const TAG_SSID = 0;
const TAG_RATES = 1;
const TAG_DS = 3;
const TAG_COUNTRY = 7;
const TAG_QBSS = 11;
const TAG_HT_CAPABILITIES = 45;
const TAG_RSN = 48;
const TAG_EXTENDED_RATES = 50;
const TAG_MOBILITY = 54;
const TAG_HT_OPERATION = 61;
const TAG_MESH_ID = 113;
const TAG_EXTENDED_CAPABILITIES = 127;
const TAG_VENDOR_150 = 150;
const TAG_VENDOR = 221;

const MAX_SSID = 32;
const HT_CAPABILITIES_LENGTH = 26;
const HT_OPERATION_LENGTH = 8;
const MOBILITY_LENGTH = 3;
const QCOM_EXTENDED_MAX = 13;
const WMM_PARAMETER_MAX = 24;
const RSN_LOOP_COUNT = 1024;
const P2P_NOA_MAX = 28;

const OUI_MICROSOFT = 0x0050f2;
const OUI_WFA = 0x506f9a;
const OUI_CISCO = 0x004096;
const MS_WPA = 1;
const MS_WMM = 2;
const MS_WPS = 4;
const WFA_P2P = 9;
const WFA_OWE_TRANSITION = 28;
const CISCO_CLIENT_MFP = 0x14;
const P2P_NOTICE_OF_ABSENCE = 12;

/** WPS attributes Kismet reads a fixed number of bytes from: type to the bytes it needs. */
const WPS_MIN_LENGTH = new Map([
  [0x103c, 1], // RF bands
  [0x104a, 1], // version
  [0x1044, 1], // state
  [0x1057, 1], // AP setup locked
  [0x1008, 2], // config methods
]);

/** FNV-1a offset basis and prime. */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** The element walk of one frame; one instance is reused for every frame. */
export class ElementWalk {
  /** The SSID element (offset, length), or -1 when there is none. */
  ssidStart = -1;
  ssidLength = -1;
  /** The SSID is empty or all zero bytes (a cloaked network). */
  ssidBlank = true;
  /** Key of the network's SSID record: a hash of the SSID bytes, of the mesh ID for a mesh without SSID, 0 without either. */
  ssidKey = 0;
  /** Channel of the DS parameter set, 0 when there is none (Kismet's "0"). */
  dsChannel = 0;
  /** Primary channel of a readable HT operation element, -1 when there is none. */
  htPrimary = -1;
  /** The 802.11d country code (its two bytes), -1 when there is no readable country element. */
  country = -1;
  /** The advertised encryption. */
  readonly crypt = new CryptSignature();
  /** An element alert's condition was met (whether or not the throttle let it through). */
  conditionMet = false;

  /**
   * Walks the elements `data[start, end)` of a frame of the given kind, raising element alerts
   * through `emitter` for `roles`. `keyed`: the caller reads the SSID's key and blankness (they
   * cost a pass over the SSID). Returns false where Kismet stops reading the frame.
   */
  walk(data: Buffer, start: number, end: number, beacon: boolean, keyed: boolean, roles: FrameRoles, emitter: AlertEmitter): boolean {
    this.ssidStart = -1;
    this.ssidLength = -1;
    this.ssidBlank = true;
    this.ssidKey = 0;
    this.dsChannel = 0;
    this.htPrimary = -1;
    this.country = -1;
    this.conditionMet = false;
    this.crypt.reset();
    if (!chainFits(data, start, end)) return false;
    for (let at = start; end - at >= 2; ) {
      const tag = data[at]!;
      const length = data[at + 1]!;
      const value = at + 2;
      at = value + length;
      if ((tag === TAG_VENDOR || tag === TAG_VENDOR_150) && length < 3) return false;
      switch (tag) {
        case TAG_SSID:
          if (!this.#ssid(data, value, length, keyed, roles, emitter)) return false;
          break;
        case TAG_RATES:
        case TAG_EXTENDED_RATES:
          if (containsMsfRate(data, value, at)) {
            this.conditionMet = true;
            if (emitter.may(Dot11Alert.MSFDLINKRATE)) emitter.raise(Dot11Alert.MSFDLINKRATE, `Rates element carrying the Metasploit D-Link driver exploit (75 EB 49) from ${formatMac(roles.source)} for network ${formatMac(roles.bssid)}`, roles, this.dsChannel);
            return false;
          }
          break;
        case TAG_DS:
          if (length > 1) {
            this.conditionMet = true;
            if (emitter.may(Dot11Alert.BADFIXLENIE)) {
              emitter.raise(Dot11Alert.BADFIXLENIE, `Frame from ${formatMac(roles.source)} to ${formatMac(roles.dest)} (BSSID ${formatMac(roles.bssid)}) has a DS parameter set element of ${length} bytes; it is always 1. A broken device, or an attempt to overflow a driver.`, roles, this.dsChannel);
            }
            return false;
          }
          this.dsChannel = length === 1 ? data[value]! : 0;
          break;
        case TAG_COUNTRY:
          if (length >= 3) this.country = (data[value]! << 8) | data[value + 1]!;
          break;
        case TAG_QBSS:
          if (length !== 4 && length !== 5) return false;
          break;
        case TAG_HT_CAPABILITIES:
          if (length < HT_CAPABILITIES_LENGTH) return false;
          break;
        case TAG_RSN:
          if (!this.#rsn(data, value, at, roles, emitter)) return false;
          break;
        case TAG_MOBILITY:
          if (length < MOBILITY_LENGTH) return false;
          break;
        case TAG_HT_OPERATION:
          if (length >= HT_OPERATION_LENGTH) this.htPrimary = data[value]!;
          break;
        case TAG_MESH_ID:
          if (keyed && this.ssidLength <= 0) this.ssidKey = hashBytes(data, value, at, FNV_PRIME);
          break;
        case TAG_EXTENDED_CAPABILITIES:
          if (length > QCOM_EXTENDED_MAX) this.conditionMet = true;
          if (length > QCOM_EXTENDED_MAX && emitter.may(Dot11Alert.QCOMEXTENDED)) {
            emitter.raise(Dot11Alert.QCOMEXTENDED, `Network ${formatMac(roles.bssid)} sent an extended capabilities element of ${length} bytes (at most 13 expected): possibly an exploit of Qualcomm drivers (CVE-2019-10539)`, roles, this.dsChannel);
          }
          break;
        case TAG_VENDOR:
          if (!this.#vendor(data, value, at, beacon, roles, emitter)) return false;
          break;
        default:
      }
    }
    return true;
  }

  #ssid(data: Buffer, value: number, length: number, keyed: boolean, roles: FrameRoles, emitter: AlertEmitter): boolean {
    this.ssidStart = value;
    this.ssidLength = length;
    if (length > MAX_SSID) {
      this.conditionMet = true;
      if (emitter.may(Dot11Alert.LONGSSID)) emitter.raise(Dot11Alert.LONGSSID, `SSID element of ${length} bytes (at most 32 allowed) from ${formatMac(roles.source)}: an exploit attempt against drivers that trust its length, or corruption`, roles, this.dsChannel);
      return false;
    }
    if (!keyed) return true;
    this.ssidKey = hashBytes(data, value, value + length, 0);
    this.ssidBlank = true;
    for (let i = value; i < value + length; i++) {
      if (data[i] !== 0) {
        this.ssidBlank = false;
        break;
      }
    }
    return true;
  }

  /** An RSN element: the suites into the signature, or (cut short) the RSNLOOP check. */
  #rsn(data: Buffer, value: number, end: number, roles: FrameRoles, emitter: AlertEmitter): boolean {
    const crypt = this.crypt;
    let at = value + 2;
    if (end - at >= 6) {
      const group = data[at + 3]!;
      const pairwise = data.readUInt16LE(at + 4);
      const akmAt = at + 6 + pairwise * 4;
      if (akmAt + 2 <= end) {
        const akms = data.readUInt16LE(akmAt);
        if (akmAt + 2 + akms * 4 + 2 <= end) {
          crypt.rsnGroup(group);
          for (at += 6; at < akmAt; at += 4) crypt.rsnPairwise(data[at + 3]!);
          for (at = akmAt + 2; at < akmAt + 2 + akms * 4; at += 4) crypt.rsnAkm(data[at + 3]!);
          return true;
        }
      }
      if (pairwise > RSN_LOOP_COUNT) this.conditionMet = true;
      if (pairwise > RSN_LOOP_COUNT && emitter.may(Dot11Alert.RSNLOOP)) {
        emitter.raise(Dot11Alert.RSNLOOP, `RSN element from ${formatMac(roles.source)} claims ${pairwise} pairwise ciphers and is cut short: possibly an attack on Atheros drivers (CVE-2017-9714)`, roles, this.dsChannel);
      }
    }
    return false;
  }

  #vendor(data: Buffer, value: number, end: number, beacon: boolean, roles: FrameRoles, emitter: AlertEmitter): boolean {
    const oui = data.readUIntBE(value, 3);
    const body = value + 3;
    const type = body < end ? data[body]! : -1;
    if (oui === OUI_MICROSOFT) {
      if (type === MS_WMM && beacon && end - value > WMM_PARAMETER_MAX) this.conditionMet = true;
      if (type === MS_WMM && beacon && end - value > WMM_PARAMETER_MAX && emitter.may(Dot11Alert.WMMOVERFLOW)) {
        emitter.raise(Dot11Alert.WMMOVERFLOW, `Network ${formatMac(roles.bssid)} beacons a WMM element of ${end - value} bytes (24 expected), as the Broadpwn attack on Broadcom chips does`, roles, this.dsChannel);
      }
      if (type === MS_WPA) return this.#wpa(data, body + 1, end);
      if (type === MS_WPS) return wpsFits(data, body + 1, end);
      return true;
    }
    if (oui === OUI_CISCO && type === CISCO_CLIENT_MFP) return end - body >= 2;
    if (oui === OUI_WFA) {
      if (type === WFA_OWE_TRANSITION) {
        if (end - body < 8 || end - body < 8 + data[body + 7]!) return false;
        this.crypt.oweTransition();
        return true;
      }
      if (type === WFA_P2P) this.#p2p(data, body + 1, end, roles, emitter);
    }
    return true;
  }

  /** A WPA vendor element after its type byte: version, group, counted pairwise and AKM lists. */
  #wpa(data: Buffer, at: number, end: number): boolean {
    if (end - at < 8) return false;
    const version = data.readUInt16LE(at);
    const group = data[at + 5]!;
    const pairwise = data.readUInt16LE(at + 6);
    const akmAt = at + 8 + pairwise * 4;
    if (akmAt + 2 > end) return false;
    const akms = data.readUInt16LE(akmAt);
    if (akmAt + 2 + akms * 4 > end) return false;
    const crypt = this.crypt;
    crypt.wpaCipher(group, true);
    for (let suite = at + 8; suite < akmAt; suite += 4) crypt.wpaCipher(data[suite + 3]!, false);
    for (let suite = akmAt + 2; suite < akmAt + 2 + akms * 4; suite += 4) crypt.wpaAkm(data[suite + 3]!);
    crypt.wpaVersion(version);
    return true;
  }

  /**
   * Wi-Fi Direct attributes (id, 16-bit length, data): a notice of absence over 28 bytes is
   * RTLWIFIP2P. Kismet never reads these attributes (its OWE branch takes every Wi-Fi Alliance
   * element first, and its loop tests the element's tag instead of the attribute id), so a
   * malformed list does not stop the walk; svc still looks for the over-long notice.
   */
  #p2p(data: Buffer, at: number, end: number, roles: FrameRoles, emitter: AlertEmitter): void {
    while (end - at >= 3) {
      const id = data[at]!;
      const length = data.readUInt16LE(at + 1);
      if (at + 3 + length > end) return;
      if (id === P2P_NOTICE_OF_ABSENCE && length > P2P_NOA_MAX) this.conditionMet = true;
      if (id === P2P_NOTICE_OF_ABSENCE && length > P2P_NOA_MAX && emitter.may(Dot11Alert.RTLWIFIP2P)) {
        emitter.raise(Dot11Alert.RTLWIFIP2P, `Wi-Fi Direct notice of absence of ${length} bytes (at most 28 expected) from ${formatMac(roles.source)}: possibly an exploit of the Linux rtlwifi driver (CVE-2019-17666)`, roles, this.dsChannel);
      }
      at += 3 + length;
    }
  }
}

/** True when the elements `data[start, end)` form a chain that ends exactly at `end`. */
function chainFits(data: Buffer, start: number, end: number): boolean {
  let at = start;
  while (end - at >= 2) at += 2 + data[at + 1]!;
  return at === end;
}

/** True when the rates `data[start, end)` contain the bytes 75 EB 49. */
function containsMsfRate(data: Buffer, start: number, end: number): boolean {
  for (let i = start; i + 3 <= end; i++) if (data[i] === 0x75 && data[i + 1] === 0xeb && data[i + 2] === 0x49) return true;
  return false;
}

/** WPS attributes (16-bit type and length, big-endian) fill the element, each long enough for what Kismet reads. */
function wpsFits(data: Buffer, at: number, end: number): boolean {
  while (at < end) {
    if (end - at < 4) return false;
    const type = data.readUInt16BE(at);
    const length = data.readUInt16BE(at + 2);
    if (at + 4 + length > end) return false;
    if (length < (WPS_MIN_LENGTH.get(type) ?? 0)) return false;
    at += 4 + length;
  }
  return true;
}

/** A 31-bit FNV-1a hash of `data[start, end)` with its length, seeded apart for SSIDs and mesh IDs. */
function hashBytes(data: Buffer, start: number, end: number, seed: number): number {
  let hash = (FNV_OFFSET ^ seed ^ (end - start)) >>> 0;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ data[i]!, FNV_PRIME);
  return (hash & 0x7fffffff) | 1;
}
