/**
 * The fleet view against a real `nats-server -js`: two sensors (test services with the test PHY)
 * hear overlapping devices, and a third service with `fleet_view` must hold every device once,
 * in its normal tracker and routes, with one seen-by entry per sensor carrying that sensor's
 * packets and signal, the packet count their sum, and the sensor hearing it best named. More
 * packets at a sensor update the device without counting anything twice, and a fleet view
 * started again rebuilds the same devices from JetStream alone.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '@svc/core';
import { createTestService, TestSource, testPhyPlugin, waitUntil, type TestService } from '@svc/core/testing';
import fleetPlugin from '../index.js';
import { startNatsServer, type TestNatsServer } from '../testing/index.js';

type Json = Record<string, any>;
let server: TestNatsServer;
let north: TestService;
let south: TestService;
const views: TestService[] = [];

const service = (config: Record<string, string>) => createTestService({ plugins: [testPhyPlugin, fleetPlugin], log: createLogger({ write: () => {} }), config });
const json = async (t: TestService, path: string) => (await (await t.request(path)).json()) as any;

async function startView(): Promise<TestService> {
  const view = await service({ server_name: 'centre', fleet_view: server.url });
  views.push(view);
  await view.svc.start();
  return view;
}

/** The view's record of each device, by key. */
async function viewDevices(view: TestService): Promise<Map<string, Json>> {
  const devices = (await json(view, '/devices/views/all/devices.json')) as Json[];
  return new Map(devices.map((device) => [device['svc.device.base.key'], device]));
}

/** Waits until the view holds `count` devices whose packet counts are the sensors' sums. */
async function settled(view: TestService, count: number): Promise<Map<string, Json>> {
  const expected = () => {
    const sums = new Map<string, number>();
    for (const sensor of [north, south]) for (const device of sensor.svc.devices.devices()) sums.set(device.key, (sums.get(device.key) ?? 0) + device.packetsTotal);
    return sums;
  };
  await waitUntil(`the view holds ${count} devices with the sensors' packet counts`, async () => {
    const devices = await viewDevices(view);
    const sums = expected();
    return devices.size === count && [...sums].every(([key, packets]) => devices.get(key)?.['svc.device.base.packets.total'] === packets);
  }, { timeoutMs: 15_000, detail: () => JSON.stringify([...expected()]) });
  return viewDevices(view);
}

/** A device's seen-by entries, by sensor, with what does not move with the clock. */
const sensorsOf = (device: Json) =>
  (device['svc.device.base.seenby'] as Json[])
    .map((seen) => [seen['svc.common.seenby.uuid'], seen['svc.common.seenby.first_time'], seen['svc.common.seenby.last_time'], seen['svc.common.seenby.num_packets'], seen['svc.common.seenby.signal']?.['svc.common.signal.last_signal']])
    .sort();

test.before(async () => {
  server = await startNatsServer();
  north = await service({ server_name: 'north', fleet_publish: server.url, fleet_site: 'campus', fleet_status_interval: '0.5' });
  south = await service({ server_name: 'south', fleet_publish: server.url, fleet_site: 'campus', fleet_status_interval: '0.5' });
  await north.svc.start();
  await south.svc.start();
});

test.after(async () => {
  for (const t of [...views, north, south]) await t?.close();
  await server?.stop();
});

