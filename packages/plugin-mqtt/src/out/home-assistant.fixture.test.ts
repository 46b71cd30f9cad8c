/**
 * Home Assistant discovery over every rtl_433 recording in the test data: each `.cu8` is
 * replayed through the real `rtl_433` into a service publishing to a real Mosquitto, with its
 * own topic and discovery prefixes. A subscriber that comes afterwards must find, for every
 * sensor of the recording's reference output (`*.rtl433.jsonl`, rtl_433's own JSON), one
 * discovery config per reading class the sensor reported, pointing at a retained state topic
 * that holds the sensor's last value, converted here by hand into svc's unit; and nothing else.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger } from '@svc/core';
import { createTestService, testDataPath, waitUntil, type TestService } from '@svc/core/testing';
import rtl433Plugin, { type Rtl433Sensor } from '@svc/plugin-sdr-rtl433';
import mqttPlugin from '../index.js';
import { startMosquitto, subscribe, type TestBroker } from '../testing/index.js';

type Json = Record<string, any>;
const recordings = testDataPath('rtl433');
const files = readdirSync(recordings).filter((name) => name.endsWith('.cu8'));

/** Reading class -> [value, unit, device class] from one rtl_433 message, by hand. */
function expectedReadings(message: Json): Record<string, [number, string, string | undefined]> {
  const out: Record<string, [number, string, string | undefined]> = {};
  if (message.temperature_C !== undefined) out.temperature = [message.temperature_C, '°C', 'temperature'];
  else if (message.temperature_F !== undefined) out.temperature = [((message.temperature_F - 32) * 5) / 9, '°C', 'temperature'];
  if (message.humidity !== undefined) out.humidity = [message.humidity, '%', 'humidity'];
  if (message.battery_ok !== undefined) out.battery = [Math.round(message.battery_ok * 100), '%', 'battery'];
  // A tyre sensor's pressure is the tyre's, in kPa; a weather station's the air's, in hPa.
  if (message.type === 'TPMS') {
    if (message.pressure_kPa !== undefined) out.pressure = [message.pressure_kPa, 'kPa', 'pressure'];
  } else if (message.pressure_hPa !== undefined) out.pressure = [message.pressure_hPa, 'hPa', 'pressure'];
  if (message.wind_avg_km_h !== undefined) out.wind_speed = [message.wind_avg_km_h, 'km/h', 'wind_speed'];
  else if (message.wind_avg_m_s !== undefined) out.wind_speed = [message.wind_avg_m_s * 3.6, 'km/h', 'wind_speed'];
  if (message.wind_max_km_h !== undefined) out.wind_gust = [message.wind_max_km_h, 'km/h', 'wind_speed'];
  else if (message.wind_max_m_s !== undefined) out.wind_gust = [message.wind_max_m_s * 3.6, 'km/h', 'wind_speed'];
  if (message.wind_dir_deg !== undefined) out.wind_direction = [message.wind_dir_deg, '°', undefined];
  if (message.rain_mm !== undefined) out.rain = [message.rain_mm, 'mm', 'precipitation'];
  else if (message.rain_in !== undefined) out.rain = [message.rain_in * 25.4, 'mm', 'precipitation'];
  return out;
}

let broker: TestBroker;
let t: TestService;
let ended: string[] = [];

test.before(async () => {
  broker = await startMosquitto();
});
test.after(() => broker.stop());
test.after.each(() => t?.close());

