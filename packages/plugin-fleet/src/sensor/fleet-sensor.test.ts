/**
 * The sensor side against a real `nats-server -js`: a test service with the test PHY publishes
 * to JetStream, and a NATS client of the test's own must find, in the fleet streams, every
 * device under its site, node and PHY with the record svc serves for it, each device published
 * once for a burst of packets (the once-a-second debounce), the alerts it raised, its sources'
 * states without their definitions, and its status.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '@svc/core';
import { createTestDatasource, createTestService, TestSource, testPhyPlugin, waitUntil, type TestService } from '@svc/core/testing';
import fleetPlugin from '../index.js';
import { ALERT_STREAM, FleetSubjects, STATE_STREAM } from '../fleet-subjects.js';
import { readFleetStreams, startNatsServer, type FleetStreamReader, type TestNatsServer } from '../testing/index.js';

let server: TestNatsServer;
let reader: FleetStreamReader;
let t: TestService;
const subjects = new FleetSubjects('campus', 'roof');

type Json = Record<string, any>;
const status = async () => (await (await t.request('/fleet/status.json')).json()) as Json;

test.before(async () => {
  server = await startNatsServer();
  t = await createTestService({
    plugins: [testPhyPlugin, createTestDatasource().plugin, fleetPlugin],
    log: createLogger({ write: () => {} }),
    config: { server_name: 'lab', fleet_publish: server.url, fleet_site: 'campus', fleet_node: 'roof', fleet_status_interval: '0.2' },
  });
  await t.svc.start();
  reader = await readFleetStreams(server.url);
});

test.after(async () => {
  await reader?.close();
  await t?.close();
  await server?.stop();
});

test('every device is in the state stream under its site, node and PHY, with the record svc serves, published once for a burst', async () => {
  await waitUntil('the sensor is connected', async () => (await status())['svc.fleet.state'] === 'connected');
  const source = new TestSource(t.svc);
  const macs = ['02:00:00:00:00:01', '02:00:00:00:00:02', '02:00:00:00:00:03'];
  // A burst of 300 packets within one turn of the event loop: each device changes 100 times.
  for (let i = 0; i < 300; i++) source.send({ mac: macs[i % 3]!, name: `dev-${i % 3}`, signal: -40 - (i % 3), model: 'm1' });
  const devices = [...t.svc.devices.devices()];
  assert.is(devices.length, 3);
  const wanted = devices.map((device) => subjects.device('TESTPHY', device.key));
  await waitUntil('the three devices are in the stream', async () => Object.keys(await reader.subjects(STATE_STREAM, `${subjects.base}.device.>`)).length === 3, { timeoutMs: 10_000 });
  assert.equal(Object.keys(await reader.subjects(STATE_STREAM, `${subjects.base}.device.>`)).sort(), wanted.sort());
  for (const device of devices) {
    const message = (await reader.last(STATE_STREAM, subjects.device('TESTPHY', device.key)))!;
    assert.equal(message.sensor, { site: 'campus', node: 'roof', uuid: t.svc.serverUuid });
    const served = (await (await t.request(`/devices/by-key/${device.key}/device.json`)).json()) as Json;
    for (const field of ['svc.device.base.key', 'svc.device.base.name', 'svc.device.base.packets.total', 'svc.device.base.seenby', 'test.device']) assert.equal(message.device[field], served[field], field);
    assert.is(message.device['svc.device.base.packets.total'], 100);
  }
  assert.is((await status())['svc.fleet.devices_sent'], 3, 'one publication per device for the burst');
});

test('alerts go to the alert stream, source states without definitions and the status to the state stream', async () => {
  t.svc.alerts.define({ name: 'FLEETTEST', description: 'raised by the fleet test', throttle: '100/sec', burst: '100/sec', severity: 5 });
  t.svc.alerts.raise({ name: 'FLEETTEST', text: 'seen from the roof' });
  await waitUntil('the alert is in the stream', async () => (await reader.last(ALERT_STREAM, subjects.alert)) !== undefined, { timeoutMs: 10_000 });
  const alert = (await reader.last(ALERT_STREAM, subjects.alert))!;
  assert.is(alert.alert['svc.alert.header'], 'FLEETTEST');
  assert.is(alert.alert['svc.alert.text'], 'seen from the roof');

  const added = await t.svc.datasources.add('testsource-9:name=mast');
  const uuid = t.svc.datasources.record(added)['svc.datasource.uuid'] as string;
  await waitUntil('the source state is in the stream', async () => (await reader.last(STATE_STREAM, subjects.source(uuid))) !== undefined, { timeoutMs: 10_000 });
  const state = (await reader.last(STATE_STREAM, subjects.source(uuid)))!;
  assert.is(state.source['svc.datasource.name'], 'mast');
  assert.not.ok(Object.keys(state.source).some((field) => field.includes('definition')), 'no definition goes out');

  await waitUntil('the status counts what was sent', async () => ((await reader.last(STATE_STREAM, subjects.status))?.status['svc.fleet.sent'] ?? 0) >= 4, { timeoutMs: 10_000 });
  const published = (await reader.last(STATE_STREAM, subjects.status))!.status;
  assert.is(published['svc.fleet.node'], 'roof');
  assert.is(published['svc.fleet.devices'], 3);
  assert.is(published['svc.fleet.dropped'], 0);
});

test.run();
