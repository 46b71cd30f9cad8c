/**
 * MQTT out against a real Mosquitto: a test service with the rtl433 and MQTT plugins replays
 * an rtl_433 recording through the real `rtl_433`, raises an alert, and a real `mosquitto_sub`
 * must see every documented topic: status, device states with the configured fields, alert
 * events and states, messages, datasource events and states, sensor events and readings. A
 * subscriber that connects afterwards gets the states, retained.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createLogger } from '@svc/core';
import { createTestService, testDataPath, waitUntil, type TestService } from '@svc/core/testing';
import rtl433Plugin from '@svc/plugin-sdr-rtl433';
import mqttPlugin, { getMqttOut } from '../index.js';
import { startMosquitto, subscribe, type TestBroker, type TestSubscriber } from '../testing/index.js';

const RECORDING = testDataPath('rtl433', 'fineoffset__01__gfile001.cu8');
const reference = JSON.parse(readFileSync(testDataPath('rtl433', 'fineoffset__01__gfile001.rtl433.jsonl'), 'utf8').trim()) as Record<string, any>;

let broker: TestBroker;
let live: TestSubscriber;
let t: TestService;
let ended = false;

test.before(async () => {
  broker = await startMosquitto();
  live = await subscribe(broker, ['svc/lab/#']);
  t = await createTestService({
    plugins: [rtl433Plugin, mqttPlugin],
    log: createLogger({ write: () => {} }),
    config: {
      server_name: 'lab',
      mqtt_broker: broker.url,
      mqtt_device_interval: '0.2',
      mqtt_device_fields: 'svc.device.base.key,svc.device.base.commonname,svc.device.base.phyname,rtl433.device/rtl433.device.common/rtl433.device.model',
    },
  });
  t.svc.events.subscribe('DATASOURCE_ENDED', () => void (ended = true));
  await t.svc.start();
  await waitUntil('MQTT out is connected', async () => (await mqttStatus())['svc.mqtt.state'] === 'connected');
});

test.after(async () => {
  await t.close();
  await live.stop();
  await broker.stop();
});

const mqttStatus = async () => (await (await t.request('/mqtt/status.json')).json()) as Record<string, any>;

test('a subscriber sees the status, the sensor as a device and as readings, its events, and the datasource', async () => {
  const source = await t.svc.datasources.add(`${RECORDING}:type=rtl433,name=fineoffset`);
  await waitUntil('the replay ends', () => ended, { timeoutMs: 20_000 });
  const [device] = [...t.svc.devices.devices()];
  assert.ok(device, 'the sensor is tracked');
  const key = device.key;
  await waitUntil('the device state arrives', () => live.on(`svc/lab/devices/${key}`).length > 0, { timeoutMs: 5000, detail: () => JSON.stringify(live.messages.map((message) => message.topic)) });

  assert.equal(live.on('svc/lab/status').map((message) => message.payload), ['online']);
  assert.equal(JSON.parse(live.on(`svc/lab/devices/${key}`).at(-1)!.payload), {
    'svc.device.base.key': key,
    'svc.device.base.commonname': reference.model,
    'svc.device.base.phyname': 'RTL433',
    'rtl433.device.model': reference.model,
  });

  const [event] = live.on('svc/lab/events/sensor');
  assert.ok(event, 'a sensor event');
  const sensorEvent = JSON.parse(event.payload);
  assert.is(sensorEvent['svc.device.base.key'], key);
  assert.is(sensorEvent['svc.datasource.uuid'], source.uuid);
  // svc runs rtl_433 with -M level, which adds the modulation and signal levels.
  const level = ['time', 'mod', 'freq', 'freq1', 'freq2', 'rssi', 'snr', 'noise'];
  assert.equal(Object.fromEntries(Object.entries(sensorEvent.rtl433).filter(([field]) => !level.includes(field))), Object.fromEntries(Object.entries(reference).filter(([field]) => field !== 'time')), 'the event carries rtl_433’s message');
  assert.equal(live.on(`svc/lab/sensors/${key}/temperature`).map((message) => Number(message.payload)), [reference.temperature_C]);
  assert.equal(live.on(`svc/lab/sensors/${key}/humidity`).map((message) => Number(message.payload)), [reference.humidity]);

  const datasourceEvents = live.on('svc/lab/events/datasource').map((message) => JSON.parse(message.payload));
  assert.equal(datasourceEvents.map((record) => record.event).slice(0, 2), ['NEW_DATASOURCE', 'DATASOURCE_OPENED']);
  assert.ok(datasourceEvents.some((record) => record.event === 'DATASOURCE_ENDED'));
  assert.is(datasourceEvents[0]['svc.datasource.uuid'], source.uuid);
  assert.is(datasourceEvents[0]['svc.datasource.type'], 'rtl433');
  const state = JSON.parse(live.on(`svc/lab/datasources/${source.uuid}`).at(-1)!.payload);
  assert.is(state['svc.datasource.name'], 'fineoffset');
  assert.ok(live.on('svc/lab/events/message').some((message) => JSON.parse(message.payload)['svc.messagebus.message_string'].includes('fineoffset')), 'messages are published');
});

test('alerts are published as events and as the retained last alert of their name', async () => {
  t.svc.alerts.define({ name: 'MQTTTEST', description: 'test', throttle: '10/sec', burst: '10/sec', severity: 10 });
  const raised = t.svc.alerts.raise({ name: 'MQTTTEST', text: 'over MQTT', sourceMac: '02:00:00:00:00:01' });
  await waitUntil('the alert arrives', () => live.on('svc/lab/alerts/MQTTTEST').length > 0);
  assert.equal(JSON.parse(live.on('svc/lab/events/alert').at(-1)!.payload), raised);
  assert.equal(JSON.parse(live.on('svc/lab/alerts/MQTTTEST')[0]!.payload), raised);
  assert.ok(live.on('svc/lab/events/message').some((message) => JSON.parse(message.payload)['svc.messagebus.message_string'] === 'ALERT MQTTTEST: over MQTT'));
});

test('a subscriber that comes later gets the states, retained, and no events', async () => {
  const late = await subscribe(broker, ['svc/lab/#']);
  const [device] = [...t.svc.devices.devices()];
  await waitUntil('the retained states arrive', () => late.on(`svc/lab/sensors/${device!.key}/humidity`).length > 0 && late.on('svc/lab/alerts/MQTTTEST').length > 0);
  await late.stop();
  for (const message of late.messages) assert.is(message.retain, 1, `${message.topic} is retained`);
  const topics = new Set(late.messages.map((message) => message.topic));
  for (const topic of ['svc/lab/status', `svc/lab/devices/${device!.key}`, `svc/lab/sensors/${device!.key}/temperature`, 'svc/lab/alerts/MQTTTEST']) assert.ok(topics.has(topic), topic);
  assert.not.ok([...topics].some((topic) => topic.startsWith('svc/lab/events/')), 'events are not retained');
  const record = await mqttStatus();
  assert.is(record['svc.mqtt.dropped'], 0);
  const publisher = getMqttOut(t.svc)!.publisher;
  assert.ok(publisher.sent >= record['svc.mqtt.sent'], 'the counters are plain getters too (for metrics)');
  assert.is(publisher.dropped, 0);
  assert.ok(record['svc.mqtt.sent'] >= live.messages.length, 'the sent count covers what the subscriber saw');
});

test.run();
