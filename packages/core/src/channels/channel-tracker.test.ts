import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../logger.js';
import { createTestService, TestSource, testPhyPlugin } from '../testing/index.js';
import { TurnBudget } from '../util/turn-budget.js';
import { DEVICES_PER_LOOK } from './channel-tracker.js';

const quiet = createLogger({ write: () => {} });
const FREQUENCIES = [2_412_000, 2_437_000, 5_180_000];

test('the count of active devices per frequency, walked over several turns, counts every device once', async () => {
  const t = await createTestService({ plugins: [testPhyPlugin], log: quiet });
  try {
    const source = new TestSource(t.svc);
    const devices = DEVICES_PER_LOOK * 2 + 100;
    for (let n = 0; n < devices; n++) source.send({ mac: `02:00:00:00:${(n >> 8).toString(16).padStart(2, '0')}:${(n & 0xff).toString(16).padStart(2, '0')}`, freqKhz: FREQUENCIES[n % 3] });
    const now = Date.now() / 1000;
    let turns = 0;
    const sampled = t.svc.channels.sampleDevices(now, new TurnBudget(0));
    // Devices heard while the count waits for its next turn still count once.
    setImmediate(() => {
      turns++;
      source.send({ mac: '02:00:00:00:00:00', freqKhz: FREQUENCIES[0] });
      source.send({ mac: '02:00:00:00:ff:ff', freqKhz: FREQUENCIES[1] });
    });
    await sampled;
    assert.ok(turns > 0, 'the count let the event loop turn');
    const map = t.svc.channels.toRecord(now)['svc.channeltracker.frequency_map'] as Record<string, Record<string, number>>;
    const active = FREQUENCIES.map((khz) => Object.values(map).find((record) => record['svc.channelrec.frequency'] === khz)!['svc.channelrec.active_devices']);
    const expected = FREQUENCIES.map((_, index) => Math.ceil((devices - index) / 3));
    expected[1]! += 1; // the device heard meanwhile for the first time
    assert.equal(active, expected);
  } finally {
    await t.close();
  }
});

test.run();
