import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../logger.js';
import { createTestService, TestSource, testPhyPlugin } from '../testing/index.js';

const quiet = createLogger({ write: () => {} });
const mac = (n: number) => `02:00:00:00:00:${n.toString(16).padStart(2, '0')}`;

test('tracker_max_devices drops the least recently heard device, from the tracker and its views', async () => {
  const t = await createTestService({ plugins: [testPhyPlugin], config: { tracker_max_devices: '3' }, log: quiet });
  try {
    const source = new TestSource(t.svc);
    for (const n of [1, 2, 3]) source.send({ mac: mac(n), name: `d${n}` });
    source.send({ mac: mac(1), name: 'd1' }); // 1 is now the most recent; 2 the least
    source.send({ mac: mac(4), name: 'd4' });
    const names = [...t.svc.devices.devices()].map((device) => device.name);
    assert.equal(names, ['d4', 'd1', 'd3']);
    assert.is(t.svc.devices.size, 3);
    assert.is(t.svc.devices.evicted, 1);
    assert.is(t.svc.deviceViews.get('all')!.size, 3);
    assert.is(t.svc.deviceViews.get('test-named')!.size, 3);
    assert.is(t.svc.deviceViews.get(`seenby-${source.uuid}`)!.size, 3);
    assert.is(t.svc.devices.phy('TESTPHY')!.deviceCount, 3);
    assert.is((await t.request(`/devices/by-key/${t.svc.devices.phy('TESTPHY')!.keyPrefix}_020000000002/device.json`)).status, 404);
  } finally {
    await t.close();
  }
});

test('tracker_device_timeout forgets devices not heard for that long, oldest first', async () => {
  const t = await createTestService({ plugins: [testPhyPlugin], config: { tracker_device_timeout: '60' }, log: quiet });
  try {
    const source = new TestSource(t.svc);
    const now = Date.now() / 1000;
    source.send({ mac: mac(1), time: now - 300 });
    source.send({ mac: mac(2), time: now - 30 });
    source.send({ mac: mac(3), time: now - 120 });
    source.send({ mac: mac(2), time: now - 10 });
    assert.is(t.svc.devices.expire(now), 2);
    assert.equal([...t.svc.devices.devices()].map((device) => device.mac), [0x020000000002]);
  } finally {
    await t.close();
  }
});

test('a PHY view with recheckOnUpdate follows changes: a device joins when it gains a name', async () => {
  const t = await createTestService({ plugins: [testPhyPlugin], log: quiet });
  try {
    const source = new TestSource(t.svc);
    source.send({ mac: mac(9) });
    assert.is(t.svc.deviceViews.get('test-named')!.size, 0);
    source.send({ mac: mac(9), name: 'now named' });
    assert.is(t.svc.deviceViews.get('test-named')!.size, 1);
  } finally {
    await t.close();
  }
});

test('a bad view= line stops startup with a message naming it', async () => {
  for (const bad of ['noparts', 'id:desc:svc.device.base.name:(unclosed', 'bad id:d:svc.device.base.name:x']) {
    try {
      await createTestService({ plugins: [testPhyPlugin], config: { view: bad }, log: quiet });
      assert.unreachable(bad);
    } catch (error) {
      assert.match(String(error), `view=${bad}`);
    }
  }
});

test.run();
