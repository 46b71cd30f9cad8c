/**
 * A BLE device's sub-record survives the trip through a log: rebuilt from what it served, it
 * serves the same record and goes on taking advertisements.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BtleDevice } from './btle-device.js';

test('round-trips through its record and keeps learning', () => {
  const device = new BtleDevice(true);
  device.apply({ pduType: 'ADV_IND', connectable: true, data: { name: 'Thermo', nameShortened: false, flags: 6, txPower: -12, serviceUuids: ['180F'], companyId: 0x4c, manufacturerData: '1005' } } as never);
  const record = device.toRecord();
  const restored = BtleDevice.fromRecord(JSON.parse(JSON.stringify(record)));
  assert.equal(restored.toRecord(), record);
  restored.apply({ pduType: 'SCAN_RSP', connectable: false, data: { serviceUuids: ['180A'] } } as never);
  assert.equal(restored.toRecord()['btle.device.service_uuids'], ['180F', '180A']);
  assert.equal(restored.toRecord()['btle.device.pdu_types'], ['ADV_IND', 'SCAN_RSP']);
});

test.run();
