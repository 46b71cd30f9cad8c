/**
 * The drone alerts end to end: crafted captures (pcap files of built Wi-Fi beacons and Bluetooth
 * advertisements, one file a scene) are replayed by a `pcapfile` source into a service with the
 * 802.11, Bluetooth and UAV plugins, and the alerts raised are read back. A drone flying into a
 * circular fence, and one whose operator stands inside a polygon, raise UAVGEOFENCE once each
 * (staying inside raises nothing more; outside, nothing at all); each new drone raises UAVNEW
 * once, a transmitter not yet naming its drone none; a drone that teleports, a DJI drone whose
 * app is half a world from its home point, and a drone sending a reserved message type raise
 * UAVSPOOF, while one flying at 20 m/s does not. Bad config lines fail the plugin at start.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, type AlertRecord } from '@svc/core';
import { alertTestService, createTestService, waitUntil, type AlertTestService } from '@svc/core/testing';
import bluetoothPlugin from '@svc/plugin-bluetooth';
import dot11Plugin from '@svc/plugin-dot11';
import { pcapFile } from '@svc/plugin-dot11/synthetic';
import uavPlugin from '../index.js';
import { basicIdMessage, DRONE_FRAME_LINK_TYPES, djiDroneIdBeacon, locationMessage, remoteIdBeacon, remoteIdLegacyAdvertisement, systemMessage } from '../testing/index.js';
import { UAV_ALERTS } from './uav-alerts.js';

const T0 = 1_735_819_200;
/** An airport's circle (3 km around 60.3172, 24.9633) and a harbour's rectangle. */
const FENCES = ['airport:circle=60.3172,24.9633,3000', 'harbour:polygon=60.160,24.950;60.170,24.950;60.170,24.970;60.160,24.970'];

let directory: string;
let service: AlertTestService;
/** Packets through the whole chain so far: a source counts a packet before the chain has run it. */
let processed = 0;
test.before.each(async () => {
  directory = mkdtempSync(join(tmpdir(), 'svc-uav-alerts-'));
  service = await alertTestService({ plugins: [dot11Plugin, bluetoothPlugin, uavPlugin], alerts: UAV_ALERTS.map((alert) => alert.name), config: { uav_geofence: FENCES } });
  processed = 0;
  service.t.svc.hooks.packet.for('track').tap('uav-alerts-test', () => void processed++);
});
test.after.each(async () => {
  await service.close();
  rmSync(directory, { recursive: true, force: true });
});

/** Writes the frames (each at T0 + its second) as a capture and replays it; returns the alerts raised, as `HEADER: text`. */
async function replay(name: string, linkType: number, frames: readonly [number, Buffer][]): Promise<string[]> {
  const path = join(directory, `${name}.pcap`);
  writeFileSync(path, pcapFile(linkType, frames.map(([second, data]) => ({ tsSec: T0 + Math.floor(second), tsFraction: Math.round((second % 1) * 1e6), data }))));
  const before = processed;
  await service.t.svc.datasources.add(`${path}:name=${name}`);
  await waitUntil(`${name} replayed`, () => processed === before + frames.length);
  assert.equal(service.errors, []);
  return service.fresh().map((alert: AlertRecord) => `${alert['svc.alert.header']}: ${alert['svc.alert.text']}`);
}

/** A beacon of drone `serial` from `transmitter` at a position, with an optional System message. */
function beacon(transmitter: string, serial: string, counter: number, lat: number, lon: number, operator?: { lat: number; lon: number }) {
  const messages = [basicIdMessage({ idType: 1, uaType: 2, id: serial }), locationMessage({ status: 2, lat, lon, geodeticAltitude: 120, speed: 20, direction: 0, timestamp: counter })];
  if (operator) messages.push(systemMessage({ operatorLat: operator.lat, operatorLon: operator.lon, operatorLocationType: 1 }));
  return remoteIdBeacon({ transmitter, counter, messages });
}

