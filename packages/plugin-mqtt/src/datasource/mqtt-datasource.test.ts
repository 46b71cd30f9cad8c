/**
 * The `mqtt` datasource against a real Mosquitto, fed by the real `mosquitto_pub`: serialjson
 * device reports create devices; rtl_433 events (the real `rtl_433`'s JSON for a recording,
 * which is what its `-F mqtt` output publishes on `rtl_433/<host>/events`) create the sensors
 * of the recording's reference, for a shared real recording (when the real data is there) and
 * for svc's synthetic one; the real rtl_433 publishing itself (`-F mqtt`, live from the
 * synthetic recording) does the same, and svc's generated events of every sensor class are
 * taken; garbage is an error packet; a broker that goes away puts the source in error, and it
 * reopens when the broker is back. Definitions are checked and fuzzed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createLogger, isSvcError, parseDefinition, type Datasource } from '@svc/core';
import { createTestService, mutateText, projectDataPath, realDataPath, realDataTest, seededRandom, waitUntil, type TestService } from '@svc/core/testing';
import rtl433Plugin from '@svc/plugin-sdr-rtl433';
import { SYNTHETIC_EVENTS, SYNTHETIC_GROUND_TRUTH, SYNTHETIC_RECORDING, SYNTHETIC_REFERENCE } from '@svc/plugin-sdr-rtl433/synthetic';
import { expectedReadings, expectedSensorName, messagesBySensor, readPath, readRtl433Lines, startRtlTcpServer, type ReferenceMessage } from '@svc/plugin-sdr-rtl433/testing';
import bluetoothPlugin from '@svc/plugin-bluetooth';
import serialPlugin from '@svc/plugin-serial';
import mqttPlugin from '../index.js';
import { publish, startMosquitto, subscribe, type TestBroker } from '../testing/index.js';
import { readMqttSourceOptions, validTopicFilter } from './mqtt-datasource.js';

type Json = Record<string, any>;
let broker: TestBroker;
let t: TestService;
let source: Datasource;

test.before(async () => {
  broker = await startMosquitto();
  t = await createTestService({ plugins: [rtl433Plugin, serialPlugin, bluetoothPlugin, mqttPlugin], log: createLogger({ write: () => {} }), config: { source_retry_delay: '0.2' } });
  await t.svc.start();
  const response = await t.command('/datasource/add_source.cmd', { definition: `mqtt:broker=${broker.url},topic=sensors/#,name=broker` });
  assert.is(response.status, 200, await response.clone().text());
  source = t.svc.datasources.list().find((candidate) => candidate.name === 'broker')!;
  await waitUntil('the mqtt source is subscribed', () => source.state === 'running', { timeoutMs: 10_000, detail: () => `${source.state} ${source.errorReason}` });
});

test.after(async () => {
  await t.close();
  await broker.stop();
});

test('a serialjson device report published with mosquitto_pub creates the device it names', async () => {
  publish(broker, 'sensors/esp32/ble', JSON.stringify({ phy: 'BTLE', mac: 'C0:FF:EE:00:00:01', rssi: -61, name: 'tag-1' }));
  await waitUntil('the device exists', () => t.svc.devices.byMac(0xc0ffee000001).length > 0);
  const [device] = t.svc.devices.byMac(0xc0ffee000001);
  const record = (await (await t.request(`/devices/by-key/${device!.key}/device.json`)).json()) as Json;
  assert.is(record['svc.device.base.phyname'], 'BTLE');
  assert.is(record['svc.device.base.name'], 'tag-1');
  assert.is(record['svc.device.base.signal']['svc.common.signal.last_signal'], -61);
  assert.ok(record['svc.device.base.seenby'].some((seen: Json) => seen['svc.common.seenby.uuid'] === source.uuid), 'seen by the mqtt source');
});

/** Checks that svc tracks each sensor of `messages` with the readings of its last message, in svc's units, and keeps that message. */
async function assertSensorsOf(messages: readonly ReferenceMessage[]): Promise<void> {
  for (const [key, sensorMessages] of messagesBySensor(messages)) {
    const last = sensorMessages.at(-1)!;
    const sensor = [...t.svc.devices.devices()].find((device) => device.phyname === 'RFSENSOR' && device.name === expectedSensorName(last));
    assert.ok(sensor, `${key} is tracked`);
    const record = (await (await t.request(`/devices/by-key/${sensor.key}/device.json`)).json()) as Json;
    for (const [path, value] of Object.entries(expectedReadings(last))) assert.is(readPath(record['sensor.device'], path), value, `${key}: ${path}`);
  }
}

