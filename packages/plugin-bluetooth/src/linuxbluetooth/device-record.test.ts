/**
 * BlueZ Device1 properties to `linuxbthci` records: the transport rule (random address => LE
 * random, a class => BR/EDR, else LE public), every property carried, and the record read back
 * by the Bluetooth decoder's reader into the report the classifiers take.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readLinuxBtHciRecord } from '../hci/linuxbthci-record.js';
import { addressKindOf, deviceRecord } from './device-record.js';

test('the transport rule', () => {
  assert.is(addressKindOf({ Address: 'D4:7A:21:5E:90:3C', AddressType: 'random', Class: 0x240414 }), 2, 'a random address is LE, whatever else');
  assert.is(addressKindOf({ Address: '00:1B:DC:0F:2A:11', AddressType: 'public', Class: 0x240414, ManufacturerData: { 76: Buffer.of(1) } }), 0, 'a class is Classic (a dual-mode device too)');
  assert.is(addressKindOf({ Address: 'F0:99:B6:12:34:56', AddressType: 'public', ManufacturerData: { 6: Buffer.of(1) } }), 1, 'advertising data without a class is LE');
  assert.is(addressKindOf({ Address: 'F0:99:B6:12:34:56', AddressType: 'public', AdvertisingFlags: Buffer.of(6) }), 1);
  assert.is(addressKindOf({ Address: 'F0:99:B6:12:34:56', Name: 'only a name' }), 1, 'no class: not heard by inquiry, so LE');
});

test('every property BlueZ gives is carried, and reads back as the report', () => {
  const record = deviceRecord({
    Address: 'f0:99:b6:12:34:56',
    AddressType: 'public',
    Name: 'Band 7',
    Alias: 'Band 7',
    Appearance: 0x00c1,
    TxPower: -8,
    RSSI: -64,
    Paired: false,
    AdvertisingFlags: Buffer.of(0x06),
    UUIDs: ['0000180d-0000-1000-8000-00805f9b34fb', '6e400001-b5a3-f393-e0a9-e50e24dcca9e'],
    ManufacturerData: { 343: Buffer.from('0102ff', 'hex') },
    ServiceData: { '0000fe95-0000-1000-8000-00805f9b34fb': Buffer.from('3020', 'hex') },
  })!;
  assert.equal(record, {
    addr: 'F0:99:B6:12:34:56',
    type: 1,
    address_type: 'public',
    name: 'Band 7',
    appearance: 0x00c1,
    txpower: -8,
    flags: 6,
    uuids: ['0000180d-0000-1000-8000-00805f9b34fb', '6e400001-b5a3-f393-e0a9-e50e24dcca9e'],
    manufacturer_data: { 343: '0102ff' },
    service_data: { '0000fe95-0000-1000-8000-00805f9b34fb': '3020' },
  });
  const report = readLinuxBtHciRecord(JSON.stringify(record));
  assert.is(report.transport, 'le');
  assert.is(report.kind, 'adapter');
  assert.is(report.address, 0xf099b6123456);
  assert.is(report.addressType, 'public');
  assert.is(report.name, 'Band 7');
  assert.is(report.txPower, -8);
  assert.is(report.data!.flags, 6);
  assert.is(report.data!.appearance, 0x00c1);
  assert.is(report.data!.companyId, 343);
  assert.is(report.data!.manufacturerData, '0102ff');
  assert.equal(report.data!.serviceUuids, ['180D', '6E400001-B5A3-F393-E0A9-E50E24DCCA9E']);
  assert.equal(report.data!.serviceData, [{ uuid: 'FE95', data: '3020' }]);
});

test('a Classic device keeps its class; an empty name, missing data and no address are left out', () => {
  const record = deviceRecord({ Address: '00:1B:DC:0F:2A:11', AddressType: 'public', Name: '', Class: 0x5a020c, ManufacturerData: {}, UUIDs: [] })!;
  assert.equal(record, { addr: '00:1B:DC:0F:2A:11', type: 0, address_type: 'public', class: 0x5a020c, uuids: [] });
  const report = readLinuxBtHciRecord(JSON.stringify(record));
  assert.is(report.transport, 'br_edr');
  assert.is(report.classOfDevice, 0x5a020c);
  assert.is(report.name, undefined);
  assert.is(deviceRecord({ Name: 'no address' }), undefined);
  assert.is(deviceRecord({ Address: 'not-an-address' }), undefined);
});

test('a random address keeps its type through the reader', () => {
  const report = readLinuxBtHciRecord(JSON.stringify(deviceRecord({ Address: 'D4:7A:21:5E:90:3C', AddressType: 'random', RSSI: -71 })));
  assert.is(report.transport, 'le');
  assert.is(report.addressType, 'random');
});

test.run();
