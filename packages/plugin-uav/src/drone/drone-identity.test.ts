/**
 * Which drone a transmission is about: its most trusted ID; a transmission naming none belongs
 * to the drone its transmitter last named, and a transmitter that never named one is the drone;
 * a less trusted ID does not take a transmitter over from a serial number, an equal one does
 * (a spoofer sending many drones). Device MACs are locally administered and stable.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeRemoteIdPayload } from '../remoteid/decode-odid.js';
import { basicIdMessage, locationMessage, messagePack } from '../testing/remote-id-messages.js';
import { DroneIdentifier, droneMac } from './drone-identity.js';
import type { UavSighting } from './uav-sighting.js';

const MAC = 0xc40000000001;
function sighting(...messages: Buffer[]): UavSighting {
  const bytes = Buffer.concat([Buffer.from([0]), messages.length === 1 ? messages[0]! : messagePack(messages)]);
  return { radio: 'BLE', transport: 'BLE legacy', mac: MAC, remoteId: decodeRemoteIdPayload(bytes, 0, bytes.length) };
}
const LOCATION = locationMessage({ lat: 1, lon: 2 });
const serial = (id: string) => basicIdMessage({ idType: 1, uaType: 2, id });
const session = (id: string) => basicIdMessage({ idType: 4, uaType: 2, id });

test('IDs, their trust, and what a transmitter last named', () => {
  const identifier = new DroneIdentifier();
  assert.equal(identifier.identify(sighting(LOCATION)), { kind: 'mac', id: 'C4:00:00:00:00:01' });
  assert.equal(identifier.identify(sighting(session('S-1'), serial('SERIAL-A'))), { kind: 'serial', id: 'SERIAL-A' });
  assert.equal(identifier.identify(sighting(LOCATION)), { kind: 'serial', id: 'SERIAL-A' });
  assert.equal(identifier.identify(sighting(session('S-1'))), { kind: 'serial', id: 'SERIAL-A' }, 'a session ID does not take over from a serial');
  assert.equal(identifier.identify(sighting(serial('SERIAL-B'))), { kind: 'serial', id: 'SERIAL-B' }, 'another serial does');
  assert.equal(identifier.identify(sighting(LOCATION)), { kind: 'serial', id: 'SERIAL-B' });
  assert.equal(identifier.identify(sighting(basicIdMessage({ idType: 0, uaType: 0, id: 'MFG1A0123456789' }))), { kind: 'serial', id: 'SERIAL-B' });
  assert.equal(new DroneIdentifier().identify(sighting(basicIdMessage({ idType: 0, uaType: 0, id: 'MFG1A0123456789' }))), { kind: 'undeclared', id: 'MFG1A0123456789' });
});

test('device MACs: the transmitter for a drone it alone names, otherwise stable, locally administered and distinct', () => {
  assert.is(droneMac({ kind: 'mac', id: 'C4:00:00:00:00:01' }, MAC), MAC);
  const a = droneMac({ kind: 'serial', id: 'SERIAL-A' }, MAC);
  assert.is(a, droneMac({ kind: 'serial', id: 'SERIAL-A' }, 0));
  assert.is.not(a, droneMac({ kind: 'session', id: 'SERIAL-A' }, MAC));
  assert.is(Math.floor(a / 0x10000000000) & 0x03, 0x02, 'locally administered, unicast');
  assert.ok(a < 2 ** 48);
});

test.run();
