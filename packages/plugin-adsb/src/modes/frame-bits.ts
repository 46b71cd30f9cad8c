/** Bit-field access to Mode S frames, numbered from 1 as in the ICAO Annex 10 tables and dump1090. */

/**
 * Bits `first`..`last` (1-based, inclusive, at most 32 bits wide) of a frame as an unsigned number.
 * Reads whole bytes and shifts once, so it costs a handful of operations on the hot path.
 */
export function bits(frame: Uint8Array, first: number, last: number): number {
  const firstByte = (first - 1) >> 3;
  const lastByte = (last - 1) >> 3;
  let value = 0;
  for (let i = firstByte; i <= lastByte; i++) value = value * 256 + frame[i]!;
  const width = last - first + 1;
  const drop = 7 - ((last - 1) & 7);
  return Math.floor(value / 2 ** drop) % 2 ** width;
}
