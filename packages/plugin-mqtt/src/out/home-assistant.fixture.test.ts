/**
 * Home Assistant discovery over rtl_433 sensors: each shared real recording (when the real data
 * is there) and svc's own synthetic recording (every sensor class) is replayed through the real
 * `rtl_433` into a service publishing to a real Mosquitto, with its own topic and discovery
 * prefixes; svc's generated events of every class and unit reach another such service through
 * an mqtt source on the same broker. A subscriber that comes afterwards must find, for every
 * sensor of the reference (rtl_433's own JSON for the recording, or the events), one discovery
 * config per reading class the sensor reported, pointing at a retained state topic that holds
 * the sensor's last value, converted here by hand into svc's unit; and nothing else.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createLogger } from '@svc/core';
import { createTestService, projectDataPath, realDataFiles, realDataPath, realDataTest, waitUntil, type TestService } from '@svc/core/testing';
import rtl433Plugin from '@svc/plugin-sdr-rtl433';
import { SYNTHETIC_EVENTS, SYNTHETIC_RECORDING, SYNTHETIC_REFERENCE } from '@svc/plugin-sdr-rtl433/synthetic';
import { expectedSensorName, messagesBySensor, readRtl433Lines, type ReferenceMessage } from '@svc/plugin-sdr-rtl433/testing';
import mqttPlugin from '../index.js';
import { publish, startMosquitto, subscribe, type TestBroker } from '../testing/index.js';
import { expectedEntityReadings, type ExpectedReading } from './expected-entities.test-helper.js';

type Json = Record<string, any>;

let broker: TestBroker;
let t: TestService;

test.before(async () => {
  broker = await startMosquitto();
});
test.after(() => broker.stop());
test.after.each(() => t?.close());

/** Replays a recording through an rtl433 source; gives its reference, rtl_433's output for it. */
async function replay(recording: string, reference: string): Promise<ReferenceMessage[]> {
  let ended = false;
  t.svc.events.subscribe('DATASOURCE_ENDED', () => void (ended = true));
  await t.svc.datasources.add(`${recording}:type=rtl433,name=recording`);
  await waitUntil(`the replay of ${recording} ends`, () => ended, { timeoutMs: 20_000 });
  return readRtl433Lines(reference);
}

/**
 * Starts service number `index` (its own prefixes) publishing discovery, feeds it with `feed`,
 * which gives the messages it fed, and checks the discovery configs and states a late
 * subscriber finds against those messages.
 */
