/**
 * The broker killed mid-ingest and started again: a test source feeds devices without pause
 * while Mosquitto is killed with SIGKILL. svc must keep ingesting, keep at most
 * `mqtt_queue_max` messages (dropping the oldest, each drop counted), reconnect by itself once
 * the broker is back, and then deliver the newest messages and the devices' latest states.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, type MessageRecord } from '@svc/core';
import { createTestDatasource, createTestService, promtoolCheck, seriesValue, testPhyPlugin, type TestService, waitUntil } from '@svc/core/testing';
import mqttPlugin from '../index.js';
import { startMosquitto, subscribe, type TestBroker } from '../testing/index.js';

const QUEUE_MAX = 50;
let broker: TestBroker;
let t: TestService;

test.before(async () => {
  broker = await startMosquitto();
  const datasource = createTestDatasource();
  t = await createTestService({
    plugins: [testPhyPlugin, datasource.plugin, mqttPlugin],
    log: createLogger({ write: () => {} }),
    config: { server_name: 'lab', mqtt_broker: broker.url, mqtt_queue_max: String(QUEUE_MAX), mqtt_device_interval: '0.2' },
  });
  await t.svc.start();
});

test.after(async () => {
  await t.close();
  await broker.stop();
});

type Json = Record<string, any>;
const status = async () => (await (await t.request('/mqtt/status.json')).json()) as Json;

test('killed and restarted mid-ingest: ingest goes on, the queue stays at its bound, drops are counted, svc reconnects', async () => {
  const posted: string[] = [];
  t.svc.events.subscribe('MESSAGE', (_topic, record) => void posted.push((record as MessageRecord)['svc.messagebus.message_string']));
  const source = await t.svc.datasources.add('testsource-1:pps=2000,devices=200');
  await waitUntil('devices are published', async () => (await status())['svc.mqtt.sent'] > 200, { timeoutMs: 10_000 });

  // What MQTT out queues while the broker is away, counted from the events it publishes.
  let queuedByEvents = 0;
  const perTopic: Record<string, number> = { ALERT: 2, MESSAGE: 1 };
  const unsubscribe = t.svc.events.subscribe('*', (topic) => (queuedByEvents += perTopic[topic] ?? (topic.startsWith('DATASOURCE_') || topic === 'NEW_DATASOURCE' ? 2 : 0)));

  await broker.kill();
  await waitUntil('svc notices the broker is gone', async () => (await status())['svc.mqtt.state'] !== 'connected');
  const down = await status();
  queuedByEvents = 0;
  const packetsAtKill = source.numPackets;

  t.svc.alerts.define({ name: 'OUTAGE', description: 'raised while the broker is away', throttle: '1000/sec', burst: '1000/sec', severity: 10 });
  const depths: number[] = [];
  for (let i = 0; i < 200; i++) {
    t.svc.alerts.raise({ name: 'OUTAGE', text: `alert ${i}` });
    if (i % 20 === 0) depths.push((await status())['svc.mqtt.queued']);
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const full = await status();
  unsubscribe();
  assert.ok(source.numPackets > packetsAtKill + 500, `ingest went on while the broker was away (${source.numPackets - packetsAtKill} packets)`);
  for (const depth of [...depths, full['svc.mqtt.queued']]) assert.ok(depth <= QUEUE_MAX, `the queue holds ${depth} messages, at most ${QUEUE_MAX}`);
  assert.is(full['svc.mqtt.queued'], QUEUE_MAX, 'the queue is full');
  assert.is(full['svc.mqtt.sent'], down['svc.mqtt.sent'], 'nothing was sent meanwhile');
  assert.is(full['svc.mqtt.dropped'] - down['svc.mqtt.dropped'], down['svc.mqtt.queued'] + queuedByEvents - QUEUE_MAX, 'every message not kept was counted as dropped');
  assert.ok(full['svc.mqtt.devices_pending'] > 0, 'changed devices wait outside the queue');
  const metrics = await (await t.request('/metrics')).text();
  assert.is(promtoolCheck(metrics).status, 0, promtoolCheck(metrics).output);
  assert.is(seriesValue(metrics, 'svc_mqtt_connected'), 0, '/metrics says the broker is away');
  assert.is(seriesValue(metrics, 'svc_mqtt_queue_messages'), QUEUE_MAX, '/metrics shows the full queue');
  assert.is(seriesValue(metrics, 'svc_mqtt_queue_max_messages'), QUEUE_MAX);
  assert.ok(Math.abs(seriesValue(metrics, 'svc_mqtt_dropped_total')! - full['svc.mqtt.dropped']) <= 5, `/metrics counts the drops as status does (${seriesValue(metrics, 'svc_mqtt_dropped_total')} / ${full['svc.mqtt.dropped']})`);

  await broker.restart();
  const late = await subscribe(broker, ['svc/lab/#']);
  // Stopped whatever happens: a subscriber left open would keep the test process alive.
  try {
    await waitUntil('svc reconnects and drains its queue', async () => {
      const record = await status();
      return record['svc.mqtt.state'] === 'connected' && record['svc.mqtt.queued'] === 0;
    }, { timeoutMs: 40_000 });
    const back = await status();
    assert.is(back['svc.mqtt.connections'], 2);
    // The queue is drained when svc has handed it to the broker; the subscriber may still be
    // receiving it, so wait for the newest alert itself (it never comes if it was not kept).
    const alertTexts = () => late.on('svc/lab/alerts/OUTAGE').map((message) => JSON.parse(message.payload)['svc.alert.text'] as string);
    await waitUntil('the newest alert arrives', () => alertTexts().includes('alert 199'), { timeoutMs: 5000 });
    assert.is(alertTexts().at(-1), 'alert 199', 'the newest messages were kept, the newest last');
    const events = late.on('svc/lab/events/alert').map((message) => JSON.parse(message.payload)['svc.alert.text'] as string);
    assert.not.ok(events.includes('alert 0'), 'the oldest were dropped');
    const restartedAt = Date.now() / 1000 - 60;
    await waitUntil('device states flow again', () => late.messages.some((message) => message.topic.startsWith('svc/lab/devices/') && JSON.parse(message.payload)['svc.device.base.last_time'] > restartedAt), { timeoutMs: 5000 });
    assert.ok(late.on('svc/lab/status').some((message) => message.payload === 'online'), JSON.stringify(late.messages.filter((message) => !message.topic.includes('/devices/')).map((message) => message.topic)));
  } finally {
    await late.stop();
  }

  const messages = posted;
  assert.ok(messages.some((text) => /^MQTT: lost the connection to mqtt:\/\/127\.0\.0\.1:\d+ /.test(text)), 'the loss is reported');
  assert.ok(messages.some((text) => /^MQTT: connected to .* again after \d+ failed attempts; \d+ messages were dropped meanwhile/.test(text)), 'the return is reported with the drops');
});

test.run();