test('a drone flying into the airport circle raises UAVGEOFENCE once, UAVNEW once; one staying outside raises no geofence alert', async () => {
  const frames: [number, Buffer][] = [];
  // 20 m/s north, 5 km south of the airport's centre, crossing its edge after about 100 s.
  for (let second = 0; second < 160; second += 4) frames.push([second, beacon('02:00:00:00:00:0a', 'SERIAL-INBOUND', second, 60.3172 - 0.045 + (second * 20) / 111_320, 24.9633)]);
  for (let second = 0; second < 160; second += 4) frames.push([second + 0.5, beacon('02:00:00:00:00:0b', 'SERIAL-OUTSIDE', second, 60.2, 24.8)]);
  frames.sort(([a], [b]) => a - b);
  const raised = await replay('inbound', DRONE_FRAME_LINK_TYPES.WIFI, frames);
  assert.equal(raised.filter((line) => line.startsWith('UAVNEW')), ['UAVNEW: New drone SERIAL-INBOUND (serial number) heard (Wi-Fi beacon from 02:00:00:00:00:0A)', 'UAVNEW: New drone SERIAL-OUTSIDE (serial number) heard (Wi-Fi beacon from 02:00:00:00:00:0B)']);
  const fences = raised.filter((line) => line.startsWith('UAVGEOFENCE'));
  assert.is(fences.length, 1, raised.join('\n'));
  assert.match(fences[0]!, /^UAVGEOFENCE: Drone SERIAL-INBOUND \(serial number\) entered geofence airport at 60\.29\d+,24\.963300, altitude 120 m$/);
  assert.equal(raised.filter((line) => line.startsWith('UAVSPOOF')), [], 'a drone at 20 m/s is no spoof');
});

test('an operator inside the harbour polygon raises UAVGEOFENCE for the operator, over Bluetooth too', async () => {
  const operatorInside = { lat: 60.165, lon: 24.96 };
  const wifi = await replay('operator', DRONE_FRAME_LINK_TYPES.WIFI, [
    [0, beacon('02:00:00:00:00:0c', 'SERIAL-HARBOUR', 0, 60.18, 24.96, operatorInside)],
    [1, beacon('02:00:00:00:00:0c', 'SERIAL-HARBOUR', 1, 60.1801, 24.96, operatorInside)],
  ]);
  assert.equal(wifi.filter((line) => line.startsWith('UAVGEOFENCE')), ['UAVGEOFENCE: Operator of drone SERIAL-HARBOUR (serial number) is inside geofence harbour at 60.165000,24.960000']);
  const ble = await replay('ble', DRONE_FRAME_LINK_TYPES.BLE, [
    [0, remoteIdLegacyAdvertisement({ address: 'c4:00:00:00:00:0d', counter: 0, message: locationMessage({ status: 2, lat: 60.1655, lon: 24.955 }) })],
    [0.2, remoteIdLegacyAdvertisement({ address: 'c4:00:00:00:00:0d', counter: 1, message: basicIdMessage({ idType: 2, uaType: 2, id: 'FIN-RPAS-1234' }) })],
    [1, remoteIdLegacyAdvertisement({ address: 'c4:00:00:00:00:0d', counter: 2, message: locationMessage({ status: 2, lat: 60.1656, lon: 24.955 }) })],
  ]);
  assert.equal(ble, [
    'UAVGEOFENCE: Drone at C4:00:00:00:00:0D entered geofence harbour at 60.165500,24.955000',
    'UAVNEW: New drone FIN-RPAS-1234 (CAA registration) heard (BLE legacy from C4:00:00:00:00:0D)',
  ], 'a transmitter not yet naming its drone raises no UAVNEW, and its drone, once named, is already inside');
});

