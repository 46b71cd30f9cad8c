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

test('find gives a PHY\'s device by MAC without creating one', async () => {
  const t = await createTestService({ plugins: [testPhyPlugin], log: quiet });
  try {
    const phy = t.svc.devices.phy('TESTPHY')!;
    assert.is(t.svc.devices.find(phy, 0x020000000005), undefined);
    assert.is(t.svc.devices.size, 0);
    new TestSource(t.svc).send({ mac: mac(5), name: 'd5' });
    assert.is(t.svc.devices.find(phy, 0x020000000005)!.name, 'd5');
    assert.is(t.svc.devices.find(phy, 0x020000000006), undefined);
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

test('a device a packet only names counts the packet but keeps its own signal and channel', async () => {
  const t = await createTestService({ plugins: [testPhyPlugin], log: quiet });
  try {
    const phy = t.svc.devices.phy('TESTPHY')!;
    const packet = { tsSec: 1_700_000_000, tsUsec: 0, sourceUuid: 'S', dlt: 0, annotations: {}, signal: { signalDbm: -40, freqKhz: 2_437_000, channel: '6' } };
    const sender = t.svc.devices.touch(packet, phy, 1)!;
    const named = t.svc.devices.touch(packet, phy, 2, false)!;
    t.svc.devices.commit();
    assert.is(sender.channel, '6');
    assert.is(sender.signal?.toRecord(1_700_000_000)['svc.common.signal.last_signal'], -40);
    assert.is(named.packetsTotal, 1);
    assert.is(named.lastTime, 1_700_000_000);
    assert.is(named.channel, '');
    assert.is(named.signal, undefined);
    assert.is(t.svc.devices.record(named)['svc.device.base.key'], named.key);
  } finally {
    await t.close();
  }
});

test('packets per frequency and per source are counted exactly when they alternate, whatever a PHY writes to frequency', async () => {
  const t = await createTestService({ plugins: [testPhyPlugin], log: quiet });
  try {
    const phy = t.svc.devices.phy('TESTPHY')!;
    const packet = (uuid: string, freqKhz: number) => ({ tsSec: 1_700_000_000, tsUsec: 0, sourceUuid: uuid, dlt: 0, annotations: {}, signal: { freqKhz } });
    const device = t.svc.devices.touch(packet('A', 2_412_000), phy, 5)!;
    device.frequency = 2_462_000; // a PHY's own idea of the channel, as 802.11 beacons give it
    for (const [uuid, freq] of [['B', 2_462_000], ['A', 2_412_000], ['A', 2_412_000], ['B', 2_462_000]] as const) t.svc.devices.touch(packet(uuid, freq), phy, 5);
    t.svc.devices.commit();
    const record = t.svc.devices.record(device);
    assert.equal(record['svc.device.base.freq_khz_map'], { '2412000': 3, '2462000': 2 });
    assert.equal((record['svc.device.base.seenby'] as any[]).map((seen) => [seen['svc.common.seenby.uuid'], seen['svc.common.seenby.num_packets']]), [['A', 3], ['B', 2]]);
    assert.is(t.svc.deviceViews.get('seenby-B')!.size, 1);
  } finally {
    await t.close();
  }
});

test.run();