test('a device heard at two sensors is one device with a seen-by entry per sensor, and the best one named', async () => {
  const view = await startView();
  const northRadio = new TestSource(north.svc);
  const southRadio = new TestSource(south.svc);
  for (let i = 0; i < 5; i++) northRadio.send({ mac: '02:00:00:00:00:01', name: 'only-north', signal: -50 });
  for (let i = 0; i < 3; i++) northRadio.send({ mac: '02:00:00:00:00:02', name: 'shared', signal: -70, model: 'north-model' });
  for (let i = 0; i < 4; i++) southRadio.send({ mac: '02:00:00:00:00:02', name: 'shared', signal: -40, model: 'south-model' });
  for (let i = 0; i < 2; i++) southRadio.send({ mac: '02:00:00:00:00:03', name: 'only-south', signal: -60 });
  const devices = await settled(view, 3);

  const shared = [...devices.values()].find((device) => device['svc.device.base.name'] === 'shared')!;
  const seenby = shared['svc.device.base.seenby'] as Json[];
  assert.equal(seenby.map((seen) => seen['svc.common.seenby.uuid']).sort(), [north.svc.serverUuid, south.svc.serverUuid].sort());
  const of = (t: TestService) => seenby.find((seen) => seen['svc.common.seenby.uuid'] === t.svc.serverUuid)!;
  assert.is(of(north)['svc.common.seenby.num_packets'], 3);
  assert.is(of(south)['svc.common.seenby.num_packets'], 4);
  assert.is(of(north)['svc.common.seenby.signal']['svc.common.signal.last_signal'], -70);
  assert.is(of(south)['svc.common.seenby.signal']['svc.common.signal.last_signal'], -40);
  assert.is(shared['svc.device.base.packets.total'], 7);
  assert.is(shared['svc.device.base.best_seenby'], south.svc.serverUuid, 'south hears it best');
  assert.is(shared['svc.device.base.signal']['svc.common.signal.last_signal'], -40);
  assert.ok(['north-model', 'south-model'].includes(shared['test.device']['test.device.model']), 'the PHY sub-record came along');

  const onlyNorth = [...devices.values()].find((device) => device['svc.device.base.name'] === 'only-north')!;
  assert.equal((onlyNorth['svc.device.base.seenby'] as Json[]).map((seen) => seen['svc.common.seenby.uuid']), [north.svc.serverUuid]);
  const seenBySouth = (await json(view, `/devices/views/seenby-${south.svc.serverUuid}/devices.json`)) as Json[];
  assert.equal(seenBySouth.map((device) => device['svc.device.base.name']).sort(), ['only-south', 'shared'], "the per-sensor view holds the south's devices");

  await waitUntil('both sensors are listed with their status', async () => ((await json(view, '/fleet/sensors.json')) as Json[]).filter((node) => node['svc.fleet.sensor.status']['svc.fleet.devices'] !== undefined).length === 2, { timeoutMs: 10_000 });
  const nodes = (await json(view, '/fleet/sensors.json')) as Json[];
  assert.equal(nodes.map((node) => [node['svc.fleet.sensor.site'], node['svc.fleet.sensor.node'], node['svc.fleet.sensor.uuid']]), [
    ['campus', 'north', north.svc.serverUuid],
    ['campus', 'south', south.svc.serverUuid],
  ]);
  const status = await json(view, '/fleet/status.json');
  assert.is(status['svc.fleet.view.state'], 'following');
  assert.is(status['svc.fleet.view.sensors'], 2);
});

test("a sensor's alert is raised in the view, naming the sensor, with its device", async () => {
  const view = views[0]!;
  const device = [...south.svc.devices.devices()][0]!;
  south.svc.alerts.define({ name: 'FLEETPROBE', description: 'raised at the south sensor', throttle: '10/sec', burst: '10/sec', severity: 15 });
  south.svc.alerts.raise({ name: 'FLEETPROBE', text: 'something odd', deviceKey: device.key, transmitterMac: '02:00:00:00:00:03' });
  await waitUntil('the alert is in the view', async () => ((await json(view, '/alerts/all_alerts.json')) as Json[]).some((alert) => alert['svc.alert.header'] === 'FLEETPROBE'), { timeoutMs: 10_000 });
  const alert = ((await json(view, '/alerts/all_alerts.json')) as Json[]).find((candidate) => candidate['svc.alert.header'] === 'FLEETPROBE')!;
  assert.is(alert['svc.alert.text'], '[campus/south] something odd');
  assert.is(alert['svc.alert.device_key'], device.key);
  assert.is(alert['svc.alert.severity'], 15);
  assert.is(alert['svc.alert.transmitter_mac'], '02:00:00:00:00:03');
});

test('more packets update the device without counting twice; a restarted view rebuilds the same fleet', async () => {
  const northRadio = new TestSource(north.svc);
  for (let i = 0; i < 10; i++) northRadio.send({ mac: '02:00:00:00:00:02', name: 'shared', signal: -30 });
  const first = await settled(views[0]!, 3);
  const shared = [...first.values()].find((device) => device['svc.device.base.name'] === 'shared')!;
  assert.is(shared['svc.device.base.packets.total'], 17);
  assert.is(shared['svc.device.base.best_seenby'], north.svc.serverUuid, 'north now hears it best');

  await views[0]!.close();
  const again = await startView();
  const rebuilt = await settled(again, 3);
  for (const [key, device] of first) {
    const other = rebuilt.get(key)!;
    for (const field of ['svc.device.base.packets.total', 'svc.device.base.first_time', 'svc.device.base.last_time', 'svc.device.base.best_seenby', 'svc.device.base.name']) assert.equal(other[field], device[field], `${key} ${field}`);
    assert.equal(sensorsOf(other), sensorsOf(device), `${key} seen-by`);
  }
});

test.run();
