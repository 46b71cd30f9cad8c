/**
 * Alerts on single frames that carry a known tool's or exploit's signature, checked when the
 * frame is read (so their channel is "0"), as Kismet's dissector does:
 *
 * - MSFBCOMSSID: a beacon from 90:E9:75, the source OUI of Metasploit's Broadcom exploit;
 * - MSFNETGEARBEACON: a beacon of 1184 bytes or more with Metasploit's Netgear payload at 1180;
 * - BCOM11KCHAN: a radio measurement action frame whose neighbor report names a channel above
 *   224 (Kismet reads action frames two bytes early; svc reads them where they start);
 * - NETSTUMBLER and LUCENTTEST: the LLC probes of NetStumbler and of the Lucent link test tool,
 *   as Kismet read them before its rewrite (it still registers both alerts, off by default).
 */
import { formatMac } from '@svc/core';
import type { AlertEmitter } from './alert-emitter.js';
import { Dot11Alert } from './alert-catalog.js';
import type { FrameRoles } from './frame-roles.js';

const MSF_BROADCOM_OUI = 0x90e975;
const NETGEAR_LENGTH = 1184;
const NETGEAR_OFFSET = 1180;
const NETGEAR_PAYLOAD = 0x6a395801;
const CATEGORY_RADIO_MEASUREMENT = 5;
const TAG_NEIGHBOR_REPORT = 52;
const NEIGHBOR_REPORT_LENGTH = 13;
const NEIGHBOR_CHANNEL = 11;
const MAX_CHANNEL = 224;
const PROBE_LLC_OUI = 0x00601d;
const LLC_UI = 0xaaaa03;
const PROBE_SIGNATURE = 12;
/** NetStumbler versions by the three bytes at offset 12 of the LLC probe. */
const NETSTUMBLER_VERSIONS = new Map([
  [0x466c75, '3.22'],
  [0x416c6c, '3.23'],
  [0x202020, '3.30'],
]);
const LUCENT_SIGNATURE = 0x00010203;

/** Beacon signatures; `frame` is the 802.11 frame `data[start, end)`. */
export function checkBeaconSignatures(data: Buffer, start: number, end: number, roles: FrameRoles, emitter: AlertEmitter): void {
  if (roles.sourceHigh === MSF_BROADCOM_OUI && emitter.may(Dot11Alert.MSFBCOMSSID)) {
    emitter.raise(Dot11Alert.MSFBCOMSSID, `Beacon from ${formatMac(roles.source)}, the source OUI of the Metasploit Broadcom driver exploit`, roles, 0);
  }
  if (end - start >= NETGEAR_LENGTH && data.readUInt32BE(start + NETGEAR_OFFSET) === NETGEAR_PAYLOAD && emitter.may(Dot11Alert.MSFNETGEARBEACON)) {
    emitter.raise(Dot11Alert.MSFNETGEARBEACON, `Over-sized beacon from ${formatMac(roles.source)} carrying the Metasploit Netgear driver exploit`, roles, 0);
  }
}

/** An unprotected action frame whose body is `data[body, end)`: 802.11k neighbor reports. */
export function checkActionFrame(data: Buffer, body: number, end: number, roles: FrameRoles, emitter: AlertEmitter): void {
  if (end - body < 3 || data[body] !== CATEGORY_RADIO_MEASUREMENT) return;
  const start = body + 3;
  let at = start;
  while (end - at >= 2) at += 2 + data[at + 1]!;
  if (at !== end) return;
  for (at = start; at < end; at += 2 + data[at + 1]!) {
    if (data[at] !== TAG_NEIGHBOR_REPORT || data[at + 1]! < NEIGHBOR_REPORT_LENGTH) continue;
    const channel = data[at + 2 + NEIGHBOR_CHANNEL]!;
    if (channel > MAX_CHANNEL && emitter.may(Dot11Alert.BCOM11KCHAN)) {
      emitter.raise(Dot11Alert.BCOM11KCHAN, `Access point ${formatMac(roles.bssid)} sent an 802.11k neighbor report naming channel ${channel} (the highest is 224): possibly an exploit of Broadcom firmware in phones`, roles, 0);
    }
  }
}

/** An unprotected data frame whose body is `data[body, end)`: NetStumbler and Lucent probes. */
export function checkDataSignatures(data: Buffer, body: number, end: number, roles: FrameRoles, emitter: AlertEmitter): void {
  if (end - body <= PROBE_SIGNATURE + 3 || data.readUIntBE(body, 3) !== LLC_UI || data.readUIntBE(body + 3, 3) !== PROBE_LLC_OUI) return;
  if (end - body > PROBE_SIGNATURE + 4 && data.readUInt32BE(body + PROBE_SIGNATURE) === LUCENT_SIGNATURE) {
    if (emitter.may(Dot11Alert.LUCENTTEST)) emitter.raise(Dot11Alert.LUCENTTEST, `Lucent link test probe from ${formatMac(roles.source)}`, roles, 0);
    return;
  }
  const version = NETSTUMBLER_VERSIONS.get(data.readUIntBE(body + PROBE_SIGNATURE, 3));
  if (emitter.may(Dot11Alert.NETSTUMBLER)) emitter.raise(Dot11Alert.NETSTUMBLER, `NetStumbler ${version ?? '(unknown version)'} probe from ${formatMac(roles.source)}`, roles, 0);
}
