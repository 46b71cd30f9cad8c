/**
 * Deauthentication and disassociation checks through the real chain, each condition of Kismet's
 * source frame by frame: DEAUTHFLOOD after more than 10 in a row within a second of each other
 * (not after 10, nor across a gap; phy_80211.cc 1562-1594), BCASTDISCON for the broadcast
 * address only (1597-1612), and the undefined reason codes (25-31, above 45) for
 * DEAUTHCODEINVALID (off by default in Kismet; enabled here) and DISCONCODEINVALID
 * (phy_80211_dissectors.cc 1024-1079), read whatever the BSSID. An access point's broadcast
 * disassociation without its reason code raises both BCASTDISCON and DISCONCODEINVALID, as
 * Kismet, reading the code past the frame's end, does; a protected one only BCASTDISCON; one
 * whose FCS is wrong nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ManagementSubtype } from '../parse/dot11-header.js';
import { FrameFlags } from '../synthetic/frame-builders.js';
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

test('an access point disassociating everyone: BCASTDISCON, and DISCONCODEINVALID for an undefined or missing reason code', () => {
  const everyone = (body: Buffer, subtype: number = ManagementSubtype.DISASSOC, flags = 0) => management(subtype, body, flags, AP, BROADCAST, AP);
  const broadcast = ['BCASTDISCON', upper(AP), upper(AP), upper(BROADCAST), '0'];
  h.send(everyone(u16(8)));
  assert.equal(h.raised(), [broadcast], 'reason 8 (leaving): only BCASTDISCON');
  h.send(everyone(u16(99)));
  assert.equal(h.raised(), [['DISCONCODEINVALID', upper(AP), upper(AP), upper(BROADCAST), '0'], broadcast], 'the reason code when the frame is read, then the network check');
  h.send(everyone(Buffer.alloc(0)));
  const records = h.records();
  assert.equal(records.map((record) => record['svc.alert.header']), ['MALFORMMGMT', 'DISCONCODEINVALID', 'BCASTDISCON'], 'no reason code: Kismet reads the two bytes after the frame');
  assert.is(records[1]!['svc.alert.text'], `Disassociation without a reason code from ${upper(AP)} in network ${upper(AP)}`);
  h.send(everyone(Buffer.alloc(0), ManagementSubtype.DEAUTH));
  assert.equal(h.raised().map(([name]) => name), ['MALFORMMGMT', 'DEAUTHCODEINVALID', 'BCASTDISCON']);
  h.send(everyone(Buffer.from([0x01, 0x00, 0x00, 0x00, 0x00, 0x20, 0x00, 0x00]), ManagementSubtype.DISASSOC, FrameFlags.PROTECTED));
  assert.equal(h.raised(), [broadcast], 'protected: its body is not read as a reason code');
  h.send(Buffer.concat([everyone(u16(99)), Buffer.from([1, 2, 3, 4])]), { radio: { flags: 0x10 } });
  assert.equal(h.raised(), [], 'an FCS that does not match: nothing is believed of the frame');
});

test('the flood counts disassociations without a reason code, to anyone', () => {
  for (let i = 0; i < 11; i++) h.send(management(ManagementSubtype.DISASSOC, Buffer.alloc(0), 0, AP, STA, AP), { time: 3000 + i * 0.05 });
  assert.equal(h.raised().filter(([name]) => name === 'DEAUTHFLOOD'), [['DEAUTHFLOOD', upper(AP), upper(AP), upper(STA), '0']]);
});

test.run();
