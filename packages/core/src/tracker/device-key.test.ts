import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { deviceKey, kismetChecksum, parseDeviceKey, phyKeyPrefix } from './device-key.js';
import { parseMac } from '../util/mac.js';

test("Kismet's checksum of IEEE802.11 is 0x0D770242; names under 4 bytes give 0", () => {
  assert.is(kismetChecksum('IEEE802.11'), 0x0d770242);
  assert.is(kismetChecksum('BT'), 0);
  assert.is(kismetChecksum(''), 0);
});

test('PHY prefixes match decisions.md and kismet-reference 4.1', () => {
  assert.is(phyKeyPrefix('IEEE802.11'), '4202770D00000000');
  assert.is(phyKeyPrefix('RTL433'), '8C01F50500000000');
  assert.is(phyKeyPrefix('RFSENSOR'), '7202E60A00000000', 'Kismet 2025-09 names the rtl_433 PHY RFSENSOR');
  assert.is(phyKeyPrefix('BTLE'), '2701E10200000000');
  assert.is(phyKeyPrefix('Bluetooth'), 'B603E01100000000');
  assert.is(phyKeyPrefix('RTLAMR'), 'D2016F0600000000');
  assert.is(phyKeyPrefix('802.15.4'), '9001150700000000');
  assert.is(phyKeyPrefix('RTLADSB'), '0C026A0800000000', 'always 16 digits');
});

test('the MAC half is the MAC in natural order, zero padded to 12 digits', () => {
  assert.is(deviceKey(phyKeyPrefix('IEEE802.11'), parseMac('AA:BB:CC:DD:EE:00')!), '4202770D00000000_AABBCCDDEE00');
  assert.is(deviceKey(phyKeyPrefix('IEEE802.11'), parseMac('00:00:00:00:00:01')!), '4202770D00000000_000000000001');
});

test('parsing accepts well-formed keys only', () => {
  assert.equal(parseDeviceKey('4202770d00000000_aabbccddee00'), { prefix: '4202770D00000000', mac: 0xaabbccddee00 });
  for (const bad of ['', '4202770D00000000', '4202770D00000000_AABBCCDDEE', '4202770D00000000-AABBCCDDEE00', 'G202770D00000000_AABBCCDDEE00', '4202770D00000000_AABBCCDDEE00_']) {
    assert.is(parseDeviceKey(bad), undefined, bad);
  }
});

test.run();
