/**
 * Hex text to frame bytes for the AVR formats (`*8d4840d6202cc371c32ce0576098;`, `@<12 hex MLAT>...;`),
 * without allocating substrings: the reader hands the line's range.
 */

/** Value of one hex digit char code, or -1. */
function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  if (code >= 65 && code <= 70) return code - 55;
  return -1;
}

/**
 * The frame in `text[start..end)`, which must be exactly 14 or 28 hex digits (a 56- or 112-bit frame);
 * undefined for any other length or a non-hex character.
 */
export function frameFromHex(text: string, start: number, end: number): Uint8Array | undefined {
  const digits = end - start;
  if (digits !== 14 && digits !== 28) return undefined;
  const frame = new Uint8Array(digits >> 1);
  for (let i = 0; i < frame.length; i++) {
    const high = hexDigit(text.charCodeAt(start + 2 * i));
    const low = hexDigit(text.charCodeAt(start + 2 * i + 1));
    if (high < 0 || low < 0) return undefined;
    frame[i] = (high << 4) | low;
  }
  return frame;
}
