/**
 * Decodes the 56-bit ME field of a DF17/18 extended squitter (frame bits 33-88) into a Mode S message:
 * identification, surface and airborne positions, velocities and emergency status, as dump1090 reads them.
 */
import { altitudeFromAc12, squawkFromId13 } from './altitude-codes.js';
import { bits } from './frame-bits.js';
import type { MutableModeSMessage } from './mode-s-message.js';

const AIS_CHARSET = '@ABCDEFGHIJKLMNOPQRSTUVWXYZ@@@@@ @@@@@@@@@@@@@@@0123456789@@@@@@';

/** TC28 subtype 1 emergency state texts, by code; code 0 is "no emergency", 7 reserved. */
const EMERGENCY_STATES = [undefined, 'general', 'lifeguard', 'minimum fuel', 'no communications', 'unlawful interference', 'downed aircraft', undefined];

/**
 * Eight 6-bit AIS characters starting at frame bit `first`, trailing spaces trimmed; undefined when any
 * character is outside A-Z, 0-9 and space (the all-zero "@@@@@@@@" that some transponders send, or a
 * Comm-B register that is not really BDS 2,0).
 */
export function aisCallsign(frame: Uint8Array, first: number): string | undefined {
  let text = '';
  for (let i = 0; i < 8; i++) {
    const char = AIS_CHARSET[bits(frame, first + 6 * i, first + 6 * i + 5)]!;
    if (char === '@') return undefined;
    text += char;
  }
  return text.trimEnd();
}

/**
 * Surface ground speed in knots from the 7-bit movement field (DO-260B table: finer steps at taxi speeds),
 * undefined for "no information" (0) and the reserved codes 125-127.
 */
export function surfaceMovementKt(movement: number): number | undefined {
  if (movement === 0 || movement > 124) return undefined;
  if (movement === 1) return 0;
  if (movement <= 8) return 0.125 + (movement - 2) * 0.125;
  if (movement <= 12) return 1 + (movement - 9) * 0.25;
  if (movement <= 38) return 2 + (movement - 13) * 0.5;
  if (movement <= 93) return 15 + (movement - 39);
  if (movement <= 108) return 70 + (movement - 94) * 2;
  if (movement <= 123) return 100 + (movement - 109) * 5;
  return 175;
}

function decodeIdentification(frame: Uint8Array, typeCode: number, message: MutableModeSMessage): void {
  message.category = 'EDCBA'.charAt(typeCode) + String(bits(frame, 38, 40));
  const callsign = aisCallsign(frame, 41);
  if (callsign !== undefined) message.callsign = callsign;
}

function decodeCpr(frame: Uint8Array, surface: boolean, message: MutableModeSMessage): void {
  message.cpr = { odd: bits(frame, 54, 54) === 1, lat: bits(frame, 55, 71), lon: bits(frame, 72, 88), surface };
}

function decodeSurfacePosition(frame: Uint8Array, message: MutableModeSMessage): void {
  message.onGround = true;
  const speed = surfaceMovementKt(bits(frame, 38, 44));
  if (speed !== undefined) message.groundSpeedKt = speed;
  if (bits(frame, 45, 45) === 1) message.trackDeg = (bits(frame, 46, 52) * 360) / 128;
  decodeCpr(frame, true, message);
}

function decodeAirbornePosition(frame: Uint8Array, typeCode: number, message: MutableModeSMessage): void {
  message.onGround = false;
  const altitude = altitudeFromAc12(bits(frame, 41, 52));
  if (altitude !== undefined) {
    if (typeCode >= 20) message.geometricAltitudeFt = altitude;
    else message.altitudeFt = altitude;
  }
  decodeCpr(frame, false, message);
}

/** A signed velocity component: sign bit then a value biased by one (0 = not available). */
function signedComponent(sign: number, raw: number, scale: number): number | undefined {
  if (raw === 0) return undefined;
  return (sign ? -1 : 1) * (raw - 1) * scale;
}

function decodeVelocity(frame: Uint8Array, message: MutableModeSMessage): void {
  const subtype = bits(frame, 38, 40);
  if (subtype < 1 || subtype > 4) return;
  const supersonic = subtype === 2 || subtype === 4 ? 4 : 1;
  if (subtype <= 2) {
    const eastWest = signedComponent(bits(frame, 46, 46), bits(frame, 47, 56), supersonic);
    const northSouth = signedComponent(bits(frame, 57, 57), bits(frame, 58, 67), supersonic);
    if (eastWest !== undefined && northSouth !== undefined) {
      message.groundSpeedKt = Math.sqrt(eastWest * eastWest + northSouth * northSouth);
      if (message.groundSpeedKt > 0) {
        const track = (Math.atan2(eastWest, northSouth) * 180) / Math.PI;
        message.trackDeg = track < 0 ? track + 360 : track;
      }
    }
  } else {
    if (bits(frame, 46, 46) === 1) message.headingDeg = (bits(frame, 47, 56) * 360) / 1024;
    const airspeed = bits(frame, 58, 67);
    if (airspeed !== 0) {
      message.airspeedKt = (airspeed - 1) * supersonic;
      message.airspeedTrue = bits(frame, 57, 57) === 1;
    }
  }
  const verticalRate = signedComponent(bits(frame, 69, 69), bits(frame, 70, 78), 64);
  if (verticalRate !== undefined) {
    message.verticalRateFtMin = verticalRate;
    message.verticalRateBaro = bits(frame, 68, 68) === 1;
  }
  const difference = signedComponent(bits(frame, 81, 81), bits(frame, 82, 88), 25);
  if (difference !== undefined) message.gnssMinusBaroFt = difference;
}

function decodeEmergencyStatus(frame: Uint8Array, message: MutableModeSMessage): void {
  if (bits(frame, 38, 40) !== 1) return;
  const emergency = EMERGENCY_STATES[bits(frame, 41, 43)];
  if (emergency !== undefined) message.emergency = emergency;
  const id13 = bits(frame, 44, 56);
  if (id13 !== 0) message.squawk = squawkFromId13(id13);
}

/** Fills `message` from the ME field of a 14-byte extended squitter whose ME layout is the ADS-B one. */
export function decodeExtendedSquitterMe(frame: Uint8Array, message: MutableModeSMessage): void {
  const typeCode = bits(frame, 33, 37);
  message.typeCode = typeCode;
  if (typeCode >= 1 && typeCode <= 4) decodeIdentification(frame, typeCode, message);
  else if (typeCode >= 5 && typeCode <= 8) decodeSurfacePosition(frame, message);
  else if ((typeCode >= 9 && typeCode <= 18) || (typeCode >= 20 && typeCode <= 22)) decodeAirbornePosition(frame, typeCode, message);
  else if (typeCode === 19) decodeVelocity(frame, message);
  else if (typeCode === 28) decodeEmergencyStatus(frame, message);
}