/** Runs the real rtl_433 on `recording`, publishes its events with mosquitto_pub, and checks they make the sensors of `reference`. */
async function rtl433EventsMakeSensors(recording: string, reference: readonly ReferenceMessage[]): Promise<void> {
  const run = spawnSync('rtl_433', ['-c', '0', '-F', 'json', '-r', recording], { encoding: 'utf8', timeout: 20_000 });
  const events = run.stdout.split('\n').filter((line) => line.startsWith('{'));
  assert.is(events.length, reference.length, 'rtl_433 decodes the recording as its reference says');
  const before = source.numPackets;
  for (const event of events) publish(broker, 'sensors/rtl_433/pi/events', event);
  await waitUntil('the events are taken', () => source.numPackets === before + events.length);
  await assertSensorsOf(reference);
}

const XC0348 = ['rtl433/xc0348__01__gfile002.cu8', 'rtl433/xc0348__01__gfile002.rtl433.jsonl'] as const;
realDataTest(test, 'rtl_433 events for a recording create the sensors of its reference, with their readings', XC0348, () =>
  rtl433EventsMakeSensors(realDataPath(XC0348[0]), readRtl433Lines(realDataPath(XC0348[1]))),
);

test("rtl_433 events for svc's synthetic recording (every sensor class) create the sensors of its reference, with their readings", () =>
  rtl433EventsMakeSensors(projectDataPath('rtl433', SYNTHETIC_RECORDING), readRtl433Lines(projectDataPath('rtl433', SYNTHETIC_REFERENCE))));

