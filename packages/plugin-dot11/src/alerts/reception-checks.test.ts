/**
 * OVERPOWERED (off by default in Kismet; enabled here) above `dot11_max_signal` and below 0 dBm,
 * and MALFORMMGMT for management frames that run past their end, but not for a data frame or a
 * frame the radio marked with a bad checksum.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ManagementSubtype } from '../parse/dot11-header.js';
import { dataFrame, STA } from '../parse/test-frames.js';
import { AP, alertHarness, BROADCAST, management, probeRequest, upper, type AlertHarness } from './alert-harness.test-helper.js';

let h: AlertHarness;
test.after.each(() => h.close());

test('OVERPOWERED: above -10 dBm and below 0; -10 and 0 are fine; dot11_max_signal moves the threshold', async () => {
  h = await alertHarness();
  h.send(probeRequest(STA, 'x'), { radio: { signal: -10 } });
  h.send(probeRequest(STA, 'x'), { radio: { signal: 0 } });
  assert.equal(h.raised(), []);
  h.send(probeRequest(STA, 'x'), { radio: { signal: -6 } });
  assert.equal(h.raised(), [['OVERPOWERED', upper(BROADCAST), upper(STA), upper(BROADCAST), '0']]);
  await h.close();
  h = await alertHarness({ dot11_max_signal: '-30' });
  h.send(probeRequest(STA, 'x'), { radio: { signal: -20 } });
  assert.equal(h.raised().map(([header]) => header), ['OVERPOWERED']);
});

test('MALFORMMGMT: elements past the end, a header cut short; a data frame cut short or a bad checksum is fine', async () => {
  h = await alertHarness();
  const overrun = management(ManagementSubtype.PROBE_REQUEST, Buffer.from([0, 40, 0x41]), 0, STA, BROADCAST, BROADCAST);
  h.send(overrun, { radio: { flags: 0x40 } });
  h.send(dataFrame(0x01, AP, STA, BROADCAST).subarray(0, 20));
  assert.equal(h.raised(), []);
  h.send(overrun);
  h.send(management(ManagementSubtype.BEACON, Buffer.alloc(0)).subarray(0, 16));
  assert.equal(h.raised(), [
    ['MALFORMMGMT', upper(BROADCAST), upper(STA), upper(BROADCAST), '0'],
    ['MALFORMMGMT', '00:00:00:00:00:00', '00:00:00:00:00:00', '00:00:00:00:00:00', '0'],
  ]);
});

test.run();
