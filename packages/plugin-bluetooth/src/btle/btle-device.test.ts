/**
 * A BLE device's sub-record survives the trip through a log: rebuilt from what it served, or
 * from its compact state in the tracker's snapshot, it serves the same record and goes on
 * taking advertisements; a damaged state gives a sub-record or SVC_ERR_BAD_STATE.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { StateReader, StateWriter } from '@svc/core';
import { fuzzState, seededRandom } from '@svc/core/testing';
import { BtleDevice, btleComponentState } from './btle-device.js';

function advertised(): BtleDevice {
  const device = new BtleDevice(true);
  device.apply({ pduType: 'ADV_IND', connectable: true, data: { name: 'Thermo', nameShortened: false, flags: 6, txPower: -12, serviceUuids: ['180F', 'FE9F'], companyId: 0x4c, manufacturerData: '1005' } } as never, 0xc0ffee000001);
  device.apply({ pduType: 'SCAN_RSP', connectable: false, data: { serviceUuids: [] } } as never, 0xc0ffee000001);
  return device;
}

function stateOf(device: BtleDevice): Buffer {
  const writer = new StateWriter();
  btleComponentState.write(device, writer);
  return writer.take();
}

test('round-trips through its record and keeps learning', () => {
  const device = new BtleDevice(true);
  device.apply({ pduType: 'ADV_IND', connectable: true, data: { name: 'Thermo', nameShortened: false, flags: 6, txPower: -12, serviceUuids: ['180F'], companyId: 0x4c, manufacturerData: '1005' } } as never, 0xc0ffee000001);
  const record = device.toRecord();
  const restored = BtleDevice.fromRecord(JSON.parse(JSON.stringify(record)));
  assert.equal(restored.toRecord(), record);
  restored.apply({ pduType: 'SCAN_RSP', connectable: false, data: { serviceUuids: ['180A'] } } as never, 0xc0ffee000001);
  assert.equal(restored.toRecord()['btle.device.service_uuids'], ['180F', '180A']);
  assert.equal(restored.toRecord()['btle.device.pdu_types'], ['ADV_IND', 'SCAN_RSP']);
});

test('round-trips through its compact state and keeps learning', () => {
  const device = advertised();
  const reader = new StateReader(stateOf(device));
  const restored = btleComponentState.read(reader, undefined as never) as BtleDevice;
  reader.end();
  assert.equal(restored.toRecord(), device.toRecord());
  assert.is(restored.randomAddress, true);
  restored.apply({ pduType: 'ADV_NONCONN_IND', connectable: false, data: { serviceUuids: ['180A'] } } as never, 0xc0ffee000001);
  assert.equal(restored.toRecord()['btle.device.service_uuids'], ['180F', 'FE9F', '180A']);
  assert.equal(restored.toRecord()['btle.device.pdu_types'], ['ADV_IND', 'SCAN_RSP', 'ADV_NONCONN_IND']);
});

test('fuzz: damaged states give a sub-record or SVC_ERR_BAD_STATE', () => {
  const refused = fuzzState(stateOf(advertised()), (reader) => btleComponentState.read(reader, undefined as never), 2000, seededRandom(51822));
  assert.ok(refused > 1000, `${refused} of 2000 refused`);
});

test.run();
