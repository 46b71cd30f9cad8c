/**
 * ADHOCCONFLICT through the real chain: a BSSID that beaconed as an ad-hoc network carrying
 * from-DS data fires; an access point's from-DS data, or ad-hoc data between peers, does not.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dataFrame, STA } from '../parse/test-frames.js';
import { AP, alertHarness, beacon, ds, ssid, upper, type AlertHarness } from './alert-harness.test-helper.js';

let h: AlertHarness;
test.before.each(async () => {
  h = await alertHarness();
});
test.after.each(() => h.close());

const IBSS = '02:3a:91:c7:04:5d';

test('a BSSID seen beaconing as ad-hoc, then sending from-DS data', () => {
  h.send(beacon([ssid('OfficeNet'), ds(6)]));
  h.send(dataFrame(0x02, STA, AP, AP));
  h.send(beacon([ssid('PartyNet'), ds(6)], { from: IBSS, capability: 0x0002 }));
  h.send(dataFrame(0x00, STA, IBSS, IBSS));
  assert.equal(h.raised(), []);
  h.send(dataFrame(0x02, STA, IBSS, IBSS));
  assert.equal(h.raised(), [['ADHOCCONFLICT', upper(IBSS), upper(IBSS), upper(STA), '0']]);
});

test.run();
