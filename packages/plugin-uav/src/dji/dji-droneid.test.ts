/**
 * DJI DroneID elements built by `@svc/plugin-uav/testing` (version 2 flight telemetry) and by
 * hand (version 1, flight purpose), read back as Department 13's layout has them; records cut
 * short are malformed, other vendor types and subcommands are not DroneID.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { djiDroneIdElement } from '../testing/drone-frames.js';
import { readDjiDroneId } from './dji-droneid.js';

/** The element's body after its tag, length and OUI. */
const body = (element: Buffer) => element.subarray(5);
const read = (bytes: Buffer) => readDjiDroneId(bytes, 0, bytes.length);

test('version 2 flight telemetry: state bits, serial, position, velocities, yaw, app and home points, product and UUID', () => {
  const record = read(body(djiDroneIdElement({ serial: '1ZNDH1D0010000', sequence: 1613, lat: 46.83, lon: 7.66, altitude: 89, height: 228, velocityNorth: 3.6, velocityEast: -3.4, velocityUp: 1, yaw: 76, appLat: 46.82, appLon: 7.65, homeLat: 46.831, homeLon: 7.661, productType: 16, uuid: '8442636' })));
  assert.ok(record?.kind === 'dji_telemetry');
  if (record?.kind !== 'dji_telemetry') return;
  assert.equal([record.version, record.sequence, record.stateInfo, record.serial, record.productType, record.uuid], [2, 1613, 0x7f3, '1ZNDH1D0010000', 16, '8442636']);
  assert.equal(record.state, { serialValid: true, privacyDisabled: true, homePointSet: false, uuidSet: false, motorOn: true, inAir: true, gpsValid: true, altitudeValid: true, heightValid: true, horizontalVelocityValid: true, verticalVelocityValid: true, pitchRollValid: false });
  for (const [value, expected] of [[record.lat, 46.83], [record.lon, 7.66], [record.appLat, 46.82], [record.appLon, 7.65], [record.homeLat, 46.831], [record.homeLon, 7.661]] as const) assert.ok(Math.abs(value! - expected) < 1e-5, `${value} for ${expected}`);
  assert.equal([record.altitude, record.height, record.velocityNorth, record.velocityEast, record.velocityUp, record.yaw, record.appTime], [89, 228, 3.6, -3.4, 1, 76, 0]);
});

test('version 1 flight telemetry has pitch, roll and yaw and no app point; a flight purpose record gives serial, drone ID and purpose', () => {
  const v1 = Buffer.alloc(4 + 29 + 24 + 2 + 3);
  v1.set([0x58, 0x62, 0x13, 0x10, 1]);
  v1.write('OLDSERIAL', 9, 'latin1');
  v1.writeInt32LE(Math.round(8 * 174533), 25);
  v1.writeInt32LE(Math.round(47 * 174533), 29);
  // After the common part (at 33): altitude, height, three velocities, then pitch, roll and yaw, the home point, product and UUID.
  v1.writeInt16LE(250, 43);
  v1.writeInt16LE(-300, 45);
  v1.writeInt16LE(9000, 47);
  v1[57] = 13;
  v1[58] = 3;
  v1.write('abc', 59, 'latin1');
  const record = read(v1);
  assert.ok(record?.kind === 'dji_telemetry' && record.version === 1);
  if (record?.kind !== 'dji_telemetry') return;
  assert.equal([record.serial, record.pitch, record.roll, record.yaw, record.appLat, record.productType, record.uuid], ['OLDSERIAL', 2.5, -3, 90, undefined, 13, 'abc']);
  assert.ok(Math.abs(record.lat - 47) < 1e-5 && Math.abs(record.lon - 8) < 1e-5);
  const purpose = Buffer.alloc(4 + 28 + 12);
  purpose.set([0x58, 0x62, 0x13, 0x11]);
  purpose.write('PURPOSESERIAL', 4, 'latin1');
  purpose[20] = 4;
  purpose.write('ID42', 21, 'latin1');
  purpose[31] = 9;
  purpose.write('Mapping a', 32, 'latin1');
  assert.equal(read(purpose), { kind: 'dji_purpose', serial: 'PURPOSESERIAL', droneId: 'ID42', purpose: 'Mapping a' });
});

test('records cut short are malformed; other vendor types and subcommands are not DroneID', () => {
  const element = body(djiDroneIdElement({ serial: 'S', lat: 1, lon: 2 }));
  assert.equal(read(element.subarray(0, 20)), { kind: 'dji_malformed', malformed: 'a flight telemetry record of 16 bytes (at least 29)' });
  const prefixOnly = read(element.subarray(0, 4 + 29 + 10));
  assert.ok(prefixOnly?.kind === 'dji_telemetry' && prefixOnly.altitude === undefined, 'a record too short for version 2 keeps its common part');
  const other = Buffer.from(element);
  other[0] = 0x57;
  assert.is(read(other), undefined);
  const subcommand = Buffer.from(element);
  subcommand[3] = 0x12;
  assert.is(read(subcommand), undefined);
});

test.run();