async function discoveryMatches(index: number, feed: () => Promise<ReferenceMessage[]>): Promise<void> {
  const prefix = `svc/ha${index}`;
  const haPrefix = `homeassistant${index}`;
  t = await createTestService({
    plugins: [rtl433Plugin, mqttPlugin],
    log: createLogger({ write: () => {} }),
    config: { server_name: `ha${index}`, mqtt_broker: broker.url, mqtt_homeassistant: 'true', mqtt_homeassistant_prefix: haPrefix, mqtt_topic_prefix: prefix },
  });
  await t.svc.start();
  const reference = await feed();
  const status = async () => (await (await t.request('/mqtt/status.json')).json()) as Json;
  await waitUntil('everything is published', async () => {
    const record = await status();
    return record['svc.mqtt.state'] === 'connected' && record['svc.mqtt.queued'] === 0;
  });

  // Per sensor (model/id): the reading classes and their last values.
  const sensors = new Map<string, { model: string; id: string; readings: Record<string, ExpectedReading> }>();
  for (const [key, messages] of messagesBySensor(reference)) {
    const readings: Record<string, ExpectedReading> = {};
    for (const message of messages) Object.assign(readings, expectedEntityReadings(message));
    sensors.set(key, { model: messages[0]!.model, id: String(messages[0]!.id ?? messages[0]!.device ?? 0), readings });
  }
  // Each sensor's device: the one named as Kismet names the sensor.
  const byName = new Map([...t.svc.devices.devices()].map((device) => [device.name, device.key]));
  const keys = new Map([...messagesBySensor(reference)].map(([sensor, messages]) => [sensor, byName.get(expectedSensorName(messages[0]!))]));
  const expectedCount = [...sensors.values()].reduce((sum, sensor) => sum + Object.keys(sensor.readings).length, 0);

  const late = await subscribe(broker, [`${haPrefix}/#`, `${prefix}/sensors/#`]);
  await waitUntil(`${expectedCount} configs arrive`, () => late.messages.filter((message) => message.topic.startsWith(`${haPrefix}/`)).length >= expectedCount, { timeoutMs: 15_000 });
  await new Promise((resolve) => setTimeout(resolve, 200));
  await late.stop();
  const configs = late.messages.filter((message) => message.topic.startsWith(`${haPrefix}/`));
  assert.is(configs.length, expectedCount, configs.map((message) => message.topic).join(', '));
  const states = new Map(late.messages.filter((message) => message.topic.startsWith(`${prefix}/`)).map((message) => [message.topic, message.payload]));

  for (const [sensorName, sensor] of sensors) {
    const key = keys.get(sensorName);
    assert.ok(key, `svc tracks ${sensorName}`);
    for (const [reading, [value, unit, deviceClass]] of Object.entries(sensor.readings)) {
      const topic = `${haPrefix}/sensor/svc_ha${index}/${key}_${reading}/config`;
      const message = configs.find((config) => config.topic === topic);
      assert.ok(message, `${sensorName}: ${topic}`);
      assert.is(message.retain, 1);
      const config = JSON.parse(message.payload) as Json;
      assert.is(config.state_topic, `${prefix}/sensors/${key}/${reading}`);
      assert.is(config.unit_of_measurement, unit, `${sensorName} ${reading} unit`);
      assert.is(config.device_class, deviceClass, `${sensorName} ${reading} device class`);
      assert.is(config.unique_id, `svc_ha${index}_${key}_${reading}`);
      assert.is(config.availability_topic, `${prefix}/status`);
      assert.equal(config.device.identifiers, [`svc_ha${index}_${key}`]);
      assert.is(config.device.name, `${sensor.model} ${sensor.id}`);
      assert.is(`${config.device.manufacturer}-${config.device.model}`, sensor.model.includes('-') ? sensor.model : `rtl_433-${sensor.model}`);
      const state = Number(states.get(config.state_topic));
      assert.ok(Math.abs(state - value) < 1e-3, `${sensorName} ${reading}: state ${state}, rtl_433 said ${value}`);
    }
  }
}

const recordings = realDataFiles('rtl433', /\.cu8$/);
recordings.forEach((name, index) => {
  const reference = `rtl433/${name.replace(/\.cu8$/, '.rtl433.jsonl')}`;
  realDataTest(test, `${name}: one discovery config per sensor and reading class, its state the last value rtl_433 reported`, [`rtl433/${name}`, reference], () =>
    discoveryMatches(index, () => replay(realDataPath('rtl433', name), realDataPath(reference))),
  );
});

test(`${SYNTHETIC_RECORDING} (svc's own, every sensor class): one discovery config per sensor and reading class, its state the last value rtl_433 reported`, () =>
  discoveryMatches(recordings.length, () => replay(projectDataPath('rtl433', SYNTHETIC_RECORDING), projectDataPath('rtl433', SYNTHETIC_REFERENCE))));

test("svc's generated events through an mqtt source (every sensor class and unit): one discovery config per sensor and reading class, its state the sensor's last value", () =>
  discoveryMatches(recordings.length + 1, async () => {
    const lines = readFileSync(projectDataPath('rtl433', SYNTHETIC_EVENTS), 'utf8').trimEnd().split('\n');
    const source = await t.svc.datasources.add(`mqtt:broker=${broker.url},topic=rtl_433/+/events,name=events`);
    await waitUntil('the mqtt source is subscribed', () => source.state === 'running', { timeoutMs: 10_000, detail: () => `${source.state} ${source.errorReason}` });
    for (const line of lines) publish(broker, 'rtl_433/fleet/events', line);
    await waitUntil('the events are taken', () => source.numPackets === lines.length, { timeoutMs: 30_000 });
    return lines.map((line) => JSON.parse(line) as ReferenceMessage);
  }));

test.run();