files.forEach((name, index) => {
  test(`${name}: one discovery config per sensor and reading class, its state the last value rtl_433 reported`, async () => {
    const prefix = `svc/ha${index}`;
    const haPrefix = `homeassistant${index}`;
    ended = [];
    t = await createTestService({
      plugins: [rtl433Plugin, mqttPlugin],
      log: createLogger({ write: () => {} }),
      config: { server_name: `ha${index}`, mqtt_broker: broker.url, mqtt_homeassistant: 'true', mqtt_homeassistant_prefix: haPrefix, mqtt_topic_prefix: prefix },
    });
    t.svc.events.subscribe('DATASOURCE_ENDED', () => void ended.push(name));
    await t.svc.start();
    const reference = readFileSync(join(recordings, name.replace(/\.cu8$/, '.rtl433.jsonl')), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Json);
    await t.svc.datasources.add(`${join(recordings, name)}:type=rtl433,name=${name}`);
    await waitUntil(`the replay of ${name} ends`, () => ended.length > 0, { timeoutMs: 20_000 });
    const status = async () => (await (await t.request('/mqtt/status.json')).json()) as Json;
    await waitUntil('everything is published', async () => {
      const record = await status();
      return record['svc.mqtt.state'] === 'connected' && record['svc.mqtt.queued'] === 0;
    });

    // Per sensor (model/id): the reading classes and their last values.
    const sensors = new Map<string, { model: string; id: string; readings: Record<string, [number, string, string | undefined]> }>();
    for (const message of reference) {
      const id = String(message.id ?? message.device ?? 0);
      const entry = sensors.get(`${message.model}/${id}`) ?? { model: message.model, id, readings: {} };
      Object.assign(entry.readings, expectedReadings(message));
      sensors.set(`${message.model}/${id}`, entry);
    }
    const keys = new Map([...t.svc.devices.devices()].map((device) => {
      const common = (device.components as { rtl433?: Rtl433Sensor }).rtl433!;
      return [`${common.model}/${common.id}`, device.key];
    }));
    const expectedCount = [...sensors.values()].reduce((sum, sensor) => sum + Object.keys(sensor.readings).length, 0);

    const late = await subscribe(broker, [`${haPrefix}/#`, `${prefix}/sensors/#`]);
    await waitUntil(`${expectedCount} configs arrive`, () => late.messages.filter((message) => message.topic.startsWith(`${haPrefix}/`)).length >= expectedCount, { timeoutMs: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await late.stop();
    const configs = late.messages.filter((message) => message.topic.startsWith(`${haPrefix}/`));
    assert.is(configs.length, expectedCount, `${name}: ${configs.map((message) => message.topic).join(', ')}`);
    const states = new Map(late.messages.filter((message) => message.topic.startsWith(`${prefix}/`)).map((message) => [message.topic, message.payload]));

    for (const [sensorKey, sensor] of sensors) {
      const key = keys.get(sensorKey);
      assert.ok(key, `svc tracks ${sensorKey}`);
      for (const [reading, [value, unit, deviceClass]] of Object.entries(sensor.readings)) {
        const topic = `${haPrefix}/sensor/svc_ha${index}/${key}_${reading}/config`;
        const message = configs.find((config) => config.topic === topic);
        assert.ok(message, `${sensorKey}: ${topic}`);
        assert.is(message.retain, 1);
        const config = JSON.parse(message.payload) as Json;
        assert.is(config.state_topic, `${prefix}/sensors/${key}/${reading}`);
        assert.is(config.unit_of_measurement, unit, `${sensorKey} ${reading} unit`);
        assert.is(config.device_class, deviceClass, `${sensorKey} ${reading} device class`);
        assert.is(config.unique_id, `svc_ha${index}_${key}_${reading}`);
        assert.is(config.availability_topic, `${prefix}/status`);
        assert.equal(config.device.identifiers, [`svc_ha${index}_${key}`]);
        assert.is(config.device.name, `${sensor.model} ${sensor.id}`);
        assert.is(`${config.device.manufacturer}-${config.device.model}`, sensor.model.includes('-') ? sensor.model : `rtl_433-${sensor.model}`);
        const state = Number(states.get(config.state_topic));
        assert.ok(Math.abs(state - value) < 1e-3, `${sensorKey} ${reading}: state ${state}, rtl_433 said ${value}`);
      }
    }
  });
});

test.run();
