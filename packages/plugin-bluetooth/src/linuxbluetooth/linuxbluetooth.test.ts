/**
 * The `linuxbluetooth` source end to end, over a real `dbus-daemon` on a private socket with a
 * scripted `org.bluez` (bluez-stand-in.test-helper.ts) standing in for bluetoothd, which needs
 * kernel Bluetooth sockets a test machine may not have. The server finds the bus through
 * DBUS_SYSTEM_BUS_ADDRESS, as it would the host's. Through the REST API: devices appear on the
 * right PHY with their address, name, class, RSSI, UUIDs and manufacturer data; the adapter's
 * state is in the source record; discovery is started with the filter and stopped on close;
 * and each way of losing the adapter (removed, powered off, bluetoothd gone, the bus gone) is
 * an error naming it, after which the source comes back by itself.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '@svc/core';
import { createTestService, waitUntil, type TestService } from '@svc/core/testing';
import bluetoothPlugin from '../index.js';
import { bluezObjects } from './bluez-objects.js';
import { SystemBus } from './system-bus.js';
import { startBluezStandIn, type BluezStandIn, type StandInCall } from './bluez-stand-in.test-helper.js';
import { startPrivateBus, type PrivateBus } from './private-bus.test-helper.js';

let bus: PrivateBus;
let bluez: BluezStandIn;
let t: TestService;
/** Every DATASOURCE_ERROR's reason, by source UUID: a retry may replace a reason before a poll reads it. */
const errors = new Map<string, string[]>();

test.before(async () => {
  bus = await startPrivateBus();
  bluez = await startBluezStandIn(bus.address);
  process.env.DBUS_SYSTEM_BUS_ADDRESS = bus.address;
  t = await createTestService({ plugins: [bluetoothPlugin], config: { source_retry_delay: '0.1' }, log: createLogger({ write: () => {} }) });
  t.svc.events.subscribe('DATASOURCE_ERROR', (_topic, payload) => {
    const source = payload as Json;
    errors.set(source['svc.datasource.uuid'], [...(errors.get(source['svc.datasource.uuid']) ?? []), source['svc.datasource.error_reason']]);
  });
});
test.after(async () => {
  await t.close();
  await bluez.stop();
  await bus.dispose();
  delete process.env.DBUS_SYSTEM_BUS_ADDRESS;
});

type Json = Record<string, any>;
const get = async (path: string): Promise<any> => (await t.request(path)).json();
const add = async (definition: string) => {
  const response = await t.command('/datasource/add_source.cmd', { definition });
  return { status: response.status, body: (await response.json()) as Json };
};
const record = (uuid: string): Promise<Json> => get(`/datasource/by-uuid/${uuid}/source.json`);
const remove = (uuid: string) => t.command(`/datasource/by-uuid/${uuid}/remove_source.cmd`, {});
const until = (what: string, check: () => Promise<boolean>) => waitUntil(what, check, { timeoutMs: 10_000 });
const untilRecord = (uuid: string, what: string, check: (source: Json) => boolean) => until(what, async () => check(await record(uuid)));
const untilError = (uuid: string, reason: RegExp) => until(`an error ${reason}`, async () => (errors.get(uuid) ?? []).some((given) => reason.test(given)));
/** Adds a source and waits until it captures, so what a test does next meets an open source. */
const addRunning = async (definition: string): Promise<string> => {
  const uuid = (await add(definition)).body['svc.datasource.uuid'] as string;
  await untilRecord(uuid, 'the source running', (source) => source['svc.datasource.running'] === 1);
  return uuid;
};
const device = async (uuid: string, mac: string): Promise<Json | undefined> =>
  ((await get(`/devices/views/seenby-${uuid}/devices.json`)) as Json[]).find((entry) => entry['svc.device.base.macaddr'] === mac);
const callsOf = async (member: string, path: string): Promise<StandInCall[]> => (await bluez.calls()).filter((call) => call.member === member && call.path === path);
/** The stand-in is replaced when the bus restarts: always the current one. */
const bluezRun: BluezStandIn['run'] = (command) => bluez.run(command);

const CLASSIC = '00:1B:DC:0F:2A:11';
const LE_RANDOM = 'D4:7A:21:5E:90:3C';
const LE_PUBLIC = 'F0:99:B6:12:34:56';

