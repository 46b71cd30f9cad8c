/**
 * Device keys (decisions.md "Device keys"): `<16 hex PHY prefix>_<12 hex MAC>`, uppercase. The
 * prefix is Kismet's: its adler32 variant of the PHY name (sums start at 0, no modulo, names
 * under 4 bytes give 0), byte-swapped into the high half of 64 bits and printed as 16 hex digits
 * (`IEEE802.11` -> `4202770D00000000`). The MAC half is the MAC in natural order.
 */

/** Kismet's adler32 variant over the bytes of a string (Latin-1 / UTF-8 bytes). */
export function kismetChecksum(text: string): number {
  return kismetChecksumOfBytes(Buffer.from(text, 'utf8'));
}

/** Kismet's adler32 variant over bytes (sums start at 0, no modulo; under 4 bytes give 0). */
export function kismetChecksumOfBytes(bytes: Uint8Array): number {
  if (bytes.length < 4) return 0;
  let s1 = 0;
  let s2 = 0;
  for (const byte of bytes) {
    s1 = (s1 + byte) >>> 0;
    s2 = (s2 + s1) >>> 0;
  }
  return ((s1 & 0xffff) + ((s2 << 16) >>> 0)) >>> 0;
}

/** The 16-hex-digit key prefix of a PHY. */
export function phyKeyPrefix(phyName: string): string {
  const sum = kismetChecksum(phyName);
  const swapped = ((sum & 0xff) << 24) | ((sum & 0xff00) << 8) | ((sum >>> 8) & 0xff00) | (sum >>> 24);
  return `${(swapped >>> 0).toString(16).toUpperCase().padStart(8, '0')}00000000`;
}

/** A MAC held as a 48-bit integer, the form the tracker indexes devices by. */
export type MacNumber = number;

/** Formats a 48-bit MAC number as 12 uppercase hex digits. */
export function macHex12(mac: MacNumber): string {
  return mac.toString(16).toUpperCase().padStart(12, '0');
}

/**
 * Builds a device key from a PHY prefix and a MAC number. Joined, not concatenated: V8 keeps a
 * concatenation of long strings as a chain of pieces (three here, some 80 bytes more for every
 * device the tracker holds), where a join makes one flat string.
 */
export function deviceKey(prefix: string, mac: MacNumber): string {
  return [prefix, macHex12(mac)].join('_');
}

/** Splits a key into prefix and MAC; undefined when it is not a well-formed key. */
export function parseDeviceKey(text: string): { prefix: string; mac: MacNumber } | undefined {
  const match = /^([0-9A-Fa-f]{16})_([0-9A-Fa-f]{12})$/.exec(text.trim());
  if (!match) return undefined;
  return { prefix: match[1]!.toUpperCase(), mac: Number.parseInt(match[2]!, 16) };
}
