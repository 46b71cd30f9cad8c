/**
 * The `mqtt` alert sink and the broker login, against a real Mosquitto that only lets a known
 * user in: the password comes from the environment and appears nowhere (log, messages,
 * status); a wrong one is reported and retried; the sink publishes only the alerts its filter
 * passes, on its own topic, and one raised while the broker is away is retried until it is back.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, type MessageRecord } from '@svc/core';
import { createTestService, waitUntil, type TestService } from '@svc/core/testing';
import mqttPlugin from '../index.js';
import { startMosquitto, subscribe, type TestBroker } from '../testing/index.js';

const PASSWORD = 's3cret-Pw-1883';
type Json = Record<string, any>;
let broker: TestBroker;
const logged: string[] = [];
const posted: string[] = [];

test.before(async () => {
  broker = await startMosquitto({ users: { svc: PASSWORD, reader: 'reader-pw' } });
});
test.after(() => broker.stop());

async function service(password: string, extra: Record<string, string | string[]> = {}): Promise<TestService> {
  process.env.SVC_MQTT_PASSWORD = password;
  try {
    const t = await createTestService({
      plugins: [mqttPlugin],
      log: createLogger({ level: 'debug', write: (line) => void logged.push(line) }),
      config: { server_name: 'lab', mqtt_broker: broker.url, mqtt_username: 'svc', ...extra },
    });
    t.svc.events.subscribe('MESSAGE', (_topic, record) => void posted.push((record as MessageRecord)['svc.messagebus.message_string']));
    await t.svc.start();
    return t;
  } finally {
    delete process.env.SVC_MQTT_PASSWORD;
  }
}
const status = async (t: TestService) => (await (await t.request('/mqtt/status.json')).json()) as Json;

test('a wrong password is reported and retried, and never shown', async () => {
  const t = await service('wrong-password');
  await waitUntil('the refusal is reported', () => posted.some((text) => text.startsWith('MQTT: cannot connect')), { timeoutMs: 10_000 });
  const record = await status(t);
  assert.is.not(record['svc.mqtt.state'], 'connected');
  assert.match(record['svc.mqtt.last_error'], /Not authorized/i);
  assert.match(posted.find((text) => text.startsWith('MQTT: cannot connect'))!, /Not authorized.*retrying with back-off/i);
  await t.close();
  for (const text of [...logged, ...posted, JSON.stringify(record)]) assert.not.ok(text.includes('wrong-password'), text);
});

test('the right password from the environment connects; the mqtt sink publishes what its filter passes', async () => {
  const reader = await subscribe(broker, ['alarms/#', 'svc/lab/alert_sinks/#'], { user: 'reader', password: 'reader-pw' });
  const t = await service(PASSWORD, {
    alert_sink: ['mqtt:topic=alarms/critical,severity=critical,name=pager,retries=10,retry_delay=0.2', 'mqtt:headers=MQTTSINK,name=all'],
  });
  await waitUntil('connected', async () => (await status(t))['svc.mqtt.state'] === 'connected');
  t.svc.alerts.define({ name: 'MQTTSINK', description: 'sink test', throttle: '100/sec', burst: '100/sec', severity: 20 });
  t.svc.alerts.define({ name: 'MQTTLOW', description: 'sink test', throttle: '100/sec', burst: '100/sec', severity: 5 });
  const critical = t.svc.alerts.raise({ name: 'MQTTSINK', text: 'page someone' });
  t.svc.alerts.raise({ name: 'MQTTLOW', text: 'not for the pager' });
  await waitUntil('the pager alert arrives', () => reader.on('alarms/critical').length === 1 && reader.on('svc/lab/alert_sinks/all').length === 1);
  assert.equal(JSON.parse(reader.on('alarms/critical')[0]!.payload), critical);
  assert.equal(JSON.parse(reader.on('svc/lab/alert_sinks/all')[0]!.payload), critical, 'the default topic is under the prefix');
  const sinkRecords = async () => (await (await t.request('/alerts/sinks.json')).json()) as Json[];
  await waitUntil('the pager counts it', async () => (await sinkRecords())[0]!['svc.alert.sink.sent'] === 1);
  const sinks = await sinkRecords();
  const pager = sinks.find((sink) => sink['svc.alert.sink.name'] === 'pager')!;
  assert.is(pager['svc.alert.sink.type'], 'mqtt');
  assert.is(pager['svc.alert.sink.sent'], 1);
  assert.is(pager['svc.alert.sink.target'], `${broker.url} alarms/critical`);

  await broker.kill();
  await waitUntil('svc notices', async () => (await status(t))['svc.mqtt.state'] !== 'connected');
  t.svc.alerts.raise({ name: 'MQTTSINK', text: 'while the broker is away' });
  await waitUntil('the pager retries', async () => ((await (await t.request('/alerts/sinks.json')).json()) as Json[])[0]!['svc.alert.sink.failed_attempts'] > 0);
  await broker.restart();
  const back = await subscribe(broker, ['alarms/#'], { user: 'reader', password: 'reader-pw' });
  await waitUntil('the retried alert arrives', () => back.on('alarms/critical').some((message) => JSON.parse(message.payload)['svc.alert.text'] === 'while the broker is away'), { timeoutMs: 30_000 });
  await back.stop();
  await reader.stop();
  const record = await status(t);
  await t.close();
  for (const text of [...logged, ...posted, JSON.stringify(record), JSON.stringify(sinks)]) assert.not.ok(text.includes(PASSWORD), `the password is not in: ${text}`);
});

test('an mqtt sink without mqtt_broker is a startup error', async () => {
  try {
    await createTestService({ plugins: [mqttPlugin], config: { alert_sink: 'mqtt:topic=x' } });
    assert.unreachable();
  } catch (error) {
    assert.match((error as Error).message, /command line: .*alert_sink mqtt: the mqtt sink publishes through MQTT out: set mqtt_broker/);
  }
});

test.run();