test('list_interfaces and types show the adapter BlueZ has', async () => {
  await bluezRun({ op: 'addAdapter', adapter: 'hci0' });
  const types = (await get('/datasource/types.json')) as Json[];
  assert.ok(types.some((type) => type['svc.datasource.driver.type'] === 'linuxbluetooth' && type['svc.datasource.driver.list_capable'] === 1));
  const listed = ((await get('/datasource/list_interfaces.json')) as Json[]).find((entry) => entry['svc.datasource.probed.interface'] === 'hci0');
  assert.ok(listed, 'hci0 is listed');
  assert.is(listed!['svc.datasource.probed.hardware'], 'BlueZ adapter 00:1A:7D:DA:71:13 (stand-in, powered)');
  assert.is(listed!['svc.datasource.type_driver']['svc.datasource.driver.type'], 'linuxbluetooth');
});

test('bad definitions are refused before anything opens', async () => {
  for (const [definition, reason] of [
    ['hci0:power=maybe', /power must be true or false, not 'maybe'/],
    ['linuxbluetooth:adapter=wlan0', /adapter 'wlan0' is not a Bluetooth adapter name/],
    ['hci0:adapter=hci1', /adapter= goes with the interface 'linuxbluetooth'/],
    ['hci0:speed=9', /speed/],
  ] as const) {
    const added = await add(definition);
    assert.is(added.status, 400, definition);
    assert.match(added.body.error, reason);
  }
});

test('Classic and LE devices appear with PHY, address, name, class, RSSI, UUIDs and manufacturer data', async () => {
  const added = await add('hci0');
  assert.is(added.status, 200);
  const uuid = added.body['svc.datasource.uuid'];
  assert.is(added.body['svc.datasource.running'], 1, added.body['svc.datasource.error_reason']);
  assert.is(added.body['svc.datasource.type_driver']['svc.datasource.driver.type'], 'linuxbluetooth', 'hci0 is probed as linuxbluetooth');
  assert.is(added.body['svc.datasource.hardware'], 'BlueZ adapter 00:1A:7D:DA:71:13 (stand-in)');
  assert.is((await add('linuxbluetooth')).status, 409, 'linuxbluetooth names hci0 too: the same source');
  const filters = await callsOf('SetDiscoveryFilter', '/org/bluez/hci0');
  assert.equal(JSON.parse(JSON.stringify(filters.at(-1)!.body)), [{ Transport: { signature: 's', value: 'auto' }, DuplicateData: { signature: 'b', value: true } }]);
  assert.is((await callsOf('StartDiscovery', '/org/bluez/hci0')).length, 1);
  const source = await record(uuid);
  assert.is(source['svc.datasource.bluetooth.powered'], 1);
  assert.is(source['svc.datasource.bluetooth.discovering'], 1);
  assert.is(source['svc.datasource.bluetooth.in_use'], 0);
  assert.is(source['svc.datasource.bluetooth.address'], '00:1A:7D:DA:71:13');
  assert.is(source['svc.datasource.bluetooth.rfkill_soft'], 0);

  await bluezRun({
    op: 'addDevice',
    adapter: 'hci0',
    address: CLASSIC,
    properties: { AddressType: 'public', Name: 'Living room speaker', Class: 0x240414, RSSI: -52, UUIDs: ['0000110b-0000-1000-8000-00805f9b34fb', '0000110e-0000-1000-8000-00805f9b34fb'] },
  });
  await bluezRun({
    op: 'addDevice',
    adapter: 'hci0',
    address: LE_RANDOM,
    properties: { AddressType: 'random', RSSI: -71, AdvertisingFlags: '1a', ManufacturerData: { '76': '1005031c1a2b3c' }, UUIDs: [] },
  });
  await bluezRun({
    op: 'addDevice',
    adapter: 'hci0',
    address: LE_PUBLIC,
    properties: { AddressType: 'public', Name: 'Band 7', Appearance: 0x00c1, TxPower: -8, RSSI: -64, ServiceData: { '0000fe95-0000-1000-8000-00805f9b34fb': '3020' }, UUIDs: ['0000180d-0000-1000-8000-00805f9b34fb'] },
  });

  await until('the three devices', async () => (await device(uuid, LE_PUBLIC)) !== undefined && (await device(uuid, LE_RANDOM)) !== undefined && (await device(uuid, CLASSIC)) !== undefined);
  const classic = (await device(uuid, CLASSIC))!;
  assert.is(classic['svc.device.base.phyname'], 'Bluetooth');
  assert.is(classic['svc.device.base.name'], 'Living room speaker');
  assert.is(classic['svc.device.base.signal']['svc.common.signal.last_signal'], -52);
  assert.is(classic['bluetooth.device']['bluetooth.device.class_of_device'], 0x240414);
  assert.is(classic['bluetooth.device']['bluetooth.device.major_class'], 'Audio/Video');
  assert.equal(classic['bluetooth.device']['bluetooth.device.service_uuid_vec'], ['0000110B-0000-1000-8000-00805F9B34FB', '0000110E-0000-1000-8000-00805F9B34FB']);

  const random = (await device(uuid, LE_RANDOM))!;
  assert.is(random['svc.device.base.phyname'], 'BTLE');
  assert.is(random['svc.device.base.signal']['svc.common.signal.last_signal'], -71);
  assert.is(random['btle.device']['btle.device.address_type'], 'random');
  assert.is(random['btle.device']['btle.device.company_id'], 76);
  assert.is(random['btle.device']['btle.device.manufacturer_data'], '1005031c1a2b3c');
  assert.is(random['btle.device']['btle.device.flags'], 0x1a);

  const le = (await device(uuid, LE_PUBLIC))!;
  assert.is(le['svc.device.base.phyname'], 'BTLE');
  assert.is(le['svc.device.base.name'], 'Band 7');
  assert.is(le['btle.device']['btle.device.address_type'], 'public');
  assert.is(le['btle.device']['btle.device.appearance'], 0x00c1);
  assert.is(le['btle.device']['btle.device.tx_power'], -8);
  assert.equal(le['btle.device']['btle.device.service_uuids'], ['180D']);
  assert.equal(le['btle.device']['btle.device.service_data'], { FE95: '3020' });

  // BlueZ's RSSI updates (DuplicateData) move the signal; a connection change of the user's is no news.
  await bluezRun({ op: 'changeDevice', adapter: 'hci0', address: LE_RANDOM, properties: { RSSI: -48 } });
  await until('the new RSSI', async () => (await device(uuid, LE_RANDOM))!['svc.device.base.signal']['svc.common.signal.last_signal'] === -48);
  const packets = (await record(uuid))['svc.datasource.num_packets'];
  await bluezRun({ op: 'changeDevice', adapter: 'hci0', address: CLASSIC, properties: { Connected: true } });
  await bluezRun({ op: 'changeDevice', adapter: 'hci0', address: CLASSIC, properties: { Name: 'Kitchen speaker' } });
  await until('the new name', async () => (await device(uuid, CLASSIC))!['svc.device.base.name'] === 'Kitchen speaker');
  assert.is((await record(uuid))['svc.datasource.num_packets'], packets + 1, 'Connected made no packet, the name one');

  await remove(uuid);
  await until('StopDiscovery', async () => (await callsOf('StopDiscovery', '/org/bluez/hci0')).length === 1);
  const [start] = await callsOf('StartDiscovery', '/org/bluez/hci0');
  const [stop] = await callsOf('StopDiscovery', '/org/bluez/hci0');
  assert.is(stop!.sender, start!.sender, 'the source stopped its own discovery session');
});

