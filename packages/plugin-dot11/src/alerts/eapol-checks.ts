/**
 * Checks on the 802.1X (EAPOL) frames of unprotected data frames, after Kismet's handshake
 * dissector and `process_wpa_handshake`. An EAPOL-Key frame of a network (a unicast BSSID) is
 * looked at once for each device Kismet links to the network in the frame (the source, and a
 * destination other than the network; usually one of them), as Kismet runs its dissector for
 * each:
 *
 * - RTL8195VD1406: an 802.1X body longer than 512 bytes;
 * - NONCEDEGRADE: a group key message 2 or 4 (MIC, no ACK, no install, no key data, pairwise
 *   bit clear) with an all-zero nonce;
 * - VDOO202027302 / VDOO202027301: a message 3 from the access point with more than 128 bytes of
 *   AES key data / more than 257 bytes with another key descriptor version;
 * - NONCEREUSE: a message 3 repeating a nonce sent to that device before, with a replay counter
 *   not above the stored one, more than a second (capture time) later; or a message 1 repeating
 *   an ANonce with such a counter and without the retry bit.
 *
 * WPSBRUTE: more than 5 WPS M3 messages (EAP requests from the access point, Wi-Fi Simple
 * Configuration message type 7) from one network, each within 5 minutes (capture time) of the
 * one before, as a PIN brute force sends one per guess. Kismet never decodes the EAP body for
 * this check, so never raises it; svc decodes it.
 */
import { formatMac } from '@svc/core';
import type { AlertEmitter } from './alert-emitter.js';
import { Dot11Alert } from './alert-catalog.js';
import type { BoundedMacState } from './bounded-mac-state.js';
import type { FrameRoles } from './frame-roles.js';
import { MAX_NONCES, NonceRecord, type NetworkState, type StationState } from './network-state.js';

const LLC_EAPOL_HIGH = 0xaaaa0300;
const LLC_EAPOL_LOW = 0x0000888e;
const LLC_LENGTH = 8;
const DOT1X_HEADER = 4;
const DOT1X_EAP_PACKET = 0;
const DOT1X_KEY = 3;
const RTL8195_MAX = 512;
const DESCRIPTOR_RSN = 2;
/** Key information through key data length: info 2, length 2, replay 8, nonce 32, IV 16, RSC 8, id 8, MIC 16, data length 2. */
const KEY_FIXED = 94;
const NONCE_OFFSET = 12;
const NONCE_LENGTH = 32;
const INFO_PAIRWISE = 0x0008;
const INFO_INSTALL = 0x0040;
const INFO_ACK = 0x0080;
const INFO_MIC = 0x0100;
const DESCRIPTOR_VERSION_AES = 2;
const VDOO_27302_KEY_DATA = 0x80;
const VDOO_27301_KEY_DATA = 0x101;
const EAP_REQUEST = 1;
const EAP_EXPANDED = 254;
const WFA_VENDOR = 0x00372a;
const WFA_SIMPLE_CONFIG = 1;
const WPS_MESSAGE_TYPE = 0x1022;
const WPS_M3 = 7;
const WPS_WINDOW = 300;
const WPS_BRUTE = 5;
const RETRY_WINDOW = 1;

/** The EAPOL checks. */
export class EapolChecks {
  constructor(
    private readonly emitter: AlertEmitter,
    private readonly stations: BoundedMacState<StationState>,
  ) {}

  /** True when the data frame body `data[body, end)` starts with an LLC/SNAP header for 802.1X. */
  static isEapol(data: Buffer, body: number, end: number): boolean {
    return end - body > LLC_LENGTH && data.readUInt32BE(body) === LLC_EAPOL_HIGH && data.readUInt32BE(body + 4) === LLC_EAPOL_LOW;
  }

  /**
   * Checks the 802.1X frame after the LLC header of a data frame of `network` (`fromAp`: sent
   * from the distribution system), heard at capture time `time` (s).
   */
  check(data: Buffer, body: number, end: number, fromAp: boolean, retry: boolean, time: number, roles: FrameRoles, network: NetworkState): void {
    const at = body + LLC_LENGTH;
    if (end - at < DOT1X_HEADER) return;
    const type = data[at + 1]!;
    const length = data.readUInt16BE(at + 2);
    const content = at + DOT1X_HEADER;
    if (content + length > end) return;
    if (type === DOT1X_EAP_PACKET) {
      if (isWpsM3(data, content, content + length)) this.#wps(network, time, roles);
      return;
    }
    if (type !== DOT1X_KEY) return;
    if (roles.hasSourceDevice) this.#key(data, content, content + length, true, fromAp, retry, time, roles);
    if (roles.hasDestDevice) this.#key(data, content, content + length, false, fromAp, retry, time, roles);
  }

