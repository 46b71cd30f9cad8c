/**
 * Advertiser recognition on advertising data as the well-known advertisers send it: Apple's
 * Continuity types and the Find My status byte that tells an AirTag from other accessories,
 * Microsoft's scenarios, service-data trackers and beacons, the Flipper Zero by OUI, service
 * UUID or name; and nothing for an unknown advertiser.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AdvertisingData } from '../btle/advertising-data.js';
import { recognizeAdvertiser } from './advertiser-kind.js';

const RANDOM = 0xc0ffee000001;
const data = (extra: Partial<AdvertisingData>): AdvertisingData => ({ serviceUuids: [], truncated: false, ...extra });

test('Apple Continuity and Find My', () => {
  assert.equal(recognizeAdvertiser(RANDOM, data({ companyId: 0x4c, manufacturerData: '1219' + '10' + '00'.repeat(22) })), { kind: 'AirTag', tracker: true });
  assert.equal(recognizeAdvertiser(RANDOM, data({ companyId: 0x4c, manufacturerData: '1219' + '20' + '00'.repeat(22) })), { kind: 'Find My accessory', tracker: true });
  assert.equal(recognizeAdvertiser(RANDOM, data({ companyId: 0x4c, manufacturerData: '1202' + '00' })), { kind: 'Apple device (Find My)', tracker: false });
  assert.equal(recognizeAdvertiser(RANDOM, data({ companyId: 0x4c, manufacturerData: '0c0e00f60fa7' })), { kind: 'Apple Handoff', tracker: false });
  assert.equal(recognizeAdvertiser(RANDOM, data({ companyId: 0x4c, manufacturerData: '0215' })), { kind: 'iBeacon', tracker: false });
  assert.equal(recognizeAdvertiser(RANDOM, data({ companyId: 0x4c, manufacturerData: 'ee00' })), { kind: 'Apple device', tracker: false });
});

test('Microsoft, Google, Samsung, Tile, beacons', () => {
  assert.equal(recognizeAdvertiser(RANDOM, data({ companyId: 0x06, manufacturerData: '0109' }))?.kind, 'Microsoft CDP');
  assert.equal(recognizeAdvertiser(RANDOM, data({ companyId: 0x06, manufacturerData: '0300' }))?.kind, 'Microsoft Swift Pair');
  assert.equal(recognizeAdvertiser(RANDOM, data({ serviceData: [{ uuid: 'FE2C', data: '00' }] }))?.kind, 'Google Fast Pair');
  assert.equal(recognizeAdvertiser(RANDOM, data({ serviceData: [{ uuid: 'FD5A', data: '00' }] })), { kind: 'Samsung SmartTag', tracker: true });
  assert.equal(recognizeAdvertiser(RANDOM, data({ serviceUuids: ['FEED'] })), { kind: 'Tile', tracker: true });
  assert.equal(recognizeAdvertiser(RANDOM, data({ serviceData: [{ uuid: 'FEAA', data: '10' }] }))?.kind, 'Eddystone beacon');
  assert.equal(recognizeAdvertiser(RANDOM, data({ companyId: 0x75, manufacturerData: '4204' }))?.kind, 'Samsung device');
});

test('the Flipper Zero by its OUIs, service UUIDs or name; unknown advertisers are not named', () => {
  assert.equal(recognizeAdvertiser(0x80e126000001, undefined)?.kind, 'Flipper Zero');
  assert.equal(recognizeAdvertiser(0x80e127abcdef, data({}))?.kind, 'Flipper Zero');
  assert.equal(recognizeAdvertiser(RANDOM, data({ serviceUuids: ['3082'] }))?.kind, 'Flipper Zero');
  assert.equal(recognizeAdvertiser(RANDOM, data({ name: 'Flipper Skotan' }))?.kind, 'Flipper Zero');
  assert.is(recognizeAdvertiser(0x80e128000001, data({ name: 'Flipperish', companyId: 0x0d, manufacturerData: '00' })), undefined);
});

test.run();
