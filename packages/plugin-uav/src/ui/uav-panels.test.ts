/**
 * The Drone panel and the drone columns, rendered with a stand-in for the web app (its `h`
 * returns plain objects) from drones the plugin made out of built frames: a multirotor in an
 * emergency sending a Wi-Fi beacon pack (serial, position, operator, Self-ID), then a Bluetooth 4
 * advertisement of its session ID; and a drone known only by the transmitter of its first
 * Location. What the panel shows is the record's, in words and units, each transmitter a link to
 * its device; every field the panel and the columns read is one the UAV PHY registers.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createLogger, runPacketChain, type UiDevice } from '@svc/core';
import { createTestService, keyValueRows, renderedElements, standInUiApi, tableRows } from '@svc/core/testing';
import bluetoothPlugin from '@svc/plugin-bluetooth';
import dot11Plugin from '@svc/plugin-dot11';
import uavPlugin from '../index.js';
import { UAV_DEVICE_FIELDS } from '../drone/uav-device.js';
import { UAV_TELEMETRY_FIELDS } from '../drone/uav-telemetry.js';
import { UAV_MATCH_FIELDS } from '../match/uav-match-rules.js';
import { basicIdMessage, DRONE_FRAME_LINK_TYPES, locationMessage, operatorIdMessage, remoteIdBeacon, remoteIdLegacyAdvertisement, selfIdMessage, systemMessage } from '../testing/index.js';
import { registerUavColumns } from './uav-columns.js';
import { registerUavPanels } from './uav-panels.js';

const T0 = 1_735_819_200;
const SERIAL = '1581F5FHD228P00B00FL';

/** The drones a test service with the plugins made of the frames, as the REST API serves them, by drone ID. */
async function dronesOf(frames: readonly [number, Buffer, number][]): Promise<Map<string, UiDevice>> {
  const t = await createTestService({ plugins: [dot11Plugin, bluetoothPlugin, uavPlugin], log: createLogger({ write: () => {} }) });
  try {
    for (const [dlt, data, time] of frames) runPacketChain(t.svc.hooks, { tsSec: time, tsUsec: 0, sourceUuid: 'S', dlt, data, annotations: {} });
    const devices = (await (await t.request('/devices/views/phy-UAV/devices.json')).json()) as UiDevice[];
    return new Map(devices.map((device) => [String((device['uav.device'] as Record<string, unknown>)['uav.device.id']), device]));
  } finally {
    await t.close();
  }
}

/** The panel of `device`, rendered: its summary rows as text, its tables' rows as text (in order), and the tree. */
function rendered(device: UiDevice) {
  const { ui, panels, components } = standInUiApi();
  registerUavPanels(ui);
  assert.equal(panels.map((panel) => [panel.phy, panel.title]), [['UAV', 'Drone']]);
  const tree = renderedElements(panels[0]!.render({ device }));
  return { tree, components, rows: keyValueRows(tree, components.KeyValues), tables: tableRows(tree, components.Table) };
}

const FRAMES: [number, Buffer, number][] = [
  [
    DRONE_FRAME_LINK_TYPES.WIFI,
    remoteIdBeacon({
      transmitter: '60:60:1f:00:00:01',
      counter: 1,
      messages: [
        basicIdMessage({ idType: 1, uaType: 2, id: SERIAL }),
        locationMessage({ status: 3, lat: 60.1699, lon: 24.9384, geodeticAltitude: 95.5, pressureAltitude: 90, height: 40, speed: 6.25, verticalSpeed: -2, direction: 270, timestamp: 10 }),
        systemMessage({ operatorLat: 60.169, operatorLon: 24.938, operatorLocationType: 1, areaRadius: 150, areaCount: 1 }),
        selfIdMessage('Bridge inspection'),
        operatorIdMessage('FIN87astrdge12k8'),
      ],
    }),
    T0,
  ],
  [DRONE_FRAME_LINK_TYPES.BLE, remoteIdLegacyAdvertisement({ address: 'c4:00:00:00:00:02', counter: 1, message: basicIdMessage({ idType: 1, uaType: 2, id: SERIAL }) }), T0 + 1],
  [DRONE_FRAME_LINK_TYPES.BLE, remoteIdLegacyAdvertisement({ address: 'c4:00:00:00:00:02', counter: 2, message: basicIdMessage({ idType: 4, uaType: 2, id: 'SESSION-0042' }) }), T0 + 2],
  [DRONE_FRAME_LINK_TYPES.BLE, remoteIdLegacyAdvertisement({ address: 'c4:00:00:00:00:03', counter: 1, message: locationMessage({ status: 2, lat: 60.2, lon: 24.9 }) }), T0 + 3],
];

