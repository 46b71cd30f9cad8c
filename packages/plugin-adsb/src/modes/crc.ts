/**
 * Mode S CRC-24 (generator 0xFFF409) and the syndrome-based single-bit repair dump1090 performs on
 * DF11/17/18 frames. Table driven: one lookup per byte, so a 14-byte frame costs 11 table reads.
 */

const GENERATOR = 0xfff409;

const BYTE_TABLE: Uint32Array = (() => {
  const table = new Uint32Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let crc = byte << 16;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x800000 ? ((crc << 1) ^ GENERATOR) & 0xffffff : (crc << 1) & 0xffffff;
    table[byte] = crc;
  }
  return table;
})();

/**
 * The CRC residual (syndrome) of a 7- or 14-byte frame: the CRC of the data bits XORed with the frame's
 * last 24 bits. Zero for a clean DF17/18; the address for address/parity formats; the interrogator code
 * for DF11.
 */
export function modeSResidual(frame: Uint8Array): number {
  const dataBytes = frame.length - 3;
  let crc = 0;
  for (let i = 0; i < dataBytes; i++) crc = ((crc << 8) & 0xffffff) ^ BYTE_TABLE[((crc >>> 16) ^ frame[i]!) & 0xff]!;
  return crc ^ ((frame[dataBytes]! << 16) | (frame[dataBytes + 1]! << 8) | frame[dataBytes + 2]!);
}

/** Residual of a frame of `bytes` length that is all zero except bit `bit` (0 = first bit). */
function singleBitSyndrome(bytes: number, bit: number): number {
  const frame = new Uint8Array(bytes);
  frame[bit >> 3] = 0x80 >> (bit & 7);
  return modeSResidual(frame);
}

/**
 * Syndrome -> bit index for every single-bit error outside the DF field (bits 0-4 are never repaired, as in
 * dump1090, because a wrong DF changes how the whole frame is read). The CRC is linear, so a frame with one
 * flipped bit has exactly that bit's syndrome as its residual.
 */
function syndromeTable(bytes: number): Map<number, number> {
  const table = new Map<number, number>();
  for (let bit = 5; bit < bytes * 8; bit++) table.set(singleBitSyndrome(bytes, bit), bit);
  return table;
}

const SHORT_SYNDROMES = syndromeTable(7);
const LONG_SYNDROMES = syndromeTable(14);

/**
 * The bit a single-bit error sits at, given a frame's non-zero residual, or undefined when the residual is
 * not a single-bit syndrome (then more than one bit is wrong and the frame cannot be repaired safely).
 */
export function singleBitErrorPosition(frameBytes: number, residual: number): number | undefined {
  return (frameBytes === 7 ? SHORT_SYNDROMES : LONG_SYNDROMES).get(residual);
}

/** Flips bit `bit` (0 = first bit of the frame) in place. */
export function flipBit(frame: Uint8Array, bit: number): void {
  frame[bit >> 3]! ^= 0x80 >> (bit & 7);
}
