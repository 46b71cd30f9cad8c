/**
 * The decoder against the 407 real messages of the shared `adsb/modes-messages.jsonl`: every field svc
 * decodes equals both pyModeS's stored `expected` decode and dump1090-mutability's. The two references
 * agree on every field compared here, so no exception list is needed; the comparisons that differ in
 * form are: callsigns (pyModeS pads with `_`), track (dump1090 prints an integer rounded its own way,
 * up to 1.5 deg high in 180-360; pyModeS's float is matched to 1e-6), ground speed (pyModeS truncates
 * the vector length, dump1090 truncates sqrt(length² + 0.5); svc keeps the exact length and both are
 * derived from it here).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { realDataPath, realDataTest } from '@svc/core/testing';
import { decodeModeS } from './decode-mode-s.js';
import { frameFromHex } from './hex-frame.js';

interface ReferenceMessage {
  hex: string;
  df: number;
  icao: string;
  expected: Record<string, number | string>;
  dump1090: Record<string, number | string | boolean>;
}

const MESSAGES = 'adsb/modes-messages.jsonl';

const readMessages = (): ReferenceMessage[] =>
  readFileSync(realDataPath(MESSAGES), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as ReferenceMessage);

realDataTest(test, 'every real message decodes to the fields pyModeS and dump1090 give it', [MESSAGES], () => {
  const messages = readMessages();
  assert.is(messages.length, 407);
  let compared = 0;
  for (const reference of messages) {
    const where = `${reference.hex}`;
    const message = decodeModeS(frameFromHex(reference.hex, 0, reference.hex.length)!);
    assert.ok(message, where);
    const { expected, dump1090 } = reference;
    assert.is(message.df, reference.df, where);
    assert.is(message.icao.toString(16).toUpperCase().padStart(6, '0'), reference.icao, where);
    assert.ok(message.crcOk, where);
    assert.is(message.altitudeFt, expected['altitude'], `${where} altitude`);
    assert.is(message.altitudeFt, dump1090['altitude_ft'], `${where} altitude`);
    assert.is(message.squawk, expected['squawk'], `${where} squawk`);
    assert.is(message.squawk, dump1090['squawk'], `${where} squawk`);
    const expectedCallsign = expected['callsign'] === undefined ? undefined : String(expected['callsign']).replace(/[_ ]+$/, '');
    assert.is(message.callsign, expectedCallsign, `${where} callsign`);
    assert.is(message.callsign, dump1090['callsign'], `${where} callsign`);
    assert.is(message.category, dump1090['category'], `${where} category`);
    if (reference.df === 17) {
      assert.is(message.typeCode, expected['typecode'], `${where} typecode`);
      assert.is(message.cpr?.odd, expected['cpr_format'] === undefined ? undefined : expected['cpr_format'] === 1, `${where} cpr`);
      assert.is(message.cpr?.odd, dump1090['cpr_odd'], `${where} cpr`);
      assert.is(message.cpr?.lat, dump1090['cpr_lat_raw'], `${where} cpr lat`);
      assert.is(message.cpr?.lon, dump1090['cpr_lon_raw'], `${where} cpr lon`);
      assert.is(message.groundSpeedKt === undefined ? undefined : Math.trunc(message.groundSpeedKt), expected['groundspeed'], `${where} speed`);
      assert.is(message.groundSpeedKt === undefined ? undefined : Math.trunc(Math.sqrt(message.groundSpeedKt ** 2 + 0.5)), dump1090['speed_kt'], `${where} speed`);
      if (expected['track'] !== undefined) {
        assert.ok(Math.abs(message.trackDeg! - Number(expected['track'])) < 1e-6, `${where} track ${message.trackDeg}`);
        assert.ok(Math.abs(message.trackDeg! - Number(dump1090['heading_deg'])) <= 1.5, `${where} track ${message.trackDeg}`);
      }
      assert.is(message.verticalRateFtMin, expected['vertical_rate'], `${where} vertical rate`);
      assert.is(message.verticalRateFtMin, dump1090['vert_rate_fpm'], `${where} vertical rate`);
      assert.is(message.gnssMinusBaroFt, dump1090['gnss_minus_baro_ft'], `${where} gnss - baro`);
    }
    const airGround = dump1090['air_ground'];
    if (airGround === 'airborne' || airGround === 'ground') assert.is(message.onGround, airGround === 'ground', `${where} ground`);
    compared++;
  }
  assert.is(compared, 407);
});

test.run();
