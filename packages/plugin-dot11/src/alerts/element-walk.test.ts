/**
 * The alerts on single elements, through the real chain: each fires for its condition and not
 * for the nearest frame that is fine; the channel is the DS channel of the elements before the
 * culprit ("0" when none came first); a frame Kismet gives up stops the walk; and a beacon
 * whose elements repeat the last ones of its network is not walked again.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AP, alertHarness, beacon, BROADCAST, ds, element, probeRequest, probeResponse, rates, rsn, ssid, u16, upper, type AlertHarness } from './alert-harness.test-helper.js';
import { STA } from '../parse/test-frames.js';

let h: AlertHarness;
test.before.each(async () => {
  h = await alertHarness();
});
test.after.each(() => h.close());

const headers = () => h.raised().map(([header, , , , channel]) => `${header}@${channel}`);
const wmm = (bytes: number) => element(221, Buffer.from([0x00, 0x50, 0xf2, 2, 1, 1]), Buffer.alloc(bytes - 6));

test('LONGSSID: an SSID of 33 bytes, not of 32; the walk stops there, as Kismet gives the frame up', () => {
  h.send(beacon([ssid('x'.repeat(32)), rates, ds(6)]));
  assert.equal(headers(), []);
  h.send(beacon([ssid('y'.repeat(33)), rates, ds(6), wmm(40)]));
  assert.equal(h.raised(), [['LONGSSID', upper(AP), upper(AP), upper(BROADCAST), '0']], 'no WMMOVERFLOW after the over-long SSID');
  h.send(probeRequest(STA, 'z'.repeat(40)));
  assert.equal(headers(), ['LONGSSID@0'], 'probe requests are walked too');
});

test('MSFDLINKRATE: 75 EB 49 in a rates element (supported or extended), not 75 EB 48', () => {
  h.send(beacon([ssid('dlink'), element(1, 0x82, 0x75, 0xeb, 0x48), ds(6)]));
  assert.equal(headers(), []);
  h.send(beacon([ssid('dlink'), ds(6), element(50, 0x82, 0x75, 0xeb, 0x49)]));
  assert.equal(headers(), ['MSFDLINKRATE@6'], 'the channel named before the culprit');
});

test('BADFIXLENIE: a DS parameter set of 2 bytes, not of 1', () => {
  h.send(beacon([ssid('printer'), element(3, 6)]));
  assert.equal(headers(), []);
  h.send(beacon([ssid('printer'), element(3, 6, 0)]));
  assert.equal(headers(), ['BADFIXLENIE@0']);
});

test('RSNLOOP: an RSN element cut short claiming over 1024 pairwise ciphers; 1024, or a whole element, is fine', () => {
  const claiming = (count: number) => element(48, u16(1), Buffer.from([0, 0x0f, 0xac, 4]), u16(count), Buffer.from([0, 0x0f, 0xac, 4, 0, 0x0f, 0xac, 2]));
  h.send(beacon([ssid('airport'), ds(6), claiming(1024)]));
  h.send(beacon([ssid('airport'), ds(6), rsn()]));
  assert.equal(headers(), []);
  h.send(beacon([ssid('airport'), ds(6), claiming(0xffff)]));
  assert.equal(headers(), ['RSNLOOP@6']);
});

test('QCOMEXTENDED: extended capabilities of 14 bytes, not 13 (off by default; enabled here)', () => {
  h.send(beacon([ssid('q'), ds(11), element(127, Buffer.alloc(13))]));
  assert.equal(headers(), []);
  h.send(probeRequest(STA, 'q', [element(127, Buffer.alloc(14))]));
  assert.equal(headers(), ['QCOMEXTENDED@0']);
});

test('WMMOVERFLOW: a WMM element over 24 bytes in a beacon; 24 bytes, or a probe response, is fine', () => {
  h.send(beacon([ssid('lounge'), ds(6), wmm(24)]));
  h.send(probeResponse([ssid('lounge'), ds(6), wmm(64)], { to: STA }));
  assert.equal(headers(), []);
  h.send(beacon([ssid('lounge'), ds(6), wmm(25)]));
  assert.equal(headers(), ['WMMOVERFLOW@6']);
});

test('RTLWIFIP2P: a Wi-Fi Direct notice of absence of 29 bytes, not of 28', () => {
  const p2p = (noa: number) => element(221, Buffer.from([0x50, 0x6f, 0x9a, 9]), Buffer.from([2]), u16(2), Buffer.from([0x27, 0x03]), Buffer.from([12]), u16(noa), Buffer.alloc(noa));
  h.send(probeResponse([ssid('DIRECT-xy'), ds(6), p2p(28)], { to: STA }));
  assert.equal(headers(), []);
  h.send(probeResponse([ssid('DIRECT-xy'), ds(6), p2p(29)], { to: STA }));
  assert.equal(headers(), ['RTLWIFIP2P@6']);
});

test('a beacon whose elements repeat the last ones of its network is not walked again; a change is', () => {
  const bad = beacon([ssid('w'.repeat(36)), ds(6)]);
  h.send(bad);
  h.send(bad);
  assert.equal(headers(), ['LONGSSID@0'], 'identical elements: one alert');
  h.send(beacon([ssid('fine'), ds(6)]));
  h.send(bad);
  assert.equal(headers(), ['LONGSSID@0'], 'after other elements the same ones are walked again');
});

test('elements Kismet refuses stop the walk: a chain past the frame, a short vendor element, a short HT capabilities', () => {
  for (const broken of [Buffer.from([221, 40, 0x00, 0x50]), element(221, 0x00, 0x50), element(45, Buffer.alloc(25)), element(11, 1, 2, 3)]) {
    h.send(beacon([ssid('s'), ds(6), broken, element(127, Buffer.alloc(20))]));
  }
  assert.equal(headers(), ['MALFORMMGMT@0'], 'QCOMEXTENDED after a refused element is not reached (the chain past the frame is malformed to svc too)');
  h.send(beacon([ssid('s'), ds(6), element(45, Buffer.alloc(26)), element(127, Buffer.alloc(20))]));
  assert.equal(headers(), ['QCOMEXTENDED@6']);
});

test.run();
