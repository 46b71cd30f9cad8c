/**
 * Mode S frames built bit by bit with their parity, for tests that need an aircraft to say
 * something the recordings do not (an emergency squawk, a category, a callsign on the watch
 * list): identifications, identity replies, and real frames moved to another address.
 */
import { withModeSParity } from './parity.js';

/** Writes `value` into `width` bits of `frame` from bit `first` (0 = the first bit sent). */
function put(frame: Uint8Array, first: number, width: number, value: number): void {
  for (let i = 0; i < width; i++) {
    const bit = first + i;
    if ((value >>> (width - 1 - i)) & 1) frame[bit >> 3]! |= 0x80 >> (bit & 7);
  }
}

/** The ID13 field of a squawk (octal digits ABCD): C1 A1 C2 A2 C4 A4 X B1 D1 B2 D2 B4 D4. */
function id13(squawk: string): number {
  const [a, b, c, d] = [...squawk].map(Number) as [number, number, number, number];
  const bit = (digit: number, weight: number) => ((digit & weight) !== 0 ? 1 : 0);
  const order = [bit(c, 1), bit(a, 1), bit(c, 2), bit(a, 2), bit(c, 4), bit(a, 4), 0, bit(b, 1), bit(d, 1), bit(b, 2), bit(d, 2), bit(b, 4), bit(d, 4)];
  return order.reduce((value, one) => (value << 1) | one, 0);
}

const CHARSET = '#ABCDEFGHIJKLMNOPQRSTUVWXYZ##### ###############0123456789######';

/** A DF17 identification of `icao` with `callsign` and emitter `category` (`A3`; the set letter picks the type code). */
export function identification(icao: number, callsign: string, category = 'A0'): Buffer {
  const frame = new Uint8Array(14);
  put(frame, 0, 5, 17);
  put(frame, 5, 3, 5);
  put(frame, 8, 24, icao);
  put(frame, 32, 5, 'EDCBA'.indexOf(category[0]!));
  put(frame, 37, 3, Number(category[1]));
  for (let i = 0; i < 8; i++) put(frame, 40 + 6 * i, 6, CHARSET.indexOf(callsign[i] ?? ' '));
  return Buffer.from(withModeSParity(frame));
}

/** A DF5 identity reply of `icao` with `squawk`, the address overlaid on the parity. */
export function identityReply(icao: number, squawk: string): Buffer {
  const frame = new Uint8Array(7);
  put(frame, 0, 5, 5);
  put(frame, 19, 13, id13(squawk));
  return Buffer.from(withModeSParity(frame, icao));
}

/** A real DF17 frame (hex) as `icao` would send it: its address replaced and its parity made again. */
export function readdressed(hex: string, icao: number): Buffer {
  const frame = Uint8Array.from(Buffer.from(hex, 'hex'));
  frame.set([icao >>> 16, (icao >>> 8) & 0xff, icao & 0xff], 1);
  return Buffer.from(withModeSParity(frame));
}
