/**
 * The frame signature checks through the real chain, each against its nearest harmless frame:
 * MSFBCOMSSID (a beacon from 90:E9:75), MSFNETGEARBEACON (the payload at 1180 of a beacon of
 * 1184 bytes or more), BCOM11KCHAN (a neighbor report channel above 224), and the LLC probes of
 * NetStumbler and the Lucent link test (both off by default in Kismet; enabled here).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ManagementSubtype } from '../parse/dot11-header.js';
import { dataFrame, STA } from '../parse/test-frames.js';
import { AP, alertHarness, beacon, BROADCAST, ds, element, management, probeResponse, ssid, upper, type AlertHarness } from './alert-harness.test-helper.js';

let h: AlertHarness;
test.before.each(async () => {
  h = await alertHarness();
});
test.after.each(() => h.close());

const headers = () => h.raised().map(([header]) => header);

test('MSFBCOMSSID: a beacon from OUI 90:E9:75; 90:E9:76, or a probe response, is fine', () => {
  h.send(beacon([ssid('linksys')], { from: '90:e9:76:1c:62:0d' }));
  h.send(probeResponse([ssid('linksys')], { from: '90:e9:75:1c:62:0d', to: STA }));
  assert.equal(headers(), []);
  h.send(beacon([ssid('linksys')], { from: '90:e9:75:1c:62:0d' }));
  assert.equal(h.raised(), [['MSFBCOMSSID', '90:E9:75:1C:62:0D', '90:E9:75:1C:62:0D', upper(BROADCAST), '0']]);
});

test('MSFNETGEARBEACON: 6A 39 58 01 at byte 1180 of a beacon; a beacon one byte short is fine', () => {
  /** A beacon of `length` bytes (802.11 frame) whose bytes 1180-1183 are the payload. */
  const netgear = (length: number) => {
    const frame = beacon([ssid('netgear'), ds(6), ...Array.from({ length: 6 }, () => element(221, Buffer.alloc(255)))]).subarray(0, length);
    const copy = Buffer.from(frame);
    copy.writeUInt32BE(0x6a395801, 1180);
    return copy;
  };
  h.send(netgear(1183 + 1).subarray(0, 1183));
  assert.equal(headers().filter((header) => header === 'MSFNETGEARBEACON'), []);
  h.send(netgear(1184));
  assert.equal(headers().filter((header) => header === 'MSFNETGEARBEACON'), ['MSFNETGEARBEACON']);
});

test('BCOM11KCHAN: an 802.11k neighbor report naming channel 225; channel 224 is fine', () => {
  const report = (channel: number) => management(ManagementSubtype.ACTION, Buffer.concat([Buffer.from([5, 5, 0]), element(52, Buffer.from('f4f26d3a2002', 'hex'), Buffer.from([0x8f, 0, 0, 0, 81, channel, 7]))]), 0, AP, STA, AP);
  h.send(report(224));
  assert.equal(headers(), []);
  h.send(report(225));
  assert.equal(h.raised(), [['BCOM11KCHAN', upper(AP), upper(AP), upper(STA), '0']]);
});

test('NETSTUMBLER and LUCENTTEST: their LLC probes (OUI 00:60:1D); other LLC data is fine', () => {
  const llc = (oui: string, signature: Buffer) => dataFrame(0x01, AP, STA, BROADCAST, 0, [], Buffer.concat([Buffer.from(`aaaa03${oui}0001`, 'hex'), Buffer.alloc(4), signature, Buffer.alloc(16)]));
  h.send(llc('00601e', Buffer.from('All your 802.11b are belong to us')));
  assert.equal(headers(), []);
  h.send(llc('00601d', Buffer.from('All your 802.11b are belong to us')));
  h.send(llc('00601d', Buffer.from([0, 1, 2, 3])));
  assert.equal(h.raised(), [
    ['NETSTUMBLER', upper(AP), upper(STA), upper(BROADCAST), '0'],
    ['LUCENTTEST', upper(AP), upper(STA), upper(BROADCAST), '0'],
  ]);
});

test.run();
