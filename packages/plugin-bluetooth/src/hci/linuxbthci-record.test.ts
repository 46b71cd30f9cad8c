/**
 * The `linuxbthci` record reader: Kismet's own four keys, svc's additions (the advertising
 * `flags`, a checked `address_type`), and bad records refused with the key they got wrong.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readLinuxBtHciRecord } from './linuxbthci-record.js';

test("Kismet's record: addr, name, type and connectable", () => {
  const classic = readLinuxBtHciRecord('{"addr":"00:1b:dc:0f:2a:11","name":"Speaker","type":0,"connectable":1}');
  assert.is(classic.transport, 'br_edr');
  assert.is(classic.addressType, 'public');
  assert.is(classic.name, 'Speaker');
  assert.is(classic.connectable, true);
  const random = readLinuxBtHciRecord('{"addr":"d4:7a:21:5e:90:3c","type":2}');
  assert.is(random.transport, 'le');
  assert.is(random.addressType, 'random');
  assert.is(random.data!.flags, undefined);
});

test('flags and address_type', () => {
  const report = readLinuxBtHciRecord('{"addr":"d4:7a:21:5e:90:3c","type":2,"address_type":"random_static_identity","flags":26}');
  assert.is(report.addressType, 'random_static_identity');
  assert.is(report.data!.flags, 0x1a);
});

test('bad records name the key', () => {
  assert.throws(() => readLinuxBtHciRecord('{"addr":"d4:7a:21:5e:90:3c","type":1,"address_type":"sideways"}'), /'address_type' must be one of public, random/);
  assert.throws(() => readLinuxBtHciRecord('{"addr":"d4:7a:21:5e:90:3c","type":1,"flags":256}'), /'flags' must be an integer from 0 to 255/);
  assert.throws(() => readLinuxBtHciRecord('{"addr":"d4:7a:21:5e:90:3c","type":1,"flags":"06"}'), /'flags' must be an integer/);
  assert.throws(() => readLinuxBtHciRecord('{"type":1}'), /'addr' is required/);
  assert.throws(() => readLinuxBtHciRecord('{"addr":"d4:7a:21:5e:90:3c","manufacturer_data":{"76":"xyz"}}'), /'manufacturer_data\.76' must be a hex string/);
});

test.run();
