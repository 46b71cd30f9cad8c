/**
 * Field-level checks of decodeModeS on real frames whose decodes are published (pyModeS's documentation
 * and tests: KLM1023, the velocity examples, the emergency frame of A2C1B6, the surface frame of 484175)
 * for the message kinds the fixture messages do not contain, and the frame-shape rules.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeModeS } from './decode-mode-s.js';
import { frameFromHex } from './hex-frame.js';

const decodeHex = (hex: string) => decodeModeS(frameFromHex(hex, 0, hex.length)!);

test('identification: category and callsign', () => {
  const message = decodeHex('8D4840D6202CC371C32CE0576098');
  assert.equal(message, { df: 17, icao: 0x4840d6, crcOk: true, addressType: 'adsb_icao', onGround: false, typeCode: 4, category: 'A0', callsign: 'KLM1023' });
});

test('velocity subtype 1: ground speed, track, GNSS vertical rate and GNSS - baro', () => {
  const message = decodeHex('8D485020994409940838175B284F')!;
  assert.is(Math.round(message.groundSpeedKt! * 100) / 100, 159.2);
  assert.is(Math.round(message.trackDeg! * 100) / 100, 182.88);
  assert.is(message.verticalRateFtMin, -832);
  assert.is(message.verticalRateBaro, false);
  assert.is(message.gnssMinusBaroFt, 550);
});

test('velocity subtype 3: true airspeed and magnetic heading', () => {
  const message = decodeHex('8DA05F219B06B6AF189400CBC33F')!;
  assert.is(message.airspeedKt, 375);
  assert.is(message.airspeedTrue, true);
  assert.is(Math.round(message.headingDeg! * 100) / 100, 243.98);
  assert.is(message.verticalRateFtMin, -2304);
  assert.is(message.groundSpeedKt, undefined);
});

test('TC28 emergency/priority status: squawk, no emergency', () => {
  const message = decodeHex('8DA2C1B6E112B600000000760759')!;
  assert.is(message.typeCode, 28);
  assert.is(message.squawk, '6513');
  assert.is(message.emergency, undefined);
});

test('surface position: on ground, movement and track, surface CPR', () => {
  const message = decodeHex('8C4841753A9A153237AEF0F275BE')!;
  assert.is(message.typeCode, 7);
  assert.is(message.onGround, true);
  assert.is(message.groundSpeedKt, 17);
  assert.is(message.trackDeg, (33 * 360) / 128);
  assert.equal(message.cpr, { odd: true, lat: 39195, lon: 110320, surface: true });
});

test('DF18 CF0 is a non-transponder ADS-B device and decodes its ME', () => {
  const message = decodeHex('903a23ff426a4e65f7487a775d17')!;
  assert.is(message.addressType, 'adsb_icao_nt');
  assert.is(message.icao, 0x3a23ff);
  assert.is(message.typeCode, 8);
});

test('DF11 all-call: address, capability and interrogator code from the residual', () => {
  assert.equal(decodeHex('5d4d20237a55a6'), { df: 11, icao: 0x4d2023, crcOk: true, interrogatorId: 0, onGround: false });
  const withInterrogator = decodeHex('5d4d20237a55af')!;
  assert.is(withInterrogator.crcOk, true);
  assert.is(withInterrogator.interrogatorId, 0x09);
});

test('a single flipped bit in DF17 is repaired in place and reported', () => {
  const frame = frameFromHex('8D4840D6202CC371C32CE0576098', 0, 28)!;
  frame[7]! ^= 0x10;
  const message = decodeModeS(frame)!;
  assert.is(message.crcOk, true);
  assert.is(message.repairedBit, 7 * 8 + 3);
  assert.is(message.callsign, 'KLM1023');
  assert.equal(frame, frameFromHex('8D4840D6202CC371C32CE0576098', 0, 28));
});

test('two flipped bits are not repaired: CRC failure, no fields', () => {
  const frame = frameFromHex('8D4840D6202CC371C32CE0576098', 0, 28)!;
  frame[7]! ^= 0x10;
  frame[9]! ^= 0x01;
  assert.equal(decodeModeS(frame), { df: 17, icao: 0x4840d6, crcOk: false });
});

test('lengths that do not fit the format, and formats svc does not read, give undefined', () => {
  assert.is(decodeModeS(new Uint8Array(0)), undefined);
  assert.is(decodeModeS(new Uint8Array(10)), undefined);
  assert.is(decodeHex('8D4840D6202CC3'), undefined, 'DF17 in 56 bits');
  assert.is(decodeHex('5d4d20237a55a65d4d20237a55a6'), undefined, 'DF11 in 112 bits');
  assert.is(decodeHex('98000000000000000000000000000'.slice(0, 28)), undefined, 'DF19');
  assert.is(decodeHex('08000000000000'), undefined, 'DF1');
});

test.run();
