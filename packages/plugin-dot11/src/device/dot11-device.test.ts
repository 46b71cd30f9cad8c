/**
 * A station's probed SSIDs: found by their bytes, kept least recently probed first, a repeated
 * SSID replacing its record, and no more than MAX_PROBED_SSIDS with the least recently probed
 * dropped first, as the served `probed_ssid_map` lists them.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Dot11Device, MAX_PROBED_SSIDS } from './dot11-device.js';
import { ProbedSsid, ssidKey } from './ssid-record.js';

const probe = (ssid: string, time = 1_700_000_000) => new ProbedSsid(Buffer.from(ssid, 'latin1'), 0xffffffffffff, time);
const served = (dot11: Dot11Device) => (dot11.toRecord()['dot11.device.probed_ssid_map'] as Record<string, unknown>[]).map((record) => record['dot11.probedssid.ssid']);

test('probed SSIDs are found by their bytes and listed least recently probed first', () => {
  const dot11 = new Dot11Device();
  assert.is(dot11.findProbe(ssidKey(Buffer.from('home'))), undefined);
  const home = probe('home');
  const office = probe('office');
  dot11.rememberProbe(home);
  dot11.rememberProbe(office);
  assert.is(dot11.findProbe(ssidKey(Buffer.from('home'))), home);
  assert.is(dot11.findProbe(ssidKey(Buffer.from('office'))), office);
  assert.equal(served(dot11), ['home', 'office']);
  dot11.rememberProbe(home);
  assert.equal(served(dot11), ['office', 'home']);
  assert.is(dot11.toRecord()['dot11.device.num_probed_ssids'], 2);
});

test('a record of an SSID already listed replaces the older one in the newest place', () => {
  const dot11 = new Dot11Device();
  dot11.rememberProbe(probe('cafe', 1));
  dot11.rememberProbe(probe('home', 2));
  const newer = probe('cafe', 3);
  dot11.rememberProbe(newer);
  assert.equal(served(dot11), ['home', 'cafe']);
  assert.is(dot11.findProbe(ssidKey(Buffer.from('cafe'))), newer);
});

test('SSIDs that differ only in bytes that are not UTF-8 stay apart', () => {
  const dot11 = new Dot11Device();
  const first = new ProbedSsid(Buffer.from([0x61, 0xff]), 0, 1);
  const second = new ProbedSsid(Buffer.from([0x61, 0xfe]), 0, 1);
  assert.is(first.ssid, second.ssid, 'both read as the same text');
  dot11.rememberProbe(first);
  dot11.rememberProbe(second);
  assert.is(dot11.probed?.length, 2);
  assert.is(dot11.findProbe(ssidKey(Buffer.from([0x61, 0xff]))), first);
});

test(`at most ${MAX_PROBED_SSIDS} are kept, the least recently probed dropped first`, () => {
  const dot11 = new Dot11Device();
  for (let index = 0; index < MAX_PROBED_SSIDS; index++) dot11.rememberProbe(probe(`net${index}`));
  dot11.rememberProbe(dot11.findProbe('net0')!);
  dot11.rememberProbe(probe('one more'));
  const names = served(dot11);
  assert.is(names.length, MAX_PROBED_SSIDS);
  assert.is(names[0], 'net2');
  assert.equal(names.slice(-2), ['net0', 'one more']);
  assert.is(dot11.findProbe('net1'), undefined);
});

test.run();
