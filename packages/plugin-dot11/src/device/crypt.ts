/**
 * The encryption a network advertises, from the privacy bit of its capability field and its
 * RSN and WPA elements: Kismet's crypt bitfield (`crypt_set`; bit values as its `crypt_*`
 * constants so existing clients read them), the printable summary derived from it (`WPA2-PSK`,
 * `WPA3-SAE`, `WEP`, `Open`), and the PHY-independent `basic_crypt_set`.
 */
import type { Dot11Ies } from '../parse/ies.js';

/** Crypt bitfield values. */
export const Crypt = {
  NONE: 0,
  WEP: 1 << 1,
  WEP40: 1 << 3,
  WEP104: 1 << 4,
  TKIP: 1 << 5,
  WPA: 1 << 6,
  PSK: 1 << 7,
  AES_CCM: 1 << 9,
  EAP: 1 << 11,
  /** WPA3 enterprise 192-bit (Suite B); a bit of svc's own, above Kismet's. */
  EAP_SUITE_B: 1 << 30,
  SAE: 1 << 16,
  OWE: 1 << 17,
  WPS: 1 << 26,
  VERSION_WPA: 1 << 27,
  VERSION_WPA2: 1 << 28,
  VERSION_WPA3: 1 << 29,
} as const;

/** `svc.device.base.basic_crypt_set` bits, common to every PHY. */
export const BasicCrypt = { NONE: 0, ENCRYPTED: 1 << 1, L2: 1 << 2, L3: 1 << 3, WEAK: 1 << 4, DECRYPTED: 1 << 5 } as const;

/** Capability bit: the network requires privacy (WEP, or WPA/RSN when those elements are present). */
export const CAPABILITY_PRIVACY = 0x0010;

const PSK_AKMS = new Set([2, 4, 6]);
const EAP_AKMS = new Set([1, 3, 5, 11]);
const SAE_AKMS = new Set([8, 9, 24]);
const AKM_OWE = 18;
const AKM_SUITE_B_192 = 12;

/**
 * The crypt bitfield of a beacon, probe response or probe request: the modes its RSN and WPA
 * elements offer, or WEP when only the privacy bit is set. Allocates nothing, as it runs for
 * every beacon.
 */
export function cryptSet(capability: number | undefined, ies: Dot11Ies | undefined): number {
  const privacy = capability !== undefined && (capability & CAPABILITY_PRIVACY) !== 0;
  const rsn = ies?.rsn;
  const wpa = ies?.wpa;
  let set = ies?.wps ? Crypt.WPS : Crypt.NONE;
  if (wpa) {
    set |= Crypt.WPA | Crypt.VERSION_WPA | cipherBits(wpa.pairwiseCiphers, wpa.groupCipher);
    if (wpa.akms.length === 0) set |= Crypt.EAP;
    for (const akm of wpa.akms) set |= akm === 2 ? Crypt.PSK : Crypt.EAP;
  }
  if (rsn) {
    set |= Crypt.WPA | cipherBits(rsn.pairwiseCiphers, rsn.groupCipher);
    // An RSN element without an AKM list means 802.1X (IEEE 802.11-2020 9.4.2.24.1).
    if (rsn.akms.length === 0) set |= Crypt.EAP | Crypt.VERSION_WPA2;
    for (const akm of rsn.akms) {
      if (PSK_AKMS.has(akm)) set |= Crypt.PSK | Crypt.VERSION_WPA2;
      else if (EAP_AKMS.has(akm)) set |= Crypt.EAP | Crypt.VERSION_WPA2;
      else if (SAE_AKMS.has(akm)) set |= Crypt.SAE | Crypt.VERSION_WPA3;
      else if (akm === AKM_OWE) set |= Crypt.OWE | Crypt.VERSION_WPA3;
      else if (akm === AKM_SUITE_B_192) set |= Crypt.EAP_SUITE_B | Crypt.VERSION_WPA3;
      else set |= Crypt.VERSION_WPA2;
    }
  }
  if (!rsn && !wpa && privacy) set |= Crypt.WEP;
  return set;
}

const texts = new Map<number, string>();

/**
 * The printable summary of a crypt bitfield: each mode on offer, separated by spaces
 * (`WPA2-PSK WPA3-SAE`), `WEP`, or `Open`. Remembered per bitfield.
 */
export function cryptText(set: number): string {
  let text = texts.get(set);
  if (text !== undefined) return text;
  const modes: string[] = [];
  for (const [version, name] of [[Crypt.VERSION_WPA, 'WPA'], [Crypt.VERSION_WPA2, 'WPA2']] as const) {
    if (!(set & version)) continue;
    const before = modes.length;
    if (set & Crypt.PSK) modes.push(`${name}-PSK`);
    if (set & Crypt.EAP) modes.push(`${name}-EAP`);
    if (modes.length === before) modes.push(name);
  }
  if (set & Crypt.VERSION_WPA3) {
    if (set & Crypt.SAE) modes.push('WPA3-SAE');
    if (set & Crypt.OWE) modes.push('WPA3-OWE');
    if (set & Crypt.EAP_SUITE_B) modes.push('WPA3-EAP-192');
  }
  if (set & Crypt.WEP) modes.push('WEP');
  text = modes.length ? modes.join(' ') : 'Open';
  texts.set(set, text);
  return text;
}

/** The basic crypt bits of a crypt bitfield. */
export function basicCryptSet(set: number): number {
  if ((set & ~Crypt.WPS) === 0) return BasicCrypt.NONE;
  let basic = BasicCrypt.ENCRYPTED | BasicCrypt.L2;
  if (set & Crypt.WEP) basic |= BasicCrypt.WEAK;
  return basic;
}

function cipherBits(pairwise: readonly number[], group: number | undefined): number {
  let bits = group === undefined ? 0 : cipherBit(group);
  for (const cipher of pairwise) bits |= cipherBit(cipher);
  return bits;
}

function cipherBit(cipher: number): number {
  if (cipher === 1) return Crypt.WEP40;
  if (cipher === 5) return Crypt.WEP104;
  if (cipher === 2) return Crypt.TKIP;
  if (cipher === 4 || cipher === 10) return Crypt.AES_CCM;
  return 0;
}
