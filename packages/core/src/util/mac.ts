/**
 * MAC address handling. svc serves MACs as uppercase colon-separated hex (`AA:BB:CC:DD:EE:FF`),
 * accepts `-`, `:` or no separator on input, and keeps them internally as 48-bit integers
 * (exact in a double), which are cheap to hash, compare and mask.
 */

const HEX_PAIRS = Array.from({ length: 256 }, (_, byte) => byte.toString(16).toUpperCase().padStart(2, '0'));

/** Normalizes a MAC string to `AA:BB:CC:DD:EE:FF`; undefined when it is not a MAC. */
export function normalizeMac(text: string): string | undefined {
  const mac = parseMac(text);
  return mac === undefined ? undefined : formatMac(mac);
}

/** Parses a MAC string to its 48-bit number; undefined when it is not a MAC. */
export function parseMac(text: string): number | undefined {
  // The form svc writes (`AA:BB:CC:DD:EE:FF`), read without building strings: restoring a
  // device tracker reads millions of them.
  if (text.length === 17) {
    let mac = 0;
    for (let at = 0; at < 17; at += 3) {
      const high = hexDigit(text.charCodeAt(at));
      const low = hexDigit(text.charCodeAt(at + 1));
      if (high < 0 || low < 0 || (at < 15 && text.charCodeAt(at + 2) !== 58 && text.charCodeAt(at + 2) !== 45)) return parseOtherMac(text);
      mac = mac * 256 + high * 16 + low;
    }
    return mac;
  }
  return parseOtherMac(text);
}

function parseOtherMac(text: string): number | undefined {
  const hex = text.trim().replace(/[:-]/g, '');
  return /^[0-9A-Fa-f]{12}$/.test(hex) ? Number.parseInt(hex, 16) : undefined;
}

/** The value of a hex digit's character code; -1 when it is none. */
function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

/** Formats a 48-bit MAC number as `AA:BB:CC:DD:EE:FF`. */
export function formatMac(mac: number): string {
  const high = Math.floor(mac / 0x1000000);
  const low = mac % 0x1000000;
  return `${HEX_PAIRS[(high >>> 16) & 0xff]}:${HEX_PAIRS[(high >>> 8) & 0xff]}:${HEX_PAIRS[high & 0xff]}:${HEX_PAIRS[(low >>> 16) & 0xff]}:${HEX_PAIRS[(low >>> 8) & 0xff]}:${HEX_PAIRS[low & 0xff]}`;
}

/** Reads six bytes of a buffer as a MAC number (frame parsers use this in place). */
export function macFromBytes(bytes: Uint8Array, offset: number): number {
  return (
    ((bytes[offset]! << 16) | (bytes[offset + 1]! << 8) | bytes[offset + 2]!) * 0x1000000 +
    ((bytes[offset + 3]! << 16) | (bytes[offset + 4]! << 8) | bytes[offset + 5]!)
  );
}

/** A MAC with a mask: matches MACs equal to `mac` on every bit set in `mask`. */
export interface MacMask {
  readonly mac: number;
  readonly mask: number;
}

/**
 * Parses `<MAC>` or `<MAC>/<mask>`, the mask written as a MAC (`FF:FF:FF:00:00:00`) or as a
 * number of leading bits (`24`). Undefined when malformed.
 */
export function parseMacMask(text: string): MacMask | undefined {
  const [macText, maskText, extra] = text.split('/');
  if (extra !== undefined || macText === undefined) return undefined;
  const mac = parseMac(macText);
  if (mac === undefined) return undefined;
  let mask = 0xffffffffffff;
  if (maskText !== undefined) {
    if (/^\d{1,2}$/.test(maskText.trim())) {
      const bits = Number(maskText);
      if (bits > 48) return undefined;
      mask = bits === 0 ? 0 : 0xffffffffffff - (2 ** (48 - bits) - 1);
    } else {
      const parsed = parseMac(maskText);
      if (parsed === undefined) return undefined;
      mask = parsed;
    }
  }
  return { mac: andMac(mac, mask), mask };
}

/** Bitwise AND of two 48-bit numbers (JavaScript bit operators stop at 32 bits). */
export function andMac(a: number, b: number): number {
  const high = (Math.floor(a / 0x1000000) & Math.floor(b / 0x1000000)) >>> 0;
  const low = ((a % 0x1000000) & (b % 0x1000000)) >>> 0;
  return high * 0x1000000 + low;
}

/** True when a MAC matches a MAC mask. */
export function macMatches(mac: number, mask: MacMask): boolean {
  return andMac(mac, mask.mask) === mask.mac;
}
