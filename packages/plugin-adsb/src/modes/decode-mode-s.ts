/**
 * svc's Mode S decoder: one 7- or 14-byte frame in, one {@link ModeSMessage} out. Pure and total: any
 * bytes give a message or undefined, never an exception, so a noisy feed cannot stop a source.
 */
import { altitudeFromAc13, squawkFromId13 } from './altitude-codes.js';
import { flipBit, modeSResidual, singleBitErrorPosition } from './crc.js';
import { aisCallsign, decodeExtendedSquitterMe } from './extended-squitter.js';
import { bits } from './frame-bits.js';
import type { ExtendedSquitterAddressType, ModeSMessage, MutableModeSMessage } from './mode-s-message.js';

/** Formats whose last 24 bits are parity XORed with the address (DF24 is any frame starting with bits 11). */
const ADDRESS_PARITY_FORMATS = new Set([0, 4, 5, 16, 20, 21, 24]);

/** DF18 control field -> address type; CF 4 (management) and 7 (reserved) carry no ADS-B ME. */
const DF18_ADDRESS_TYPES: readonly (ExtendedSquitterAddressType | undefined)[] = ['adsb_icao_nt', 'adsb_other', 'tisb_icao', 'tisb_icao', undefined, 'tisb_other', 'adsr_icao', undefined];

/** The downlink format of a frame: its first five bits, every format from 24 up being DF24 (Comm-D). */
function downlinkFormat(frame: Uint8Array): number {
  const df = frame[0]! >> 3;
  return df >= 24 ? 24 : df;
}

/** Frame length in bytes a downlink format must have: 56-bit short replies below DF16, 112-bit long ones above. */
function expectedLength(df: number): number {
  return df >= 16 ? 14 : 7;
}

/** Flight status (DF4/5/20/21): airborne/ground, alert and SPI. */
function decodeFlightStatus(frame: Uint8Array, message: MutableModeSMessage): void {
  const fs = frame[0]! & 7;
  if (fs <= 3) message.onGround = (fs & 1) === 1;
  message.alert = fs >= 2 && fs <= 4;
  message.spi = fs === 4 || fs === 5;
}

/** CA capability (DF11/17): 4 on the ground, 5 airborne; other values do not say. */
function decodeCapability(frame: Uint8Array, message: MutableModeSMessage): void {
  const ca = frame[0]! & 7;
  if (ca === 4 || ca === 5) message.onGround = ca === 4;
}

function decodeAltitudeReply(frame: Uint8Array, message: MutableModeSMessage): void {
  const altitude = altitudeFromAc13(bits(frame, 20, 32));
  if (altitude !== undefined) message.altitudeFt = altitude;
}

function decodeIdentityReply(frame: Uint8Array, message: MutableModeSMessage): void {
  message.squawk = squawkFromId13(bits(frame, 20, 32));
}

/** Comm-B (DF20/21): only BDS 2,0 identification, recognised as dump1090 does (first MB byte 0x20, clean characters). */
function decodeCommB(frame: Uint8Array, message: MutableModeSMessage): void {
  if (frame[4] !== 0x20) return;
  const callsign = aisCallsign(frame, 41);
  if (callsign !== undefined) message.callsign = callsign;
}

/** Address/parity replies: the residual is the address. */
function decodeAddressParity(frame: Uint8Array, df: number): ModeSMessage {
  const message: MutableModeSMessage = { df, icao: modeSResidual(frame), crcOk: true, addressFromParity: true };
  switch (df) {
    case 0:
    case 16:
      message.onGround = (frame[0]! & 0x04) !== 0;
      decodeAltitudeReply(frame, message);
      break;
    case 4:
    case 20:
      decodeFlightStatus(frame, message);
      decodeAltitudeReply(frame, message);
      if (df === 20) decodeCommB(frame, message);
      break;
    case 5:
    case 21:
      decodeFlightStatus(frame, message);
      decodeIdentityReply(frame, message);
      if (df === 21) decodeCommB(frame, message);
      break;
  }
  return message;
}

/**
 * DF11 all-call reply: a residual with only its low 7 bits set is the interrogator code. Single-bit repair
 * only when the whole residual is one bit's syndrome (that is, assuming interrogator code 0), because with
 * an unknown interrogator code a repair would be a guess.
 */
function decodeAllCallReply(frame: Uint8Array): ModeSMessage {
  const residual = modeSResidual(frame);
  const message: MutableModeSMessage = { df: 11, icao: 0, crcOk: (residual & 0xffff80) === 0 };
  if (message.crcOk) message.interrogatorId = residual;
  else {
    const bit = singleBitErrorPosition(7, residual);
    if (bit !== undefined) {
      flipBit(frame, bit);
      message.crcOk = true;
      message.repairedBit = bit;
      message.interrogatorId = 0;
    }
  }
  message.icao = bits(frame, 9, 32);
  decodeCapability(frame, message);
  return message;
}

/** DF17/18 extended squitter, with single-bit repair where the residual is a single-bit syndrome. */
function decodeExtendedSquitter(frame: Uint8Array, df: number): ModeSMessage {
  const residual = modeSResidual(frame);
  const message: MutableModeSMessage = { df, icao: 0, crcOk: residual === 0 };
  if (!message.crcOk) {
    const bit = singleBitErrorPosition(14, residual);
    if (bit !== undefined) {
      flipBit(frame, bit);
      message.crcOk = true;
      message.repairedBit = bit;
    }
  }
  message.icao = bits(frame, 9, 32);
  if (!message.crcOk) return message;
  if (df === 17) {
    message.addressType = 'adsb_icao';
    decodeCapability(frame, message);
    decodeExtendedSquitterMe(frame, message);
    return message;
  }
  const cf = frame[0]! & 7;
  const addressType = DF18_ADDRESS_TYPES[cf];
  if (addressType !== undefined) message.addressType = addressType;
  // CF 3 is the coarse TIS-B airborne position, whose ME has its own layout; CF 4 and 7 carry no ADS-B ME.
  if (addressType !== undefined && cf !== 3) decodeExtendedSquitterMe(frame, message);
  return message;
}

/**
 * Decodes one Mode S frame (7 bytes for DF0-15, 14 for DF16-24). Returns undefined when the length does
 * not fit the format or the format is one svc does not read (DF1-3, 6-10, 12-15, 19, 22, 23). A frame
 * whose DF11/17/18 CRC fails and cannot be repaired comes back with `crcOk: false` and no decoded fields.
 * A repair flips the bit in `frame` itself, so the caller's copy (forwarded as raw or Beast) is the
 * corrected frame, as dump1090 forwards it.
 */
export function decodeModeS(frame: Uint8Array): ModeSMessage | undefined {
  if (frame.length !== 7 && frame.length !== 14) return undefined;
  const df = downlinkFormat(frame);
  if (frame.length !== expectedLength(df)) return undefined;
  if (ADDRESS_PARITY_FORMATS.has(df)) return decodeAddressParity(frame, df);
  if (df === 11) return decodeAllCallReply(frame);
  if (df === 17 || df === 18) return decodeExtendedSquitter(frame, df);
  return undefined;
}