test("the real rtl_433 publishing with -F mqtt (live from svc's synthetic recording through rtl_tcp): its events are the generator's ground truth, byte for byte as the generator prints them, and make the recording's sensors", async () => {
  const truth = readFileSync(projectDataPath('rtl433', SYNTHETIC_GROUND_TRUTH), 'utf8').trimEnd().split('\n');
  const topic = 'sensors/rtl_433/live/events';
  const server = await startRtlTcpServer(projectDataPath('rtl433', SYNTHETIC_RECORDING), { hold: true });
  const events = await subscribe(broker, [topic]);
  const before = source.numPackets;
  const rtl433 = spawn('rtl_433', ['-c', '0', '-d', `rtl_tcp:127.0.0.1:${server.port}`, '-s', '250k', '-F', `mqtt://127.0.0.1:${broker.port},retain=0,events=${topic}`], { stdio: 'ignore' });
  try {
    await waitUntil('rtl_433 is connected to the broker', () => / as rtl_433/.test(broker.log()), { timeoutMs: 20_000, detail: () => broker.log() });
    server.start();
    await waitUntil('every event is published and taken', () => events.messages.length >= truth.length && source.numPackets >= before + truth.length, { timeoutMs: 30_000 });
    assert.equal(events.messages.map((message) => message.payload.replace(/^\{"time":"[^"]*",/, '{')), truth);
    assert.is(source.numPackets, before + truth.length);
    await assertSensorsOf(truth.map((line) => JSON.parse(line) as ReferenceMessage));
  } finally {
    rtl433.kill('SIGKILL');
    await events.stop();
    await server.close();
  }
});

test("svc's generated events of every sensor class, published with mosquitto_pub, make their sensors with the readings of each one's last event", async () => {
  const lines = readFileSync(projectDataPath('rtl433', SYNTHETIC_EVENTS), 'utf8').trimEnd().split('\n');
  const before = source.numPackets;
  const errors = source.numErrorPackets;
  for (const line of lines) publish(broker, 'sensors/rtl_433/fleet/events', line);
  await waitUntil('the events are taken', () => source.numPackets === before + lines.length, { timeoutMs: 30_000 });
  assert.is(source.numErrorPackets, errors);
  await assertSensorsOf(lines.map((line) => JSON.parse(line) as ReferenceMessage));
});

test('a message that is not a report is an error packet, reported once', async () => {
  const errors = source.numErrorPackets;
  const before = t.svc.devices.size;
  publish(broker, 'sensors/junk', 'not json at all');
  publish(broker, 'sensors/junk', '{"temperature": 20}');
  publish(broker, 'sensors/junk', '[1,2,3]');
  publish(broker, 'sensors/junk', JSON.stringify({ phy: 'BTLE', mac: 'not a mac' }));
  await waitUntil('four error packets', () => source.numErrorPackets === errors + 4);
  assert.is(t.svc.devices.size, before, 'no device from garbage');
  const messages = ((await (await t.request('/messagebus/all_messages.json')).json()) as Json[]).map((message) => message['svc.messagebus.message_string'] as string);
  assert.is(messages.filter((text) => text.includes('a message svc could not take (a message that is not JSON)')).length, 1);
  assert.is(source.state, 'running', 'the source goes on');
});

test('the broker going away puts the source in error; it reopens when the broker is back', async () => {
  await broker.kill();
  await waitUntil('the source is in error', () => source.state === 'error', { timeoutMs: 10_000 });
  assert.match(source.errorReason, /lost the connection to mqtt:\/\/127\.0\.0\.1/);
  await broker.restart();
  await waitUntil('the source reopens', () => source.state === 'running', { timeoutMs: 30_000, detail: () => `${source.state} ${source.errorReason}` });
  publish(broker, 'sensors/esp32/ble', JSON.stringify({ phy: 'BTLE', mac: 'C0:FF:EE:00:00:02', rssi: -70 }));
  await waitUntil('a device after the reopen', () => t.svc.devices.byMac(0xc0ffee000002).length > 0);
});

test('bad definitions are refused before anything connects', async () => {
  for (const [definition, pattern] of [
    ['mqtt:topic=a/#', /needs broker=/],
    [`mqtt:broker=${broker.url}`, /needs topic=/],
    ['mqtt:broker=http://h,topic=a', /must be mqtt:\/\/ or mqtts:\/\//],
    ['mqtt:broker=mqtt://user:pw@h,topic=a', /put no user or password in the broker URL/],
    ['mqtt:broker=mqtt://h,topic=a/#/b', /not a topic filter/],
    ['mqtt:broker=mqtt://h,topic=a+/b', /not a topic filter/],
    ['mqtt:broker=mqtt://h,topic=a,qos=2', /qos must be 0 or 1/],
    ['mqtt:broker=mqtt://h,topic=a,password=pw', /has no option 'password'.*password_env/],
    ['mqtt:broker=mqtt://h,topic=a,password_env=X', /password_env needs user=/],
  ] as const) {
    const response = await t.command('/datasource/add_source.cmd', { definition });
    assert.is(response.status, 400, definition);
    const body = (await response.json()) as Json;
    assert.match(body.error, pattern);
    assert.not.match(body.error, /user:pw/, 'the URL credentials are not echoed');
  }
  assert.ok(validTopicFilter('rtl_433/+/events') && validTopicFilter('#') && validTopicFilter('a/+') && !validTopicFilter('') && !validTopicFilter('a#'));
});

test('fuzz: mutated mqtt definitions are read or refused with SVC_ERR_BAD_DEFINITION', () => {
  const random = seededRandom(1883);
  const seed = 'mqtt:broker=mqtts://broker.example:8883,topic=rtl_433/+/events,qos=1,user=svc,password_env=MQTT_PW,name=x';
  let read = 0;
  for (let i = 0; i < 3000; i++) {
    const line = mutateText(seed, random);
    try {
      const options = readMqttSourceOptions(parseDefinition(line));
      read++;
      assert.ok(validTopicFilter(options.topic));
      assert.ok(options.address.port > 0 && options.address.port < 65536);
      assert.not.match(options.address.url, /@/);
    } catch (error) {
      assert.ok(isSvcError(error, 'SVC_ERR_BAD_DEFINITION'), `${JSON.stringify(line)}: ${String(error)}`);
    }
  }
  assert.ok(read > 100, `some mutations are still valid (${read})`);
});

test.run();
