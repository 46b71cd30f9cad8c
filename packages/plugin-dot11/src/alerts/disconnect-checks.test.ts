/**
 * Deauthentication and disassociation checks through the real chain: DEAUTHFLOOD after more
 * than 10 in a row within a second of each other (not after 10, nor across a gap), BCASTDISCON
 * for the broadcast address only, and the undefined reason codes (25-31, above 45) for
 * DEAUTHCODEINVALID (off by default in Kismet; enabled here) and DISCONCODEINVALID.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ManagementSubtype } from '../parse/dot11-header.js';
import { STA } from '../parse/test-frames.js';
import { AP, alertHarness, BROADCAST, management, u16, upper, type AlertHarness } from './alert-harness.test-helper.js';
import { isInvalidReason } from './disconnect-checks.js';

let h: AlertHarness;
test.before.each(async () => {
  h = await alertHarness();
});
test.after.each(() => h.close());

const deauth = (reason: number, to = STA, subtype: number = ManagementSubtype.DEAUTH) => management(subtype, u16(reason), 0, AP, to, AP);

test('DEAUTHFLOOD: the 11th in a row within a second raises it and the count starts again', () => {
  for (let i = 0; i < 10; i++) h.send(deauth(7), { time: 2000 + i * 0.06 });
  assert.equal(h.raised(), [], '10 are not a flood');
  h.send(deauth(7, STA, ManagementSubtype.DISASSOC), { time: 2000.7 });
  assert.equal(h.raised(), [['DEAUTHFLOOD', upper(AP), upper(AP), upper(STA), '0']], 'disassociations count with deauthentications');
  for (let i = 0; i < 9; i++) h.send(deauth(7), { time: 2001 + i * 0.06 });
  assert.equal(h.raised(), [], 'counting again from 1');
  for (let i = 0; i < 10; i++) h.send(deauth(7), { time: 2003 + i * 0.06 });
  assert.equal(h.raised(), [], 'a gap of 2 s starts the count again');
});

test('BCASTDISCON: a deauthentication or disassociation to every client; unicast is fine', () => {
  h.send(deauth(3));
  assert.equal(h.raised(), []);
  h.send(deauth(3, BROADCAST, ManagementSubtype.DISASSOC));
  assert.equal(h.raised(), [['BCASTDISCON', upper(AP), upper(AP), upper(BROADCAST), '0']]);
});

test('DEAUTHCODEINVALID and DISCONCODEINVALID: reason codes 25-31 and above 45', () => {
  assert.equal([24, 25, 31, 32, 45, 46, 99].map(isInvalidReason), [false, true, true, false, false, true, true]);
  h.send(deauth(45));
  h.send(deauth(24, STA, ManagementSubtype.DISASSOC));
  assert.equal(h.raised(), []);
  h.send(deauth(99));
  h.send(deauth(25, STA, ManagementSubtype.DISASSOC));
  assert.equal(h.raised(), [
    ['DEAUTHCODEINVALID', upper(AP), upper(AP), upper(STA), '0'],
    ['DISCONCODEINVALID', upper(AP), upper(AP), upper(STA), '0'],
  ]);
});

test.run();