test('a multirotor in an emergency: its IDs, position, altitudes, speed and operator, the emergency marked; its transmitters linked', async () => {
  const { rows, tree, components, tables } = rendered((await dronesOf(FRAMES)).get(SERIAL)!);
  assert.equal(rows, {
    'Drone ID': `${SERIAL} (serial number)`,
    'Serial number': SERIAL,
    Registration: '',
    'UTM ID': '',
    'Session ID': 'SESSION-0042',
    'UA type': 'Helicopter or multirotor',
    Manufacturer: '',
    'Recognised by': 'Remote ID BLE',
    Status: '',
    Position: '60.1699000, 24.9384000',
    'Position heard': '',
    Altitude: '95.5 m',
    'Pressure altitude': '90.0 m',
    Height: '40.0 m above take-off',
    Speed: '6.25 m/s, heading 270°',
    'Vertical speed': '-2.0 m/s',
    'Take-off point': '',
    'Operator ID': 'FIN87astrdge12k8',
    'Operator position': '60.1690000, 24.9380000 (live)',
    'Self-ID': 'Bridge inspection',
    Area: '150 m radius, 1 aircraft',
    Authentication: '',
    Malformed: '0',
  });
  assert.equal(tree.find((element) => element.type === components.State)!.props, { state: 'Emergency', tone: 'bad', testid: 'uav-emergency' }, 'the status, marked as an emergency');
  assert.equal(tables[0], [['C4:00:00:00:00:02', 'BLE legacy'], ['60:60:1F:00:00:01', 'Wi-Fi beacon']]);
  const links = tree.filter((element) => element.type === components.DeviceLink).map((element) => element.props!.deviceKey as string);
  assert.is(links.length, 2, 'each transmitter links to its device');
  assert.ok(links.some((key) => key.endsWith('_60601F000001')) && links.some((key) => key.endsWith('_C40000000002')));
  assert.equal(tables[1], [['basic id', '3'], ['location', '1'], ['system', '1'], ['self id', '1'], ['operator id', '1']]);
  assert.equal(tables[2]!.map((row) => row.slice(1)), [['60.1699000', '24.9384000', '95.5 m']]);
  assert.equal(tree.filter((element) => element.type === components.Time).map((element) => element.props!.seconds), [T0, T0]);
});

test('a drone known only by its transmitter: said so, with its position and no IDs', async () => {
  const { rows, tables } = rendered((await dronesOf(FRAMES)).get('C4:00:00:00:00:03')!);
  assert.equal([rows['Drone ID'], rows['Serial number'], rows.Status, rows.Position, rows['Operator ID']], ['C4:00:00:00:00:03 (transmitter address (no ID heard yet))', '', 'Airborne', '60.2000000, 24.9000000', '']);
  assert.equal(tables[1], [['location', '1']]);
});

test('the columns read the drone’s record; the UAV view shows its ID, type, altitude, speed and operator by default', async () => {
  const device = (await dronesOf(FRAMES)).get(SERIAL)!;
  const { ui, columns } = standInUiApi();
  registerUavColumns(ui);
  assert.equal(columns.map((added) => [added.views, added.defaults]), [[['phy-UAV'], ['name', 'uav-id', 'uav-type', 'uav-altitude', 'uav-speed', 'uav-operator', 'uav-transport', 'signal', 'seen']]]);
  const cells = columns[0]!.columns!.map((column) => {
    const [record, field] = column.field.split('/') as [string, string];
    const value = (device[record] as Record<string, unknown>)[field];
    return [column.id, column.cell ? column.cell(value) : String(value)];
  });
  assert.equal(cells, [['uav-id', SERIAL], ['uav-type', 'Helicopter or multirotor'], ['uav-altitude', '95.5 m'], ['uav-speed', '6.3 m/s'], ['uav-operator', 'FIN87astrdge12k8'], ['uav-transport', 'BLE legacy']]);
  assert.is(device['svc.device.base.name'], SERIAL, 'the name column is the drone ID');
});

test('every uav field the panel and the columns read is registered by the UAV PHY or plugin', () => {
  const read = new Set(['./uav-panels.ts', './uav-columns.ts'].flatMap((file) => [...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(/'(uav\.[a-z_.]+)'/g)].map((match) => match[1]!)));
  assert.ok(read.size >= 25, `${read.size} fields read`);
  const registered = new Set(['uav.device', ...[...UAV_DEVICE_FIELDS, ...UAV_TELEMETRY_FIELDS, ...UAV_MATCH_FIELDS].map((field) => field.name)]);
  assert.equal([...read].filter((field) => !registered.has(field)), []);
});

test.run();
