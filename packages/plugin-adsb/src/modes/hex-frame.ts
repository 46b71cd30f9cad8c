/**
 * Hex text to frame bytes for the AVR formats (`*8d4840d6202cc371c32ce0576098;`, `@<12 hex MLAT>...;`),
 * without allocating substrings: the reader hands the line's range.
 */

/** Value of each hex digit by its char code (below 128), -1 for any other character. */
const HEX_DIGITS = (() => {
  const values = new Int8Array(128).fill(-1);
  for (let digit = 0; digit < 16; digit++) {
    values['0123456789abcdef'.charCodeAt(digit)] = digit;
    values['0123456789ABCDEF'.charCodeAt(digit)] = digit;
  }
  return values;
})();

/** Value of one hex digit char code, or -1. */
function hexDigit(code: number): number {
  return code < 128 ? HEX_DIGITS[code]! : -1;
}

/**
 * The frame in `text[start..end)` as packet data, which must be exactly 14 or 28 hex digits (a 56- or 112-bit frame);
 * undefined for any other length or a non-hex character.
 */
export function frameFromHex(text: string, start: number, end: number): Buffer | undefined {
  const digits = end - start;
  if (digits !== 14 && digits !== 28) return undefined;
  // From Node's shared pool: one small object a frame, where a Uint8Array would be three.
  const frame = Buffer.allocUnsafe(digits >> 1);
  for (let i = 0; i < frame.length; i++) {
    const high = hexDigit(text.charCodeAt(start + 2 * i));
    const low = hexDigit(text.charCodeAt(start + 2 * i + 1));
    if (high < 0 || low < 0) return undefined;
    frame[i] = (high << 4) | low;
  }
  return frame;
}
