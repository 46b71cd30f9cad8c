/**
 * The two 13-bit codes Mode S borrows from Mode A/C: the identity (ID13, the squawk) and the altitude
 * (AC13, and the 12-bit AC12 of extended squitter positions). Both interleave the pulses C1 A1 C2 A2 C4 A4
 * X/M B1 D1/Q B2 D2 B4 D4; with Q = 0 the altitude is in Gillham (Gray) code in 100-ft steps.
 */

const M_BIT = 0x0040;
const Q_BIT = 0x0010;

/**
 * Rearranges the ID13 pulses into a Mode A code whose four hex nibbles are the octal digits A, B, C, D
 * (0x7700 for squawk 7700).
 */
export function modeACode(id13: number): number {
  let code = 0;
  if (id13 & 0x1000) code |= 0x0010; // C1
  if (id13 & 0x0800) code |= 0x1000; // A1
  if (id13 & 0x0400) code |= 0x0020; // C2
  if (id13 & 0x0200) code |= 0x2000; // A2
  if (id13 & 0x0100) code |= 0x0040; // C4
  if (id13 & 0x0080) code |= 0x4000; // A4
  if (id13 & 0x0020) code |= 0x0100; // B1
  if (id13 & 0x0010) code |= 0x0001; // D1
  if (id13 & 0x0008) code |= 0x0200; // B2
  if (id13 & 0x0004) code |= 0x0002; // D2
  if (id13 & 0x0002) code |= 0x0400; // B4
  if (id13 & 0x0001) code |= 0x0004; // D4
  return code;
}

/** The squawk of an ID13 field as its four octal digits ('7700'). */
export function squawkFromId13(id13: number): string {
  return modeACode(id13).toString(16).padStart(4, '0');
}

/**
 * Gillham-coded altitude of a Mode A-style code, in 100-ft units, or undefined for codes no altimeter sends
 * (D1 set, unused bits, no C pulse, or an invalid 100-ft digit). The 500-ft part is a reflected binary code
 * over D2 D4 A1 A2 A4 B1 B2 B4; the 100-ft part over C1 C2 C4, read backwards on odd 500-ft steps.
 */
export function gillhamAltitudeHundreds(code: number): number | undefined {
  if (code & 0x888b || (code & 0x00f0) === 0) return undefined;
  let hundreds = 0;
  if (code & 0x0010) hundreds ^= 0x7; // C1
  if (code & 0x0020) hundreds ^= 0x3; // C2
  if (code & 0x0040) hundreds ^= 0x1; // C4
  if ((hundreds & 5) === 5) hundreds ^= 2; // the code has no 7: 5 and 7 swap
  if (hundreds > 5) return undefined;
  let fiveHundreds = 0;
  if (code & 0x0002) fiveHundreds ^= 0xff; // D2
  if (code & 0x0004) fiveHundreds ^= 0x7f; // D4
  if (code & 0x1000) fiveHundreds ^= 0x3f; // A1
  if (code & 0x2000) fiveHundreds ^= 0x1f; // A2
  if (code & 0x4000) fiveHundreds ^= 0x0f; // A4
  if (code & 0x0100) fiveHundreds ^= 0x07; // B1
  if (code & 0x0200) fiveHundreds ^= 0x03; // B2
  if (code & 0x0400) fiveHundreds ^= 0x01; // B4
  if (fiveHundreds & 1) hundreds = 6 - hundreds;
  const altitude = fiveHundreds * 5 + hundreds - 13;
  return altitude < -12 ? undefined : altitude;
}

/**
 * Altitude in feet of an AC13 field (DF0/4/16/20): Q = 1 gives 25-ft steps from -1000 ft, Q = 0 the Gillham
 * code in 100-ft steps. Undefined for metric altitudes (M = 1, which dump1090 does not decode either), for
 * all-zero (no altitude) and for invalid Gillham codes.
 */
export function altitudeFromAc13(ac13: number): number | undefined {
  if (ac13 === 0 || ac13 & M_BIT) return undefined;
  if (ac13 & Q_BIT) return (((ac13 & 0x1f80) >> 2) | ((ac13 & 0x0020) >> 1) | (ac13 & 0x000f)) * 25 - 1000;
  const hundreds = gillhamAltitudeHundreds(modeACode(ac13));
  return hundreds === undefined ? undefined : hundreds * 100;
}

/** Altitude in feet of the 12-bit AC12 field of an extended squitter position (AC13 without the M bit). */
export function altitudeFromAc12(ac12: number): number | undefined {
  if (ac12 === 0) return undefined;
  return altitudeFromAc13(((ac12 & 0x0fc0) << 1) | (ac12 & 0x003f));
}
