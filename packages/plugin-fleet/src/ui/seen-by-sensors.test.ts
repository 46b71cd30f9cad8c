/**
 * The "Seen by sensors" panel and the "Best sensor" column, rendered with the UI stand-in from a
 * device as a fleet view really serves it: two sensors (test services with the test PHY) hear the
 * same device, north faintly and often, south loudly; their records, as the sensors publish them,
 * are merged by the view's own merge and read back through the view's REST API. The sensors are
 * named by site and node from `/fleet/sensors.json` (the view's own sensor list), the best one is
 * marked, and a device of a server that is no fleet view gets one line instead.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, type UiDevice } from '@svc/core';
import { createTestService, renderedElements, renderedText, tableRows, TestSource, testPhyPlugin, type TestService } from '@svc/core/testing';
import fleetPlugin from '../index.js';
import { FleetMerge } from '../view/fleet-merge.js';
import { SensorNodes } from '../view/sensor-nodes.js';
import { registerSeenBySensors } from './seen-by-sensors.js';
import { fleetStandInUiApi } from './ui-stand-in.test-helper.js';

const T0 = 1_700_000_000;
const SHARED = '02:00:00:00:00:01';
const service = () => createTestService({ plugins: [testPhyPlugin, fleetPlugin], log: createLogger({ write: () => {} }) });

/** The view's record of the shared device, from north's and south's records, and the view's sensor list. */
async function fleetDevice(): Promise<{ device: UiDevice; sensors: unknown[]; north: string; south: string }> {
  const services: TestService[] = [];
  try {
    const [north, south, view] = [await service(), await service(), await service()];
    services.push(north, south, view);
    const northRadio = new TestSource(north.svc);
    for (let i = 0; i < 3; i++) northRadio.send({ mac: SHARED, name: 'shared', signal: -80 + i, time: T0 + i });
    const southRadio = new TestSource(south.svc);
    for (let i = 0; i < 2; i++) southRadio.send({ mac: SHARED, name: 'shared', signal: -40, time: T0 + 10 + i });
    const merge = new FleetMerge(view.svc);
    const nodes = new SensorNodes();
    for (const [sensor, node] of [[north, 'north'], [south, 'south']] as const) {
      const identity = { site: 'campus', node, uuid: sensor.svc.serverUuid };
      for (const device of sensor.svc.devices.devices()) merge.apply(identity, sensor.svc.devices.record(device));
      nodes.heard(identity, T0 + 20);
    }
    view.svc.devices.commit();
    const [device] = (await (await view.request('/devices/views/all/devices.json')).json()) as UiDevice[];
    return { device: device!, sensors: nodes.records(), north: north.svc.serverUuid, south: south.svc.serverUuid };
  } finally {
    for (const t of services) await t.close();
  }
}

function renderPanel(device: UiDevice, sensors: unknown) {
  const { ui, panels, components, asked } = fleetStandInUiApi({ 'fleet/sensors.json': sensors });
  registerSeenBySensors(ui);
  assert.equal(panels.map((panel) => [panel.phy, panel.title]), [['*', 'Seen by sensors']]);
  const tree = renderedElements(panels[0]!.render({ device }));
  return { tree, components, asked, tables: tableRows(tree, components.Table) };
}

test('a device two sensors hear: each by site and node with its own signal, times and packets, the loud one marked best', async () => {
  const { device, sensors, south } = await fleetDevice();
  assert.is(device['svc.device.base.best_seenby'], south, 'the view names south best');
  const { tree, components, tables } = renderPanel(device, sensors);
  assert.equal(tables[0]!.map((row) => [row[0], row[1], row[4]]), [
    ['campus/north', '-78 dBm (-80 to -78)', '3'],
    ['campus/south ', '-40 dBm (-40 to -40)', '2'],
  ]);
  const rows = tree.find((element) => element.type === components.Table)!.props!.rows as unknown[][];
  const marks = rows.map((row) => renderedElements(row[0]).filter((element) => element.type === components.State).map((element) => element.props));
  assert.equal(marks, [[], [{ state: 'best', tone: 'good', testid: 'fleet-seenby-best' }]], 'south, and south only, is marked best');
  const times = tree.filter((element) => element.type === components.Time).map((element) => element.props!.seconds);
  assert.equal(times, [T0, T0 + 2, T0 + 10, T0 + 11]);
});

test('a sensor the view does not list yet is shown by its UUID', async () => {
  const { device, north } = await fleetDevice();
  const { tables } = renderPanel(device, []);
  assert.is(tables[0]![0]![0], north);
});

test('a device of a server that is no fleet view: one line, and no request for sensors', async () => {
  const t = await service();
  try {
    new TestSource(t.svc).send({ mac: SHARED, name: 'local', signal: -50, time: T0 });
    const [device] = (await (await t.request('/devices/views/all/devices.json')).json()) as UiDevice[];
    assert.ok(Array.isArray(device!['svc.device.base.seenby']), 'the device has its datasource as seen-by entry');
    const { tree, asked } = renderPanel(device!, []);
    assert.is(renderedText(tree[0]), 'No fleet sensor reported this device.');
    assert.equal(asked, []);
  } finally {
    await t.close();
  }
});

test('the Best sensor column names the sensor by site and node once the sensor list has come', async () => {
  const { device, sensors, south } = await fleetDevice();
  const { ui, columns, asked } = fleetStandInUiApi({ 'fleet/sensors.json': sensors });
  registerSeenBySensors(ui);
  const [column] = columns[0]!.columns!;
  assert.is(column!.field, 'svc.device.base.best_seenby');
  assert.is(column!.cell!(device['svc.device.base.best_seenby']), south, 'before the list comes, the UUID');
  await new Promise((resolve) => setImmediate(resolve));
  assert.is(column!.cell!(device['svc.device.base.best_seenby']), 'campus/south');
  assert.equal(asked, ['fleet/sensors.json'], 'asked once, not once per cell');
});

test('the map hint reads the best sensor and names it by site and node, waiting for the sensor list it needs', async () => {
  const { device, sensors } = await fleetDevice();
  const { ui, mapHints, asked } = fleetStandInUiApi({ 'fleet/sensors.json': sensors });
  registerSeenBySensors(ui);
  assert.is(mapHints.length, 1);
  const [hint] = mapHints;
  assert.is(hint!.field, 'svc.device.base.best_seenby');
  assert.is(await hint!.text(device['svc.device.base.best_seenby']), 'best sensor campus/south');
  assert.is(await hint!.text(device['svc.device.base.best_seenby']), 'best sensor campus/south');
  assert.equal(asked, ['fleet/sensors.json'], 'the list is read once for both');
  assert.is(await hint!.text(undefined), undefined, 'a device no sensor reported gets no line');
});

test('the map hint names a sensor the fleet does not list by its UUID', async () => {
  const { device, south } = await fleetDevice();
  const { ui, mapHints } = fleetStandInUiApi({ 'fleet/sensors.json': [] });
  registerSeenBySensors(ui);
  assert.is(await mapHints[0]!.text(device['svc.device.base.best_seenby']), `best sensor ${south}`);
});

test.run();
