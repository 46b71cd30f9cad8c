/**
 * BSSTIMESTAMP through the real chain: a timestamp jump of more than 10 s in the sixth (or a
 * later) beacon in a row fires; in the fifth, or by 10 s, or after a gap of more than 5 s, or
 * in an ad-hoc network, it does not.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AP, alertHarness, beacon, BROADCAST, ds, ssid, upper, type AlertHarness } from './alert-harness.test-helper.js';

let h: AlertHarness;
test.before.each(async () => {
  h = await alertHarness();
});
test.after.each(() => h.close());

const DAY = 86_400_000_000;
/** Beacons of `from` 102.4 ms apart from capture time `start` (s), the timer running from `tsf`; returns the time after them. */
function steady(count: number, start: number, tsf: number, options: { from?: string; capability?: number } = {}): number {
  for (let i = 0; i < count; i++) h.send(beacon([ssid('OfficeNet'), ds(6)], { tsf: tsf + i * 102_400, ...options }), { time: start + i * 0.1024 });
  return start + count * 0.1024;
}
const jump = (tsf: number, time: number, options: { from?: string; capability?: number } = {}) => h.send(beacon([ssid('OfficeNet'), ds(6)], { tsf, ...options }), { time });

test('fires for a jump of more than 10 s in the sixth beacon in a row, with channel "0"', () => {
  const after = steady(5, 1000, 5 * DAY);
  jump(9 * DAY, after);
  assert.equal(h.raised(), [['BSSTIMESTAMP', upper(AP), upper(AP), upper(BROADCAST), '0']]);
  jump(9 * DAY + 102_400, after + 0.1);
  assert.equal(h.raised(), [], 'the twin running on steadily is not a new jump');
});

test('near misses: a jump in the fifth beacon, a jump of 10 s, a gap of over 5 s, an ad-hoc network', () => {
  jump(9 * DAY, steady(4, 1000, 5 * DAY, { from: '02:00:00:00:00:01' }), { from: '02:00:00:00:00:01' });
  jump(5 * DAY + 5 * 102_400 + 10_000_000, steady(6, 1000, 5 * DAY, { from: '02:00:00:00:00:02' }) - 0.1024, { from: '02:00:00:00:00:02' });
  jump(9 * DAY, steady(6, 1000, 5 * DAY, { from: '02:00:00:00:00:03' }) + 5.5, { from: '02:00:00:00:00:03' });
  jump(9 * DAY, steady(8, 1000, 5 * DAY, { from: '02:00:00:00:00:04', capability: 0x0002 }), { from: '02:00:00:00:00:04', capability: 0x0002 });
  assert.equal(h.raised(), []);
});

test.run();
