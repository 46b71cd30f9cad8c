import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, isSvcError, loadConfig } from '@svc/core';
import { createTestService, mutateText, seededRandom } from '@svc/core/testing';
import mqttPlugin from '../index.js';
import { parseBrokerAddress } from '../broker/broker-address.js';
import { readMqttOutSettings } from './mqtt-settings.js';

const settings = (overrides: Record<string, string>) => readMqttOutSettings(loadConfig({ configDir: '/nonexistent-svc-test', overrides }), 'ABCDEF12-0000-0000-0000-000000000000');

test('defaults that work: only mqtt_broker is needed', () => {
  assert.is(settings({}), undefined, 'MQTT out is off without a broker');
  const out = settings({ mqtt_broker: 'broker.lan', server_name: 'roof top' })!;
  assert.equal(out.address, { url: 'mqtt://broker.lan:1883', tls: false, host: 'broker.lan', port: 1883 });
  assert.is(out.prefix, 'svc/roof_top');
  assert.is(out.clientId, 'svc-roof_top-abcdef12');
  assert.is(out.qos, 1);
  assert.is(out.queueMax, 10_000);
  assert.is(out.deviceInterval, 10);
  assert.is(out.homeAssistant, false);
  assert.is(out.deviceFields[0]!.outputName, 'svc.device.base.key');
  assert.is(settings({ mqtt_broker: 'mqtts://broker.lan' })!.address.port, 8883);
  const aliased = settings({ mqtt_broker: 'mqtt://h', mqtt_device_fields: '["svc.device.base.key", ["svc.device.base.signal/svc.common.signal.last_signal", "rssi"]]' })!;
  assert.equal(aliased.deviceFields.map((spec) => spec.outputName), ['svc.device.base.key', 'rssi']);
});

test('bad values name the key and what it takes', () => {
  for (const [overrides, pattern] of [
    [{ mqtt_broker: 'mqtt://svc:hunter2@h' }, /mqtt_broker: put no user or password in the broker URL/],
    [{ mqtt_broker: 'ws://h' }, /must be mqtt:\/\/ or mqtts:\/\//],
    [{ mqtt_broker: 'mqtt://h/topic' }, /scheme, host and port only/],
    [{ mqtt_broker: 'mqtt://h', mqtt_queue_max: '5' }, /mqtt_queue_max must be an integer >= 10/],
    [{ mqtt_broker: 'mqtt://h', mqtt_qos: '2' }, /mqtt_qos must be an integer >= 0 <= 1/],
    [{ mqtt_broker: 'mqtt://h', mqtt_device_interval: '0' }, /mqtt_device_interval must be a number >= 0.1/],
    [{ mqtt_broker: 'mqtt://h', mqtt_topic_prefix: 'svc/#' }, /mqtt_topic_prefix 'svc\/#' cannot start topics/],
    [{ mqtt_broker: 'mqtt://h', mqtt_device_fields: '[svc.device' }, /not a JSON list/],
    [{ mqtt_broker: 'mqtt://h', mqtt_device_fields: '[["a"]]' }, /mqtt_device_fields: fields\[0\]/],
    [{ mqtt_broker: 'mqtt://h', mqtt_homeassistant: 'maybe' }, /mqtt_homeassistant must be true or false/],
  ] as const) {
    try {
      settings(overrides);
      assert.unreachable(JSON.stringify(overrides));
    } catch (error) {
      assert.ok(isSvcError(error, 'SVC_ERR_CONFIG_VALUE'), String(error));
      assert.match((error as Error).message, pattern);
      assert.not.match((error as Error).message, /hunter2/);
    }
  }
});

test('a bad MQTT setting fails the plugin with the reason; svc runs on without it', async () => {
  const t = await createTestService({ plugins: [mqttPlugin], log: createLogger({ write: () => {} }), config: { mqtt_broker: 'mqtt://h', mqtt_qos: '7' } });
  const plugins = (await (await t.request('/system/plugins.json')).json()) as Record<string, string>[];
  const mqtt = plugins.find((plugin) => plugin['svc.plugin.name'] === '@svc/plugin-mqtt')!;
  assert.is(mqtt['svc.plugin.state'], 'failed');
  assert.match(mqtt['svc.plugin.error'], /mqtt_qos must be/);
  await t.close();
});

test('fuzz: broker addresses parse to scheme, host and port, or fail with the coded error', () => {
  const random = seededRandom(8883);
  for (let i = 0; i < 3000; i++) {
    const text = mutateText(i % 2 ? 'mqtts://broker.example:8883' : 'mqtt://[::1]:1883', random);
    try {
      const address = parseBrokerAddress(text, 'mqtt_broker', 'SVC_ERR_CONFIG_VALUE');
      assert.match(address.url, /^mqtts?:\/\/[^@/]+:\d+$/);
      assert.ok(address.port >= 1 && address.port <= 65535);
    } catch (error) {
      assert.ok(isSvcError(error, 'SVC_ERR_CONFIG_VALUE'), `${JSON.stringify(text)}: ${String(error)}`);
    }
  }
});

test.run();