test('another program already discovering: the source shares it and says so; closing leaves it discovering', async () => {
  await bluezRun({ op: 'addAdapter', adapter: 'hci1', properties: { Address: '5C:F3:70:8B:12:01' } });
  await bluezRun({ op: 'otherDiscovers', adapter: 'hci1' });
  const added = await add('linuxbluetooth:adapter=hci1');
  const uuid = added.body['svc.datasource.uuid'];
  assert.is(added.body['svc.datasource.running'], 1, added.body['svc.datasource.error_reason']);
  assert.is(added.body['svc.datasource.bluetooth.in_use'], 1);
  assert.is(added.body['svc.datasource.capture_interface'], 'hci1');
  const messages = (await get('/messagebus/all_messages.json')) as Json[];
  assert.ok(messages.some((message) => /another program is already discovering on hci1/.test(message['svc.messagebus.message_string'])));
  await t.command(`/datasource/by-uuid/${uuid}/close_source.cmd`, {});
  await until('StopDiscovery', async () => (await callsOf('StopDiscovery', '/org/bluez/hci1')).length === 1);
  const reader = await SystemBus.connect(bus.address);
  const hci1 = (await bluezObjects(reader)).get('/org/bluez/hci1')!.get('org.bluez.Adapter1')!;
  reader.close();
  assert.is(hci1.Discovering, true, "the other program's discovery goes on");
  await remove(uuid);
});

