/**
 * `mqtts://` against a real Mosquitto that speaks only TLS, with a certificate for 127.0.0.1
 * signed by a CA made for the test (the real `openssl`): with `mqtt_ca_file` naming that CA,
 * MQTT out and an `mqtt` source connect; without it the certificate is refused, and the
 * refusal is reported and retried.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, type MessageRecord } from '@svc/core';
import { createTestService, waitUntil } from '@svc/core/testing';
import bluetoothPlugin from '@svc/plugin-bluetooth';
import serialPlugin from '@svc/plugin-serial';
import mqttPlugin from '../index.js';
import { publish, startMosquitto, subscribe, type TestBroker } from '../testing/index.js';

let broker: TestBroker;
test.before(async () => {
  broker = await startMosquitto({ tls: true });
});
test.after(() => broker.stop());

const quiet = createLogger({ write: () => {} });

test('with the CA, MQTT out and an mqtt source connect over TLS', async () => {
  assert.match(broker.url, /^mqtts:\/\/127\.0\.0\.1:\d+$/);
  const subscriber = await subscribe(broker, ['svc/tls/#']);
  const t = await createTestService({ plugins: [serialPlugin, bluetoothPlugin, mqttPlugin], log: quiet, config: { server_name: 'tls', mqtt_broker: broker.url, mqtt_ca_file: broker.caFile! } });
  await t.svc.start();
  await waitUntil('online arrives over TLS', () => subscriber.on('svc/tls/status').some((message) => message.payload === 'online'));
  const response = await t.command('/datasource/add_source.cmd', { definition: `mqtt:broker=${broker.url},topic=tls/#,name=tls` });
  assert.is(response.status, 200);
  const source = t.svc.datasources.list().find((candidate) => candidate.name === 'tls')!;
  await waitUntil('the source is subscribed', () => source.state === 'running', { detail: () => source.errorReason });
  publish(broker, 'tls/ble', JSON.stringify({ phy: 'BTLE', mac: 'C0:FF:EE:00:10:01', rssi: -50 }));
  await waitUntil('the device arrives over TLS', () => t.svc.devices.byMac(0xc0ffee001001).length === 1);
  await t.close();
  await subscriber.stop();
});

test('without the CA the broker certificate is refused, reported and retried', async () => {
  const posted: string[] = [];
  const t = await createTestService({ plugins: [mqttPlugin], log: quiet, config: { mqtt_broker: broker.url } });
  t.svc.events.subscribe('MESSAGE', (_topic, record) => void posted.push((record as MessageRecord)['svc.messagebus.message_string']));
  await t.svc.start();
  await waitUntil('the refusal is reported', () => posted.some((text) => text.startsWith('MQTT: cannot connect')));
  const status = (await (await t.request('/mqtt/status.json')).json()) as Record<string, string>;
  assert.is(status['svc.mqtt.state'] === 'connected', false);
  assert.match(status['svc.mqtt.last_error'], /certificate/i);
  await t.close();
});

test.run();
