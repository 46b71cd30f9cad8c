/**
 * `linuxbthci` records: Kismet's four keys exactly as `kismet_cap_linux_bluetooth` writes them,
 * svc's additions from BlueZ (UUIDs shortened to the form the HCI reader writes, the advertising
 * flags, a checked address type), and a clear error naming the key for each way a record can be
 * wrong.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fullUuid, readLinuxBtHciRecord, shortUuid } from './linuxbthci-record.js';

test("Kismet's record: type 0 is Classic, 1 LE public, 2 LE random; connectable and name kept", () => {
  const classic = readLinuxBtHciRecord('{"addr": "00:02:5B:00:A5:A5","name": "Headset","type": 0,"connectable": 1}');
  assert.equal([classic.transport, classic.kind, classic.address, classic.addressType, classic.name, classic.connectable], ['br_edr', 'adapter', 0x00025b00a5a5, 'public', 'Headset', true]);
  const lePublic = readLinuxBtHciRecord('{"addr": "00:1B:63:00:00:01","name": "","type": 1,"connectable": 0}');
  assert.equal([lePublic.transport, lePublic.addressType, lePublic.name, lePublic.connectable], ['le', 'public', undefined, false]);
  assert.equal(readLinuxBtHciRecord('{"addr": "C0:FF:EE:00:00:01","name": "x","type": 2,"connectable": 1}').addressType, 'random');
});

test("svc's additions: class, appearance, TX power, UUIDs, manufacturer and service data", () => {
  const report = readLinuxBtHciRecord(
    JSON.stringify({
      addr: 'C0:FF:EE:00:00:01',
      type: 2,
      address_type: 'random',
      class: 0x5a020c,
      appearance: 0x03c1,
      txpower: -8,
      uuids: [fullUuid(0x180f), '0000FE2C-0000-1000-8000-00805F9B34FB', '6e400001-b5a3-f393-e0a9-e50e24dcca9e'],
      manufacturer_data: { '76': '1219AB', '6': '0109' },
      service_data: { [fullUuid(0xfeaa)]: '10' },
    }),
  );
  assert.equal([report.classOfDevice, report.txPower, report.data!.appearance], [0x5a020c, -8, 0x03c1]);
  assert.equal(report.data!.serviceUuids, ['180F', 'FE2C', '6E400001-B5A3-F393-E0A9-E50E24DCCA9E']);
  assert.equal(report.data!.manufacturers, [{ companyId: 6, data: '0109' }, { companyId: 76, data: '1219ab' }]);
  assert.equal(report.data!.serviceData, [{ uuid: 'FEAA', data: '10' }]);
  assert.is(shortUuid('0001ABCD-0000-1000-8000-00805F9B34FB'), '0001ABCD', '32-bit UUIDs on the base keep 8 digits');
});

test('flags and address_type', () => {
  const report = readLinuxBtHciRecord('{"addr":"d4:7a:21:5e:90:3c","type":2,"address_type":"random_static_identity","flags":26}');
  assert.is(report.addressType, 'random_static_identity');
  assert.is(report.data!.flags, 0x1a);
  assert.is(readLinuxBtHciRecord('{"addr":"d4:7a:21:5e:90:3c","type":2}').data!.flags, undefined);
});

test('a record that is no record is refused, naming the key', () => {
  const cases: [string, RegExp][] = [
    ['not json', /not JSON/],
    ['[1]', /not an object/],
    ['{"name":"x","type":0}', /'addr' is required/],
    ['{"addr":"nope","type":0}', /'addr' "nope" is not a device address/],
    ['{"addr":"00:02:5B:00:A5:A5","type":"0"}', /'type' must be an integer/],
    ['{"addr":"00:02:5B:00:A5:A5","type":0,"name":5}', /'name' must be a string/],
    ['{"addr":"00:02:5B:00:A5:A5","type":0,"class":16777216}', /'class' must be an integer from 0 to 16777215/],
    ['{"addr":"00:02:5B:00:A5:A5","type":0,"uuids":"180f"}', /'uuids' must be a list of strings/],
    ['{"addr":"00:02:5B:00:A5:A5","type":0,"manufacturer_data":{"76":"xyz"}}', /'manufacturer_data.76' must be a hex string/],
    ['{"addr":"00:02:5B:00:A5:A5","type":0,"manufacturer_data":{"apple":"00"}}', /key 'apple' is not a company id/],
    ['{"addr":"d4:7a:21:5e:90:3c","type":1,"address_type":"sideways"}', /'address_type' must be one of public, random/],
    ['{"addr":"d4:7a:21:5e:90:3c","type":1,"flags":256}', /'flags' must be an integer from 0 to 255/],
    ['{"addr":"d4:7a:21:5e:90:3c","type":1,"flags":"06"}', /'flags' must be an integer/],
  ];
  for (const [text, message] of cases) assert.throws(() => readLinuxBtHciRecord(text), message, text);
});

test.run();