test('a teleporting drone, an operator half a world from the home point and a reserved message type raise UAVSPOOF', async () => {
  const teleport = await replay('teleport', DRONE_FRAME_LINK_TYPES.WIFI, [
    [0, beacon('02:00:00:00:00:0e', 'SERIAL-TELEPORT', 0, 47.0, 8.0)],
    [1, beacon('02:00:00:00:00:0e', 'SERIAL-TELEPORT', 1, 47.0001, 8.0)],
    [2, beacon('02:00:00:00:00:0e', 'SERIAL-TELEPORT', 2, 47.5, 8.0)],
  ]);
  assert.equal(teleport.filter((line) => line.startsWith('UAVSPOOF')), ['UAVSPOOF: Drone SERIAL-TELEPORT (serial number) jumped 55.6 km in 1.0 s (47.000100,8.000000 to 47.500000,8.000000), faster than 100 m/s']);
  const dji = await replay('dji', DRONE_FRAME_LINK_TYPES.WIFI, [
    [0, djiDroneIdBeacon({ transmitter: '60:60:1f:00:00:0f', bssid: '60:60:1f:7a:38:83', telemetry: { serial: 'DJISPOOF0000001', lat: 46.8, lon: 7.65, homeLat: 46.8, homeLon: 7.65, appLat: 46.801, appLon: 7.651 } })],
    [1, djiDroneIdBeacon({ transmitter: '60:60:1f:00:00:10', bssid: '60:60:1f:7a:38:83', telemetry: { serial: 'DJISPOOF0000002', lat: 46.8, lon: 7.65, homeLat: 52.68, homeLon: -38.49, appLat: -38.34, appLon: -31.11 } })],
  ]);
  const spoofs = dji.filter((line) => line.startsWith('UAVSPOOF'));
  assert.is(spoofs.length, 1, spoofs.join('\n'));
  assert.match(spoofs[0]!, /^UAVSPOOF: Operator of drone DJISPOOF0000002 \(DJI serial\) is 101\d\d\.\d km from its take-off point \(-38\.3\d+,-31\.1\d+, take-off 52\.6\d+,-38\.4\d+\), more than 15000 m$/);
  assert.is(dji.filter((line) => line.startsWith('UAVNEW')).length, 2, 'two drones behind one BSSID are two drones');
  const reserved = locationMessage({ status: 2, lat: 47.1, lon: 8.1 });
  reserved[0] = 0x72;
  const malformed = remoteIdBeacon({ transmitter: '02:00:00:00:00:11', counter: 1, messages: [basicIdMessage({ idType: 1, uaType: 2, id: 'SERIAL-GARBLED' }), reserved] });
  const garbled = await replay('garbled', DRONE_FRAME_LINK_TYPES.WIFI, [[0, malformed], [1, malformed]]);
  assert.equal(garbled.filter((line) => line.startsWith('UAVSPOOF')), ['UAVSPOOF: Drone SERIAL-GARBLED (serial number) sent malformed Remote ID: message type 7 is reserved'], 'once per drone and reason');
});

test('bad geofence, limit and manufacturer-rule lines fail the plugin at start, naming the line', async () => {
  for (const [key, value, why] of [
    ['uav_geofence', 'field:circle=60.1,24.9', /a circle is lat,lon,radius/],
    ['uav_geofence', 'field:polygon=60.1,24.9;60.2,24.9', /three corners or more/],
    ['uav_geofence', 'field:square=1,2,3', /expected 'name:circle=/],
    ['uav_max_speed', '-3', /uav_max_speed/],
    ['uav_match', 'dji:model="Mavic"', /needs name=/],
    ['uav_match', 'dji:name="DJI",ssid="(unclosed"', /does not compile/],
  ] as const) {
    const t = await createTestService({ plugins: [dot11Plugin, bluetoothPlugin, uavPlugin], config: { [key]: value }, log: createLogger({ write: () => {} }) });
    try {
      const status = t.svc.plugins.find((plugin) => plugin.name === '@svc/plugin-uav');
      assert.is(status?.state, 'failed', `${key}=${value}`);
      assert.match(status!.error?.message ?? '', why);
    } finally {
      await t.close();
    }
  }
});

test.run();