  /** One EAPOL-Key frame `data[start, end)`, on behalf of the linked device: the source (`ofSource`) or the destination. */
  #key(data: Buffer, start: number, end: number, ofSource: boolean, fromAp: boolean, retry: boolean, time: number, roles: FrameRoles): void {
    const emitter = this.emitter;
    if (end - start > RTL8195_MAX && emitter.may(Dot11Alert.RTL8195VD1406)) {
      emitter.raise(Dot11Alert.RTL8195VD1406, `EAPOL-Key frame of ${end - start} bytes (more than 512) from ${formatMac(roles.source)}: possibly an exploit of Realtek RTL8195 firmware (CVE-2020-9395)`, roles, 0);
    }
    if (end - start < 1 || data[start] !== DESCRIPTOR_RSN) return;
    const key = start + 1;
    if (end - key < KEY_FIXED) return;
    const info = data.readUInt16BE(key);
    const keyDataLength = data.readUInt16BE(key + KEY_FIXED - 2);
    if (key + KEY_FIXED + keyDataLength > end) return;
    const ack = (info & INFO_ACK) !== 0;
    const mic = (info & INFO_MIC) !== 0;
    const install = (info & INFO_INSTALL) !== 0;
    const nonce = key + NONCE_OFFSET;
    const nonceZero = isZero(data, nonce, nonce + NONCE_LENGTH);
    let message = 0;
    if (ack && !mic && !install) message = 1;
    else if (mic && !ack && !install) {
      message = keyDataLength !== 0 ? 2 : 4;
      if (keyDataLength === 0 && (info & INFO_PAIRWISE) === 0 && nonceZero && emitter.may(Dot11Alert.NONCEDEGRADE)) {
        emitter.raise(Dot11Alert.NONCEDEGRADE, `WPA key message from ${formatMac(roles.source)} to ${formatMac(roles.dest)} with no key data and an all-zero nonce: possibly a nonce degradation attack on the supplicant`, roles, 0);
      }
    } else if (mic && ack) message = 3;
    if (keyDataLength !== 0 && install && ack && fromAp) {
      if ((info & 0x07) === DESCRIPTOR_VERSION_AES && keyDataLength > VDOO_27302_KEY_DATA) {
        if (emitter.may(Dot11Alert.VDOO202027302)) emitter.raise(Dot11Alert.VDOO202027302, `Handshake message 3 from ${formatMac(roles.source)} with ${keyDataLength} bytes of AES key data (more than 128): possibly an exploit of Realtek RTL8710C modules (CVE-2020-27302)`, roles, 0);
      } else if (keyDataLength > VDOO_27301_KEY_DATA && emitter.may(Dot11Alert.VDOO202027301)) {
        emitter.raise(Dot11Alert.VDOO202027301, `Handshake message 3 from ${formatMac(roles.source)} with ${keyDataLength} bytes of key data (more than 257): possibly an exploit of Realtek RTL8710C modules (CVE-2020-27301)`, roles, 0);
      }
    }
    if ((message === 1 || message === 3) && !nonceZero) {
      const replayCounter = data.readBigUInt64BE(key + 4);
      const station = ofSource ? this.stations.obtain(roles.sourceHigh, roles.sourceLow) : this.stations.obtain(roles.destHigh, roles.destLow);
      this.#nonce(station, message, data, nonce, replayCounter, retry, time, roles);
    }
  }

  #nonce(station: StationState, message: number, data: Buffer, nonce: number, replayCounter: bigint, retry: boolean, time: number, roles: FrameRoles): void {
    const list = message === 3 ? (station.nonces ??= []) : (station.anonces ??= []);
    let reused = false;
    let seen = false;
    for (const record of list) {
      if (data.compare(record.nonce, 0, NONCE_LENGTH, nonce, nonce + NONCE_LENGTH) !== 0) continue;
      seen = true;
      if (replayCounter <= record.replayCounter) {
        const late = Math.abs(time - record.time) > RETRY_WINDOW;
        reused = message === 3 || retry ? late : true;
      } else record.replayCounter = replayCounter;
      break;
    }
    if (!seen) {
      if (list.length >= MAX_NONCES) list.shift();
      list.push(new NonceRecord(Buffer.from(data.subarray(nonce, nonce + NONCE_LENGTH)), replayCounter, time));
      return;
    }
    if (reused && !retry && this.emitter.may(Dot11Alert.NONCEREUSE)) {
      this.emitter.raise(
        Dot11Alert.NONCEREUSE,
        `WPA handshake message ${message} from ${formatMac(roles.source)} to ${formatMac(roles.dest)} reuses ${message === 1 ? 'ANonce' : 'nonce'} ${data.toString('hex', nonce, nonce + NONCE_LENGTH).toUpperCase()}: possibly a KRACK-style key reinstallation attack`,
        roles,
        0,
      );
    }
  }

  #wps(network: NetworkState, time: number, roles: FrameRoles): void {
    network.wpsM3 = time - network.wpsM3Time > WPS_WINDOW ? 1 : network.wpsM3 + 1;
    network.wpsM3Time = time;
    if (network.wpsM3 <= WPS_BRUTE) return;
    if (this.emitter.may(Dot11Alert.WPSBRUTE)) {
      this.emitter.raise(Dot11Alert.WPSBRUTE, `Access point ${formatMac(roles.bssid)} sent more than ${WPS_BRUTE} WPS M3 messages, each within 5 minutes of the last: a WPS PIN brute force such as Reaver`, roles, 0);
    }
    network.wpsM3 = 1;
  }
}

/** True when the EAP packet `data[start, end)` is a request carrying WPS message M3. */
function isWpsM3(data: Buffer, start: number, end: number): boolean {
  if (end - start < 14 || data[start] !== EAP_REQUEST || data[start + 4] !== EAP_EXPANDED) return false;
  if (data.readUIntBE(start + 5, 3) !== WFA_VENDOR || data.readUInt32BE(start + 8) !== WFA_SIMPLE_CONFIG) return false;
  for (let at = start + 14; end - at >= 4; ) {
    const type = data.readUInt16BE(at);
    const length = data.readUInt16BE(at + 2);
    if (at + 4 + length > end) return false;
    if (type === WPS_MESSAGE_TYPE && length >= 1) return data[at + 4] === WPS_M3;
    at += 4 + length;
  }
  return false;
}

function isZero(data: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (data[i] !== 0) return false;
  return true;
}
