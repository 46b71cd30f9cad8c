/**
 * Devices another svc serves, taken into this tracker (what plugin-fleet's fleet view does):
 * rebuilt from their whole record with the PHY's sub-record, admitted as new devices (the
 * commit announces them: views, `deviceCreated`, `NEW_DEVICE`), refreshed in place (the commit
 * announces the change, the user's name stays), and seen-by entries that keep their own signal
 * serve it, with the strongest named in `best_seenby`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../logger.js';
import { deviceFromServedRecord } from '../logging/restore/tracker-restore.js';
import { createTestService, TestSource, testPhyPlugin, type TestService } from '../testing/index.js';
import { SignalData } from './signal.js';

const quiet = createLogger({ write: () => {} });
type Json = Record<string, any>;

/** A sensor that tracked a device and the record it serves of it. */
async function servedRecord(sensor: TestService, report: { mac: string; name: string; model: string; signal: number }, times: number): Promise<Json> {
  const source = new TestSource(sensor.svc);
  for (let i = 0; i < times; i++) source.send(report);
  const device = [...sensor.svc.devices.devices()].find((candidate) => candidate.name === report.name)!;
  return (await (await sensor.request(`/devices/by-key/${device.key}/device.json`)).json()) as Json;
}

test('a served record admitted, then refreshed: announced as new, then as changed, the user name kept', async () => {
  const sensor = await createTestService({ plugins: [testPhyPlugin], log: quiet });
  const view = await createTestService({ plugins: [testPhyPlugin], log: quiet });
  try {
    const record = await servedRecord(sensor, { mac: '02:00:00:00:00:07', name: 'far', model: 'm7', signal: -55 }, 3);
    const created: string[] = [];
    const updated: string[] = [];
    const announced: string[] = [];
    view.svc.hooks.deviceCreated.tap('test', (device) => void created.push(device.key));
    view.svc.hooks.deviceUpdated.tap('test', (device) => void updated.push(device.key));
    view.svc.events.subscribe('NEW_DEVICE', (_topic, device) => void announced.push((device as Json)['svc.device.base.key']));

    const device = deviceFromServedRecord(view.svc, record)!;
    assert.is(device.components.test?.['test.device.model'], 'm7', 'the PHY rebuilt its sub-record');
    device.seenby = [{ uuid: 'SENSOR-A', firstTime: device.firstTime, lastTime: device.lastTime, numPackets: 3, signal: SignalData.fromRecord(record['svc.device.base.signal']) }];
    assert.ok(view.svc.devices.admit(device));
    assert.not.ok(view.svc.devices.admit(deviceFromServedRecord(view.svc, record)!), 'a key already tracked is refused');
    view.svc.devices.commit();
    assert.equal([created, announced, updated], [[device.key], [device.key], []]);
    assert.ok(view.svc.deviceViews.get('test-named')!.has(device), 'the PHY view took it');
    assert.ok(view.svc.deviceViews.get('seenby-SENSOR-A')!.has(device), 'the seen-by view took it');

    device.username = 'my name';
    const newer = await servedRecord(sensor, { mac: '02:00:00:00:00:07', name: 'far', model: 'm8', signal: -45 }, 2);
    const again = deviceFromServedRecord(view.svc, newer)!;
    again.seenby = [...device.seenby!, { uuid: 'SENSOR-B', firstTime: again.firstTime, lastTime: again.lastTime, numPackets: 2, signal: SignalData.fromRecord(newer['svc.device.base.signal']) }];
    view.svc.devices.refresh(device, again);
    view.svc.devices.commit();
    assert.equal(updated, [device.key]);
    assert.is(view.svc.devices.byKey(device.key), device, 'the tracked object stays');
    assert.is(device.packetsTotal, 5);
    assert.is(device.components.test?.['test.device.model'], 'm8');
    assert.is(device.username, 'my name', "the view's own name stays");
    assert.ok(view.svc.deviceViews.get('seenby-SENSOR-B')!.has(device));

    const served = (await (await view.request(`/devices/by-key/${device.key}/device.json`)).json()) as Json;
    assert.equal(served['svc.device.base.seenby'].map((seen: Json) => [seen['svc.common.seenby.uuid'], seen['svc.common.seenby.signal']['svc.common.signal.last_signal']]), [['SENSOR-A', -55], ['SENSOR-B', -45]]);
    assert.is(served['svc.device.base.best_seenby'], 'SENSOR-B');
  } finally {
    await sensor.close();
    await view.close();
  }
});

test('a record of a PHY this server lacks, or no device record at all, gives nothing', async () => {
  const view = await createTestService({ plugins: [testPhyPlugin], log: quiet });
  try {
    assert.is(deviceFromServedRecord(view.svc, { 'svc.device.base.key': '0000000000000001_020000000001', 'svc.device.base.phyname': 'NOSUCHPHY' }), undefined);
    assert.is(deviceFromServedRecord(view.svc, { hello: 'world' }), undefined);
  } finally {
    await view.close();
  }
});

test('a packet-fed device has no best_seenby: its seen-by entries keep no signal of their own', async () => {
  const t = await createTestService({ plugins: [testPhyPlugin], log: quiet });
  try {
    new TestSource(t.svc).send({ mac: '02:00:00:00:00:09', signal: -20 });
    const device = [...t.svc.devices.devices()][0]!;
    const served = (await (await t.request(`/devices/by-key/${device.key}/device.json`)).json()) as Json;
    assert.is(served['svc.device.base.best_seenby'], undefined);
    assert.is(served['svc.device.base.seenby'][0]['svc.common.seenby.signal'], undefined);
  } finally {
    await t.close();
  }
});

test.run();
