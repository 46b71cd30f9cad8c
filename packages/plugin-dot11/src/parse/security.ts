/**
 * RSN (tag 48) and WPA (Microsoft vendor IE 00:50:F2 type 1) elements: version, group and
 * pairwise ciphers and key management suites, read in place. An element cut short keeps what
 * was whole (as tshark shows a partial RSN IE) and says so.
 */

/** Cipher and AKM suites of one RSN or WPA element. */
export interface SecuritySuites {
  readonly version: number;
  /** Group cipher suite type (00-0F-AC or 00-50-F2 numbering). */
  groupCipher?: number;
  readonly pairwiseCiphers: number[];
  readonly akms: number[];
  /** The element ended before its declared lists did. */
  truncated: boolean;
}

/** Cipher suite names, IEEE 802.11-2020 Table 9-149. */
export const CIPHER_NAMES: Readonly<Record<number, string>> = { 1: 'WEP-40', 2: 'TKIP', 4: 'CCMP', 5: 'WEP-104', 8: 'GCMP', 9: 'GCMP-256', 10: 'CCMP-256' };
/** AKM suite names, IEEE 802.11-2020 Table 9-151. */
export const AKM_NAMES: Readonly<Record<number, string>> = {
  1: '802.1X', 2: 'PSK', 3: 'FT-802.1X', 4: 'FT-PSK', 5: '802.1X-SHA256', 6: 'PSK-SHA256', 8: 'SAE', 9: 'FT-SAE',
  11: '802.1X-SuiteB', 12: '802.1X-SuiteB-192', 18: 'OWE', 24: 'SAE-EXT-KEY',
};

/**
 * Reads suites from an RSN body (`start` at the version field) or the body of a WPA vendor IE
 * after its OUI and type. Both share the layout: version, group suite, counted pairwise list,
 * counted AKM list.
 */
export function parseSecuritySuites(data: Buffer, start: number, end: number): SecuritySuites {
  const suites: SecuritySuites = { version: 0, pairwiseCiphers: [], akms: [], truncated: false };
  if (end - start < 2) {
    suites.truncated = true;
    return suites;
  }
  (suites as { version: number }).version = data.readUInt16LE(start);
  let at = start + 2;
  if (end - at < 4) return suites; // version only: allowed, the rest defaults
  suites.groupCipher = data[at + 3];
  at += 4;
  at = readSuiteList(data, at, end, suites.pairwiseCiphers, suites);
  if (at >= 0) readSuiteList(data, at, end, suites.akms, suites);
  return suites;
}

/**
 * Reads a counted suite list at `at` into `list`; returns where the next field starts, or -1
 * when the element ends first (marking `suites` truncated if a suite was cut).
 */
function readSuiteList(data: Buffer, at: number, end: number, list: number[], suites: SecuritySuites): number {
  if (end - at < 2) return -1;
  const count = data.readUInt16LE(at);
  at += 2;
  for (let i = 0; i < count; i++) {
    if (end - at < 4) {
      suites.truncated = true;
      return -1;
    }
    list.push(data[at + 3]!);
    at += 4;
  }
  return at;
}