test('a powered-off adapter is an error saying so, retried until it is on; power=true powers it on', async () => {
  await bluezRun({ op: 'addAdapter', adapter: 'hci2', properties: { Powered: false } });
  const added = await add('hci2');
  const uuid = added.body['svc.datasource.uuid'];
  assert.is(added.body['svc.datasource.error'], 1);
  assert.match(added.body['svc.datasource.error_reason'], /adapter hci2 is powered off: power it on \('bluetoothctl power on'\), or add power=true/);
  assert.is(added.body['svc.datasource.error_kind'], 'transient');
  assert.is(added.body['svc.datasource.bluetooth.powered'], 0);
  assert.is((await callsOf('Set', '/org/bluez/hci2')).length, 0, 'without power=true the adapter is left as it is');
  await bluezRun({ op: 'setAdapter', adapter: 'hci2', properties: { Powered: true } });
  await untilRecord(uuid, 'the retry opens it', (source) => source['svc.datasource.running'] === 1);
  assert.is((await record(uuid))['svc.datasource.bluetooth.powered'], 1);

  await bluezRun({ op: 'setAdapter', adapter: 'hci2', properties: { Powered: false } });
  await untilError(uuid, /^adapter hci2 was powered off$/);
  await remove(uuid);

  await bluezRun({ op: 'addAdapter', adapter: 'hci3', properties: { Powered: false } });
  const powered = await add('hci3:power=true');
  assert.is(powered.body['svc.datasource.running'], 1, powered.body['svc.datasource.error_reason']);
  const [set] = await callsOf('Set', '/org/bluez/hci3');
  assert.equal(JSON.parse(JSON.stringify(set!.body)), ['org.bluez.Adapter1', 'Powered', { signature: 'b', value: true }]);
  assert.is((await callsOf('StartDiscovery', '/org/bluez/hci3')).length, 1);
  await remove(powered.body['svc.datasource.uuid']);
});

test('a missing adapter names what BlueZ has', async () => {
  const added = await add('hci7');
  assert.is(added.body['svc.datasource.error'], 1);
  assert.match(added.body['svc.datasource.error_reason'], /^no adapter hci7 in BlueZ \(BlueZ's adapters: hci0, hci1, hci2, hci3\)$/);
  await remove(added.body['svc.datasource.uuid']);
});

test('the adapter unplugged: an error, and discovery resumes when it is back', async () => {
  const uuid = await addRunning('hci0');
  const starts = (await callsOf('StartDiscovery', '/org/bluez/hci0')).length;
  await bluezRun({ op: 'removeAdapter', adapter: 'hci0' });
  await untilError(uuid, /^adapter hci0 was removed from BlueZ \(unplugged, or its driver unbound\)$/);
  await untilError(uuid, /^no adapter hci0 in BlueZ \(BlueZ's adapters: hci1, hci2, hci3\)$/);
  await bluezRun({ op: 'addAdapter', adapter: 'hci0' });
  await untilRecord(uuid, 'the source back', (source) => source['svc.datasource.running'] === 1);
  assert.is((await callsOf('StartDiscovery', '/org/bluez/hci0')).length, starts + 1);
  await bluezRun({ op: 'addDevice', adapter: 'hci0', address: '00:1B:DC:0F:2A:99', properties: { Class: 0x5a020c, RSSI: -60 } });
  await until('a device after the return', async () => (await device(uuid, '00:1B:DC:0F:2A:99'))?.['svc.device.base.phyname'] === 'Bluetooth');
  await remove(uuid);
});

test('bluetoothd gone: an error naming it, and the source comes back with it', async () => {
  const uuid = await addRunning('hci0');
  await bluezRun({ op: 'release' });
  await untilError(uuid, /^bluetoothd left the system D-Bus \(org\.bluez lost its owner\): it stopped or crashed$/);
  await untilError(uuid, /^BlueZ is not running: nothing owns org\.bluez on the system D-Bus at unix:path=.*\(start bluetoothd: 'systemctl start bluetooth'\)$/);
  await bluezRun({ op: 'own' });
  await untilRecord(uuid, 'the source back', (source) => source['svc.datasource.running'] === 1);
  await remove(uuid);
});

test('the system bus gone: an error naming it, and the source comes back with the bus', async () => {
  const uuid = await addRunning('hci0');
  // Killed, the daemon tells no client anything: the source notices the bus gone by itself.
  await bus.stop('SIGKILL');
  await bluez.stop();
  await untilError(uuid, /^lost the system D-Bus at unix:path=/);
  await untilError(uuid, /^cannot reach the system D-Bus at unix:path=.*: connect ECONNREFUSED .*; BlueZ is reached over the system D-Bus/);
  await bus.start();
  bluez = await startBluezStandIn(bus.address);
  await bluezRun({ op: 'addAdapter', adapter: 'hci0' });
  await untilRecord(uuid, 'the source back', (source) => source['svc.datasource.running'] === 1);
  await remove(uuid);
});

test.run();
