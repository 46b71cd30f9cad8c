/**
 * A Classic device's sub-record: what reports teach it (names by source, class names, path
 * loss, services, manufacturer data), and its trip through a log: rebuilt from what it served
 * or from its compact state, it serves the same record and goes on learning; a damaged state
 * gives a sub-record or SVC_ERR_BAD_STATE.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { StateReader, StateWriter } from '@svc/core';
import { fuzzState, seededRandom } from '@svc/core/testing';
import { readAdvertisingData } from '../btle/advertising-data.js';
import { adStructures } from '../testing/hci-frames.js';
import { BluetoothDevice, bluetoothComponentState } from './bluetooth-device.js';

const ADDRESS = 0x94652dc6f400;
const EIR = adStructures([[0x08, 'One'], [0x0a, Uint8Array.of(4)], [0x03, Uint8Array.of(0x03, 0x11)], [0xff, Uint8Array.of(0x06, 0x00, 0x01)], [0x16, Uint8Array.of(0x2c, 0xfe, 0xaa)]]);

function learned(): BluetoothDevice {
  const device = new BluetoothDevice();
  device.apply({ transport: 'br_edr', kind: 'extended_inquiry_result', address: ADDRESS, addressType: 'public', classOfDevice: 0x5a020c, rssi: -80, data: readAdvertisingData(EIR, 0, EIR.length), rawData: EIR, dataLength: EIR.length });
  return device;
}

test('reports teach names by source, class names, path loss, services and manufacturer data', () => {
  const device = learned();
  const record = device.toRecord();
  assert.equal(
    [record['bluetooth.device.major_class'], record['bluetooth.device.minor_class'], record['bluetooth.device.txpower'], record['bluetooth.device.pathloss'], record['bluetooth.device.name_source']],
    ['Phone', 'Smartphone', 4, 84, 'eir'],
  );
  assert.equal(record['bluetooth.device.service_uuid_vec'], ['00001103-0000-1000-8000-00805F9B34FB'], 'in the full form Kismet serves');
  assert.equal(record['bluetooth.device.company_ids'], [6]);
  assert.equal(record['bluetooth.device.service_data_bytes'], { FE2C: 'aa' });
  assert.is(record['bluetooth.device.scan_data_bytes'], EIR.toString('hex'));
  assert.is(record['bluetooth.device.advertiser'], 'Google Fast Pair');
  assert.is(device.apply({ transport: 'br_edr', kind: 'remote_name', address: ADDRESS, addressType: 'public', name: 'OnePlus 5T', dataLength: 0 }), 'OnePlus 5T');
  assert.is(device.toRecord()['bluetooth.device.name_source'], 'remote_name');
  assert.equal(device.toRecord()['bluetooth.device.report_kinds'], ['extended_inquiry_result', 'remote_name']);
});

test('round-trips through its record and its compact state, and keeps learning', () => {
  const device = learned();
  const fromRecord = BluetoothDevice.fromRecord(JSON.parse(JSON.stringify(device.toRecord())), 'One');
  assert.equal(fromRecord.toRecord(), device.toRecord());
  const writer = new StateWriter();
  bluetoothComponentState.write(device, writer);
  const reader = new StateReader(writer.take());
  const fromState = bluetoothComponentState.read(reader, undefined as never) as BluetoothDevice;
  reader.end();
  assert.equal(fromState.toRecord(), device.toRecord());
  fromState.apply({ transport: 'br_edr', kind: 'inquiry_result', address: ADDRESS, addressType: 'public', classOfDevice: 0x0a010c, dataLength: 0 });
  assert.equal([fromState.toRecord()['bluetooth.device.major_class'], fromState.toRecord()['bluetooth.device.minor_class']], ['Computer', 'Laptop']);
});

test('fuzz: damaged states give a sub-record or SVC_ERR_BAD_STATE', () => {
  const writer = new StateWriter();
  bluetoothComponentState.write(learned(), writer);
  const refused = fuzzState(writer.take(), (reader) => bluetoothComponentState.read(reader, undefined as never), 2000, seededRandom(33));
  assert.ok(refused > 1000, `${refused} of 2000 refused`);
});

test.run();
