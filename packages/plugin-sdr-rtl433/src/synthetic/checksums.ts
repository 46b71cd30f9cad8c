/**
 * The integrity checks sensors put in their messages, computed as rtl_433's `util.c` checks
 * them, so a synthetic message passes the decoder's check exactly as a real one does.
 */

/** CRC-8, most significant bit first, over `bytes` (rtl_433's `crc8`). */
export function crc8(bytes: readonly number[], polynomial: number, init: number): number {
  let remainder = init;
  for (const byte of bytes) {
    remainder ^= byte;
    for (let bit = 0; bit < 8; bit++) remainder = remainder & 0x80 ? ((remainder << 1) ^ polynomial) & 0xff : (remainder << 1) & 0xff;
  }
  return remainder;
}

/** The low byte of the sum of `bytes` (rtl_433's `add_bytes(...) & 0xff`). */
export function byteSum(bytes: readonly number[]): number {
  return bytes.reduce((sum, byte) => sum + byte, 0) & 0xff;
}

/** 1 when `value` has an odd number of set bits. */
export function oddParity(value: number): 0 | 1 {
  let ones = 0;
  for (let rest = value; rest > 0; rest >>>= 1) ones += rest & 1;
  return (ones & 1) as 0 | 1;
}

/** The bits of `byte` in reverse order (rtl_433's `reverse8`). */
export function reverse8(byte: number): number {
  let reversed = 0;
  for (let bit = 0; bit < 8; bit++) if (byte & (1 << bit)) reversed |= 0x80 >> bit;
  return reversed;
}
