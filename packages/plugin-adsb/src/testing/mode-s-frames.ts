/**
 * Mode S frames built bit by bit with their parity, for tests and benchmarks that need an
 * aircraft to say something the recordings do not (an emergency squawk, a category, a callsign
 * on the watch list, a million messages): identifications, airborne positions and velocities,
 * all-call and identity replies, and real frames moved to another address.
 */
import { withModeSParity } from '../modes/parity.js';

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
  return extendedSquitter(icao, (frame) => {
    put(frame, 32, 5, 'EDCBA'.indexOf(category[0]!));
    put(frame, 37, 3, Number(category[1]));
    for (let i = 0; i < 8; i++) put(frame, 40 + 6 * i, 6, CHARSET.indexOf(callsign[i] ?? ' '));
  });
}

/** A DF17 frame from `icao` (capability 5) whose 56-bit ME field `me` fills, with its parity. */
function extendedSquitter(icao: number, me: (frame: Uint8Array) => void): Buffer {
  const frame = new Uint8Array(14);
  put(frame, 0, 5, 17);
  put(frame, 5, 3, 5);
  put(frame, 8, 24, icao);
  me(frame);
  return Buffer.from(withModeSParity(frame));
}

/**
 * A DF17 airborne position (type code 11) of `icao` at `altitudeCode` (the 12-bit AC field;
 * 0xc38 is 38 000 ft: Q bit set, 25-ft steps) with the raw CPR latitude and longitude (17 bits each) of the odd or even format.
 */
export function airbornePosition(icao: number, odd: boolean, cprLat: number, cprLon: number, altitudeCode = 0xc38): Buffer {
  return extendedSquitter(icao, (frame) => {
    put(frame, 32, 5, 11);
    put(frame, 40, 12, altitudeCode);
    put(frame, 53, 1, odd ? 1 : 0);
    put(frame, 54, 17, cprLat & 0x1ffff);
    put(frame, 71, 17, cprLon & 0x1ffff);
  });
}

/** A DF17 airborne velocity over ground (type code 19, subtype 1) of `icao`: east-west and north-south speed fields as sent (value + 1, kt) with their direction bits. */
export function groundVelocity(icao: number, { westward = false, eastWest = 301, southward = true, northSouth = 101, verticalRate = 33 } = {}): Buffer {
  return extendedSquitter(icao, (frame) => {
    put(frame, 32, 5, 19);
    put(frame, 37, 3, 1);
    put(frame, 45, 1, westward ? 1 : 0);
    put(frame, 46, 10, eastWest);
    put(frame, 56, 1, southward ? 1 : 0);
    put(frame, 57, 10, northSouth);
    put(frame, 69, 9, verticalRate);
  });
}

/** A DF11 all-call reply from `icao` (capability 5, interrogator code 0). */
export function allCallReply(icao: number): Buffer {
  const frame = new Uint8Array(7);
  put(frame, 0, 5, 11);
  put(frame, 5, 3, 5);
  put(frame, 8, 24, icao);
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
