/** The built frames read back through svc's decoder (checked against dump1090 elsewhere) as what they were built to say. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeModeS } from '../modes/decode-mode-s.js';
import { airbornePosition, allCallReply, groundVelocity, identification, identityReply } from './mode-s-frames.js';

test('an identification says its callsign and category', () => {
  const message = decodeModeS(identification(0x4840d6, 'KLM1023', 'A3'))!;
  assert.equal([message.crcOk, message.df, message.icao, message.callsign, message.category], [true, 17, 0x4840d6, 'KLM1023', 'A3']);
});

test('an airborne position says its altitude and raw CPR fields', () => {
  const message = decodeModeS(airbornePosition(0x40621d, true, 74158, 50194))!;
  assert.ok(message.crcOk);
  assert.is(message.altitudeFt, 38000);
  assert.equal(message.cpr, { odd: true, lat: 74158, lon: 50194, surface: false });
});

test('a ground velocity says its speed, track and vertical rate', () => {
  // East 300 kt and south 100 kt: 316 kt on a track of 108.4 degrees; 32 steps of 64 ft/min up.
  const message = decodeModeS(groundVelocity(0x485020))!;
  assert.ok(message.crcOk);
  assert.ok(Math.abs(message.groundSpeedKt! - Math.hypot(300, 100)) < 1e-9, String(message.groundSpeedKt));
  assert.ok(Math.abs(message.trackDeg! - (90 + (Math.atan2(100, 300) * 180) / Math.PI)) < 1e-9, String(message.trackDeg));
  assert.is(message.verticalRateFtMin, 2048);
});

test('all-call and identity replies name their address', () => {
  const allCall = decodeModeS(allCallReply(0xabcdef))!;
  assert.equal([allCall.crcOk, allCall.df, allCall.icao], [true, 11, 0xabcdef]);
  const identity = decodeModeS(identityReply(0xabcdef, '7700'))!;
  assert.equal([identity.df, identity.icao, identity.squawk, identity.addressFromParity], [5, 0xabcdef, '7700', true]);
});

test.run();
