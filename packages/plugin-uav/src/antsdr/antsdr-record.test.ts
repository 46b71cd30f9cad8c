/**
 * The reports of Kismet's AntSDR DroneID tool: the JSON text exactly as `kismet_cap_antsdr_droneid`
 * prints it (`%f` numbers) goes through the real packet chain as the remote capture listener
 * hands it over (a JSON record of type `antsdr-droneid`) and makes a DJI drone as Kismet's UAV
 * PHY does (DJI, the model's name, the serial, `DroneID RF`, the home and app points), with its
 * position, and the same drone heard in a Wi-Fi DroneID beacon stays one drone; records that
 * cannot be read are error packets and make nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, runPacketChain, type Packet } from '@svc/core';
import { createTestService } from '@svc/core/testing';
import bluetoothPlugin from '@svc/plugin-bluetooth';
import dot11Plugin from '@svc/plugin-dot11';
import uavPlugin from '../index.js';
import { djiDroneIdBeacon, DRONE_FRAME_LINK_TYPES } from '../testing/index.js';
import { ANTSDR_RECORD_TYPE, readAntsdrRecord } from './antsdr-record.js';

const T0 = 1_700_000_000;
/** A report as the tool's `snprintf` writes it. */
const REPORT =
  '{"serial_number": "1581F45TB22AP00C","device_type": "Mini 3 Pro","device_type_8": 73,"app_lat": 47.376887,"app_lon": 8.541694,' +
  '"drone_lat": 47.378210,"drone_lon": 8.540100,"drone_height": 41.500000,"drone_alt": 452.000000,"home_lat": 47.376900,"home_lon": 8.541700,' +
  '"freq": 2414.500000,"speed_e": 3.000000,"speed_n": 4.000000,"speed_u": -0.500000,"rssi": 183}';

test('a report reads as the tool wrote it; what is not one says why', () => {
  const record = readAntsdrRecord(REPORT);
  assert.equal(record, { kind: 'antsdr', serial: '1581F45TB22AP00C', deviceType: 'Mini 3 Pro', appLat: 47.376887, appLon: 8.541694, droneLat: 47.37821, droneLon: 8.5401, height: 41.5, altitude: 452, homeLat: 47.3769, homeLon: 8.5417, freq: 2414.5, speedEast: 3, speedNorth: 4, speedUp: -0.5 });
  assert.match(readAntsdrRecord('{"serial_number": ') as string, /^not JSON/);
  assert.is(readAntsdrRecord('[1]'), 'not a JSON object');
  assert.is(readAntsdrRecord(REPORT.replace('"device_type": "Mini 3 Pro",', '')), 'serial_number and device_type must be text');
  assert.is(readAntsdrRecord(REPORT.replace('"freq": 2414.500000', '"freq": "2414"')), 'freq must be a number');
});

test('reports through the chain make the DJI drone Kismet makes, with its position; its Wi-Fi DroneID is the same drone; bad records are errors', async () => {
  const t = await createTestService({ plugins: [dot11Plugin, bluetoothPlugin, uavPlugin], log: createLogger({ write: () => {} }) });
  try {
    const send = (packet: Omit<Packet, 'annotations' | 'sourceUuid' | 'tsUsec'>) => {
      const full: Packet = { ...packet, tsUsec: 0, sourceUuid: 'ANTSDR', annotations: {} };
      runPacketChain(t.svc.hooks, full);
      return full;
    };
    send({ tsSec: T0, dlt: 0, json: { type: ANTSDR_RECORD_TYPE, text: REPORT } });
    send({ tsSec: T0 + 1, dlt: DRONE_FRAME_LINK_TYPES.WIFI, data: djiDroneIdBeacon({ transmitter: '60:60:1f:00:00:01', telemetry: { serial: '1581F45TB22AP00C', lat: 47.3783, lon: 8.5402 } }) });
    assert.is(send({ tsSec: T0 + 2, dlt: 0, json: { type: ANTSDR_RECORD_TYPE, text: '{"serial_number": 1}' } }).error, true);
    const drones = (await (await t.request('/devices/views/phy-UAV/devices.json')).json()) as Record<string, any>[];
    assert.is(drones.length, 1, 'one drone per serial, whichever radio told it');
    const [drone] = drones;
    const uav = drone!['uav.device'];
    assert.equal([drone!['svc.device.base.type'], drone!['svc.device.base.manuf'], drone!['svc.device.base.name']], ['DJI UAV', 'DJI', '1581F45TB22AP00C']);
    assert.equal(Object.keys(drone!['svc.device.base.freq_khz_map']), ['2414500', '2437000'], "the AntSDR's burst frequency, then the beacon's");
    assert.equal([uav['uav.manufacturer'], uav['uav.model'], uav['uav.serialnumber'], uav['uav.device.id_kind']], ['DJI', 'Mini 3 Pro', '1581F45TB22AP00C', 'dji']);
    assert.equal(Object.values(uav['uav.device.transmitters']), ['DJI DroneID', 'DroneID RF']);
    assert.equal(uav['uav.telemetry.home_location']['svc.common.location.geopoint'], [8.5417, 47.3769]);
    assert.equal(uav['uav.telemetry.app_location']['svc.common.location.geopoint'], [8.541694, 47.376887]);
    assert.equal(uav['uav.device.message_counts'], { antsdr: 1, dji_telemetry: 1 });
    const first = uav['uav.telemetry_history'][0];
    assert.equal([first['uav.telemetry.location']['svc.common.location.geopoint'], first['uav.telemetry.location']['svc.common.location.alt'], first['uav.telemetry.height'], first['uav.telemetry.v_north'], first['uav.telemetry.v_east']], [[8.5401, 47.37821], 452, 41.5, 4, 3]);
  } finally {
    await t.close();
  }
});

test.run();
