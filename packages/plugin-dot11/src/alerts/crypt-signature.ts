/**
 * The encryption an SSID advertises, as Kismet 2025-09-R1 computes it for its CRYPTODROP and
 * ADVCRYPTCHANGE checks: the union of what the RSN element's group, pairwise and AKM suites,
 * the WPA vendor element's suites and version, and an OWE transition element each contribute.
 * Two advertisements are "the same encryption" exactly when Kismet's bitsets are equal, so the
 * alerts fire on the same changes. The privacy bit of the capability field plays no part (Kismet
 * no longer reads it), so WEP without elements counts as open. Kept as two 32-bit words so it
 * stays an unboxed integer pair on the beacon path.
 */

/** Word 0: general modes, then group ciphers, then pairwise ciphers. */
const GENERAL_WEP = 1 << 0;
const GENERAL_WPA = 1 << 1;
const GENERAL_WPA1 = 1 << 2;
const GENERAL_WPA2 = 1 << 3;
const GENERAL_WPA3 = 1 << 4;
const GROUP_SHIFT = 5;
const PAIRWISE_SHIFT = 17;
/** Word 1: AKM suites 1-20 at bits 0-19, then the OWE transition element. */
const OWE_TRANSITION = 1 << 20;

/** Cipher suite types (00-0F-AC numbering) to a bit index 0-11; -1 for none, "no group" and unknown. */
const CIPHER_INDEX = Int8Array.from([-1, 0, 1, 2, 3, 4, 5, -1, 6, 7, 8, 9, 10, 11]);
/** Names of the cipher bits, by index. */
const CIPHER_NAMES = ['WEP40', 'TKIP', 'OCB', 'CCMP', 'WEP104', 'BIP-CMAC', 'GCMP', 'GCMP-256', 'CCMP-256', 'BIP-GMAC', 'BIP-GMAC-256', 'BIP-CMAC-256'] as const;
/** Names of AKM suites 1-20. */
const AKM_NAMES = [
  '802.1X', 'PSK', 'FT-802.1X', 'FT-PSK', '802.1X-SHA256', 'PSK-SHA256', 'TDLS', 'SAE', 'FT-SAE', 'AP-PEERKEY',
  '802.1X-SUITEB', '802.1X-SUITEB-192', 'FT-802.1X-SHA384', 'FILS-SHA256', 'FILS-SHA384', 'FT-FILS-SHA256', 'FT-FILS-SHA384', 'OWE', 'FT-PSK-SHA384', 'PSK-SHA384',
] as const;

const RSN_WEP40 = 1;
const RSN_TKIP = 2;
const RSN_WEP104 = 5;
const RSN_BIP_CMAC = 6;
const RSN_BIP_GMAC = 11;
const RSN_BIP_GMAC_256 = 12;
const RSN_BIP_CMAC_256 = 13;
const WPA_LAST_CIPHER = 7;
const WPA_LAST_AKM = 7;
const RSN_LAST_AKM = 20;
const RSN_FIRST_WPA3_AKM = 8;

/** The two words being built for one frame; reused. */
export class CryptSignature {
  ciphers = 0;
  akms = 0;

  reset(): void {
    this.ciphers = 0;
    this.akms = 0;
  }

  /** An RSN group cipher suite. */
  rsnGroup(type: number): void {
    const index = cipherIndex(type);
    if (index < 0) return;
    this.ciphers |= (isWep(type) ? GENERAL_WEP : GENERAL_WPA) | (1 << (GROUP_SHIFT + index));
  }

  /** An RSN pairwise cipher suite. */
  rsnPairwise(type: number): void {
    const index = cipherIndex(type);
    if (index < 0) return;
    let general = GENERAL_WPA2;
    if (isWep(type)) general = GENERAL_WEP;
    else if (type === RSN_TKIP) general = GENERAL_WPA;
    else if (type === RSN_BIP_CMAC || type === RSN_BIP_GMAC || type === RSN_BIP_GMAC_256 || type === RSN_BIP_CMAC_256) general = GENERAL_WPA3;
    this.ciphers |= general | (1 << (PAIRWISE_SHIFT + index));
  }

  /** An RSN AKM suite: every listed suite marks WPA, a known one its own bit (8 and up also WPA3). */
  rsnAkm(type: number): void {
    this.ciphers |= GENERAL_WPA;
    if (type < 1 || type > RSN_LAST_AKM) return;
    this.akms |= 1 << (type - 1);
    if (type >= RSN_FIRST_WPA3_AKM) this.ciphers |= GENERAL_WPA3;
  }

  /** A WPA (vendor element) group or pairwise cipher suite; `group` picks the bit range. */
  wpaCipher(type: number, group: boolean): void {
    if (type > WPA_LAST_CIPHER) return;
    const index = cipherIndex(type);
    if (index < 0) return;
    this.ciphers |= (isWep(type) ? GENERAL_WEP : GENERAL_WPA) | (1 << ((group ? GROUP_SHIFT : PAIRWISE_SHIFT) + index));
  }

  /** A WPA (vendor element) AKM suite. */
  wpaAkm(type: number): void {
    this.ciphers |= GENERAL_WPA;
    if (type >= 1 && type <= WPA_LAST_AKM) this.akms |= 1 << (type - 1);
  }

  /** The WPA vendor element's version field. */
  wpaVersion(version: number): void {
    if (version === 1) this.ciphers |= GENERAL_WPA1;
    else if (version === 2) this.ciphers |= GENERAL_WPA2;
    else if (version === 3) this.ciphers |= GENERAL_WPA3;
  }

  /** An OWE transition element. */
  oweTransition(): void {
    this.akms |= OWE_TRANSITION;
  }
}

function cipherIndex(type: number): number {
  return type < CIPHER_INDEX.length ? CIPHER_INDEX[type]! : -1;
}

function isWep(type: number): boolean {
  return type === RSN_WEP40 || type === RSN_WEP104;
}

/** Readable form of a signature for alert texts: `Open`, or modes, AKMs and ciphers (`WPA WPA2 PSK CCMP`). */
export function describeCrypt(ciphers: number, akms: number): string {
  if (ciphers === 0 && akms === 0) return 'Open';
  const words: string[] = [];
  const general: [number, string][] = [[GENERAL_WEP, 'WEP'], [GENERAL_WPA, 'WPA'], [GENERAL_WPA1, 'WPA1'], [GENERAL_WPA2, 'WPA2'], [GENERAL_WPA3, 'WPA3']];
  for (const [bit, name] of general) if (ciphers & bit) words.push(name);
  AKM_NAMES.forEach((name, index) => {
    if (akms & (1 << index)) words.push(name);
  });
  if (akms & OWE_TRANSITION) words.push('OWE-transition');
  CIPHER_NAMES.forEach((name, index) => {
    if (ciphers & (1 << (PAIRWISE_SHIFT + index)) || ciphers & (1 << (GROUP_SHIFT + index))) words.push(name);
  });
  return words.join(' ');
}
