/**
 * The parity a Mode S transmitter appends: the CRC-24 of the data bits, XORed with the address
 * for the address/parity formats (DF0/4/5/16/20/21) or with the interrogator code for DF11.
 * For building frames (tests, benchmarks, a replayed feed's own frames), since the decoder
 * only checks parity.
 */
import { modeSResidual } from './crc.js';

/** `frame` (7 or 14 bytes, its last three ignored) with the parity that makes it clean; `overlay` is the address or interrogator code XORed in. */
export function withModeSParity(frame: Uint8Array, overlay = 0): Uint8Array {
  const out = Uint8Array.from(frame);
  const end = out.length - 3;
  out[end] = 0;
  out[end + 1] = 0;
  out[end + 2] = 0;
  const parity = modeSResidual(out) ^ overlay;
  out[end] = (parity >>> 16) & 0xff;
  out[end + 1] = (parity >>> 8) & 0xff;
  out[end + 2] = parity & 0xff;
  return out;
}
