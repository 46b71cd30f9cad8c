/**
 * Station checks through the real chain: NOCLIENTMFP for every association request to a
 * network (as Kismet 2025-09-R1, whatever the client's RSN capabilities), not for a
 * reassociation or a request to the broadcast BSSID; WMMTSPEC for an association response
 * with more than 4 TSPEC elements, not 4.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ManagementSubtype } from '../parse/dot11-header.js';
import { STA } from '../parse/test-frames.js';
import { AP, alertHarness, BROADCAST, element, management, rates, rsn, ssid, u16, upper, type AlertHarness } from './alert-harness.test-helper.js';

let h: AlertHarness;
test.before.each(async () => {
  h = await alertHarness();
});
test.after.each(() => h.close());

const request = (subtype: number, bssid: string, capabilities: number) =>
  management(subtype, Buffer.concat([u16(0x0431), u16(10), ...(subtype === ManagementSubtype.REASSOC_REQUEST ? [Buffer.from(AP.replaceAll(':', ''), 'hex')] : []), ssid('OfficeNet'), rates, rsn({ capabilities })]), 0, STA, bssid, bssid);

test('NOCLIENTMFP: every association request to a network, even one advertising MFP (Kismet tests before reading the RSN element)', () => {
  h.send(request(ManagementSubtype.REASSOC_REQUEST, AP, 0));
  h.send(request(ManagementSubtype.ASSOC_REQUEST, BROADCAST, 0));
  assert.equal(h.raised(), []);
  h.send(request(ManagementSubtype.ASSOC_REQUEST, AP, 0));
  h.send(request(ManagementSubtype.ASSOC_REQUEST, AP, 0x00c0));
  assert.equal(h.raised(), [
    ['NOCLIENTMFP', upper(AP), upper(STA), upper(AP), '0'],
    ['NOCLIENTMFP', upper(AP), upper(STA), upper(AP), '0'],
  ]);
});

test('WMMTSPEC: an association response with 5 WMM TSPEC elements; 4 are fine', () => {
  const tspec = element(221, Buffer.from([0x00, 0x50, 0xf2, 2, 2, 1]), Buffer.alloc(55));
  const response = (count: number) => management(ManagementSubtype.ASSOC_RESPONSE, Buffer.concat([u16(0x0431), u16(0), u16(0xc001), rates, ...Array.from({ length: count }, () => tspec)]), 0, AP, STA, AP);
  h.send(response(4));
  assert.equal(h.raised(), []);
  h.send(response(5));
  assert.equal(h.raised(), [['WMMTSPEC', upper(AP), upper(AP), upper(STA), '0']]);
});

test.run();
