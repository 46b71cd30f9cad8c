/**
 * The drone sub-record kept across restarts: a drone built from a beacon pack, a DJI record and a
 * manufacturer rule comes back the same from its served record (`tracker_restore` from a log) and
 * from the state snapshot, and a damaged snapshot is refused, never misread. A drone taking in
 * the provisional one its transmitter made keeps the older positions first.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fuzzState, seededRandom } from '@svc/core/testing';
import { StateReader, StateWriter } from '@svc/core';
import { readDjiDroneId } from '../dji/dji-droneid.js';
import { parseUavMatchRule, ruleRecord } from '../match/uav-match-rules.js';
import { readBeaconElement } from '../remoteid/remote-id-transports.js';
import { authenticationMessage, basicIdMessage, djiDroneIdElement, locationMessage, operatorIdMessage, selfIdMessage, systemMessage } from '../testing/index.js';
import { applyDji } from './apply-dji.js';
import { applyRemoteId } from './apply-remote-id.js';
import { TRACK_INTERVAL_S, UavDevice, uavComponentState } from './uav-device.js';

const T0 = 1_735_819_200;

function remoteId(counter: number, lat: number, status: number) {
  const element = Buffer.concat([
    Buffer.from([0x0d, counter, 0xf2, 25, 7]),
    basicIdMessage({ idType: 1, uaType: 2, id: 'SERIAL-1' }),
    basicIdMessage({ idType: 4, uaType: 2, id: 'SESSION-1' }),
    locationMessage({ status, lat, lon: 24.9, geodeticAltitude: 100, pressureAltitude: 95, height: 30, speed: 5, verticalSpeed: 1, direction: 45, timestamp: counter }),
    authenticationMessage({ authType: 1, page: 0, data: Buffer.alloc(17, 1) }),
    selfIdMessage('Survey'),
    systemMessage({ operatorLat: 60.1, operatorLon: 24.9, operatorLocationType: 0, areaRadius: 50, areaCeiling: 150, category: 1, class: 2 }),
    operatorIdMessage('OP-1'),
  ]);
  return readBeaconElement(element, 0, element.length)!;
}

/** A drone that heard everything the sub-record keeps. */
function fullDrone(): UavDevice {
  const uav = new UavDevice('serial', 'SERIAL-1');
  for (let second = 0; second < 30; second++) {
    uav.heardFrom(second % 2 ? 0x0200000000aa : 0xc400000000bb, second % 2 ? 'Wi-Fi beacon' : 'BLE legacy', T0 + second);
    applyRemoteId(uav, remoteId(second, 60.1 + second * 1e-4, second < 5 ? 1 : 2), T0 + second);
  }
  const dji = djiDroneIdElement({ serial: 'DJI-1', lat: 46.8, lon: 7.6, homeLat: 46.79, homeLon: 7.59, appLat: 46.81, appLon: 7.61, yaw: -12.5 }).subarray(5);
  applyDji(uav, readDjiDroneId(dji, 0, dji.length)!, T0 + 31);
  uav.matchedRule = ruleRecord(parseUavMatchRule('dji_mavic:name="DJI",model="Mavic",ssid="^Mavic_.*",mac=60:60:1F:00:00:00/FF:FF:FF:00:00:00'));
  return uav;
}

test('a drone comes back the same from its served record and from the state snapshot', () => {
  const uav = fullDrone();
  const record = uav.toRecord();
  assert.is((record['uav.device.track'] as unknown[]).length, Math.ceil(31 / TRACK_INTERVAL_S));
  assert.equal(record['uav.device.message_counts'], { basic_id: 60, location: 30, authentication: 30, self_id: 30, system: 30, operator_id: 30, dji_telemetry: 1 });
  assert.equal(record['uav.device.transmitters'], { '02:00:00:00:00:AA': 'Wi-Fi beacon', 'C4:00:00:00:00:BB': 'BLE legacy' });
  assert.is(record['uav.device.session_id'], 'SESSION-1');
  const restored = UavDevice.fromRecord(JSON.parse(JSON.stringify(record)))!;
  // What a record cannot carry: when each transmitter was last heard, and the drone's own clock of its position.
  assert.equal(restored.toRecord(), record);
  const writer = new StateWriter();
  uavComponentState.write(uav, writer);
  const state = writer.take();
  const read = uavComponentState.read(new StateReader(state), undefined as never);
  assert.equal(read, uav);
  assert.equal(read.toRecord(), record);
});

test('a damaged state snapshot is refused, never misread', () => {
  const writer = new StateWriter();
  uavComponentState.write(fullDrone(), writer);
  const refused = fuzzState(writer.take(), (reader) => uavComponentState.read(reader, undefined as never), 2_000, seededRandom(36));
  assert.ok(refused > 1_000, `${refused} of 2000 refused`);
});

test('records that are no drone are not restored', () => {
  assert.is(UavDevice.fromRecord({}), undefined);
  assert.is(UavDevice.fromRecord({ 'uav.device.id': 'X', 'uav.device.id_kind': 'nickname' }), undefined);
});

test('a named drone taking in its provisional one keeps the older positions first and adds the counts', () => {
  const provisional = new UavDevice('mac', 'C4:00:00:00:00:BB');
  provisional.heardFrom(0xc400000000bb, 'BLE legacy', T0);
  applyRemoteId(provisional, remoteId(0, 60.1, 1), T0);
  const named = new UavDevice('serial', 'SERIAL-1');
  applyRemoteId(named, remoteId(5, 60.2, 2), T0 + 5);
  named.absorb(provisional);
  assert.equal(named.track.map((point) => point.lat), [60.1, 60.2]);
  assert.equal([named.position?.lat, named.home?.lat, named.messageCounts.get('location'), named.transmitters.length], [60.2, 60.1, 2, 1]);
});

test.run();
