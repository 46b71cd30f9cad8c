/**
 * MQTT out against a real Mosquitto: a test service with the rtl433 and MQTT plugins replays
 * an rtl_433 recording through the real `rtl_433`, raises an alert, and a real `mosquitto_sub`
 * must see every documented topic: status, device states with the configured fields, alert
 * events and states, messages, datasource events and states, sensor events and readings. A
 * subscriber that connects afterwards gets the states, retained. The suite runs on a shared
 * real recording (when the real data is there) and on svc's synthetic recording, which has a
 * sensor of every class, several reporting twice.
 */
import { suite, type Test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, type Datasource } from '@svc/core';
import { createTestService, hasRealData, projectDataPath, realDataPath, realDataTest, waitUntil, type TestService } from '@svc/core/testing';
import rtl433Plugin from '@svc/plugin-sdr-rtl433';
import { SYNTHETIC_RECORDING, SYNTHETIC_REFERENCE } from '@svc/plugin-sdr-rtl433/synthetic';
import { expectedSensorName, messagesBySensor, readRtl433Lines, withoutTime, type ReferenceMessage } from '@svc/plugin-sdr-rtl433/testing';
import mqttPlugin, { getMqttOut } from '../index.js';
import { startMosquitto, subscribe, type TestBroker, type TestSubscriber } from '../testing/index.js';
import { expectedEntityReadings } from './expected-entities.test-helper.js';

/** A recording the suite replays and its reference, rtl_433's output for it. */
interface Recording {
  readonly path: string;
  readonly reference: string;
}

/**
 * The suite on one recording; `register` registers its tests (a real-data test when the
 * recording is in the real data) and `available` says whether there is anything to set up.
 */
function mqttOutSuite(name: string, recording: Recording, register: (test: Test, name: string, fn: () => Promise<void>) => void, available: () => boolean): void {
  const test = suite(name);
  let broker: TestBroker | undefined;
  let live: TestSubscriber;
  let t: TestService;
  let ended = false;
  let reference: ReferenceMessage[];
  let source: Datasource;

  const mqttStatus = async () => (await (await t.request('/mqtt/status.json')).json()) as Record<string, any>;
  /** Device key of each sensor of the reference that svc tracks, by model/id: the device named as Kismet names the sensor. */
  const sensorKeys = () => {
    const byName = new Map([...t.svc.devices.devices()].map((device) => [device.name, device.key]));
    return new Map([...messagesBySensor(reference)].flatMap(([sensor, messages]) => {
      const key = byName.get(expectedSensorName(messages[0]!));
      return key === undefined ? [] : [[sensor, key] as const];
    }));
  };

  test.before(async () => {
    if (!available()) return;
    reference = readRtl433Lines(recording.reference);
    broker = await startMosquitto();
    live = await subscribe(broker, ['svc/lab/#']);
    t = await createTestService({
      plugins: [rtl433Plugin, mqttPlugin],
      log: createLogger({ write: () => {} }),
      config: {
        server_name: 'lab',
        mqtt_broker: broker.url,
        mqtt_device_interval: '0.2',
        mqtt_device_fields: 'svc.device.base.key,svc.device.base.commonname,svc.device.base.phyname,sensor.device/sensor.device.common/sensor.device.model',
      },
    });
    t.svc.events.subscribe('DATASOURCE_ENDED', () => void (ended = true));
    await t.svc.start();
    await waitUntil('MQTT out is connected', async () => (await mqttStatus())['svc.mqtt.state'] === 'connected');
  });

  test.after(async () => {
    if (!broker) return;
    await t.close();
    await live.stop();
    await broker.stop();
  });

  register(test, 'a subscriber sees the status, each sensor as a device and as readings, its events, and the datasource', async () => {
    source = await t.svc.datasources.add(`${recording.path}:type=rtl433,name=replayed`);
    await waitUntil('the replay ends', () => ended, { timeoutMs: 20_000 });
    const sensors = messagesBySensor(reference);
    const keys = sensorKeys();
    assert.equal([...keys.keys()].sort(), [...sensors.keys()].sort(), 'every sensor is tracked');
    await waitUntil('the device states arrive', () => [...keys.values()].every((key) => live.on(`svc/lab/devices/${key}`).length > 0), {
      timeoutMs: 15_000,
      detail: () => JSON.stringify(live.messages.map((message) => message.topic)),
    });

    assert.equal(live.on('svc/lab/status').map((message) => message.payload), ['online']);
    for (const [sensor, messages] of sensors) {
      const key = keys.get(sensor)!;
      assert.equal(JSON.parse(live.on(`svc/lab/devices/${key}`).at(-1)!.payload), {
        'svc.device.base.key': key,
        'svc.device.base.commonname': expectedSensorName(messages[0]!),
        'svc.device.base.phyname': 'RFSENSOR',
        'sensor.device.model': expectedSensorName(messages[0]!),
      });
      // One reading per message and reading class, in svc's unit.
      for (const reading of new Set(messages.flatMap((message) => Object.keys(expectedEntityReadings(message))))) {
        const values = messages.map((message) => expectedEntityReadings(message)[reading]?.[0]).filter((value) => value !== undefined);
        assert.equal(live.on(`svc/lab/sensors/${key}/${reading}`).map((message) => Number(message.payload)), values, `${sensor} ${reading}`);
      }
    }

    // One sensor event per message, in order, carrying rtl_433's message; svc runs rtl_433 with -M level, which adds the modulation and signal levels.
    const level = ['time', 'mod', 'freq', 'freq1', 'freq2', 'rssi', 'snr', 'noise'];
    const events = live.on('svc/lab/events/sensor').map((event) => JSON.parse(event.payload));
    assert.is(events.length, reference.length, 'a sensor event per message');
    events.forEach((event, index) => {
      const message = reference[index]!;
      assert.is(event['svc.device.base.key'], keys.get(`${message.model}/${message.id}`));
      assert.is(event['svc.datasource.uuid'], source.uuid);
      assert.equal(Object.fromEntries(Object.entries(event.rtl433).filter(([field]) => !level.includes(field))), withoutTime(message), 'the event carries rtl_433’s message');
    });

    const datasourceEvents = live.on('svc/lab/events/datasource').map((message) => JSON.parse(message.payload));
    assert.equal(datasourceEvents.map((record) => record.event).slice(0, 2), ['NEW_DATASOURCE', 'DATASOURCE_OPENED']);
    assert.ok(datasourceEvents.some((record) => record.event === 'DATASOURCE_ENDED'));
    assert.is(datasourceEvents[0]['svc.datasource.uuid'], source.uuid);
    assert.is(datasourceEvents[0]['svc.datasource.type'], 'rtl433');
    const state = JSON.parse(live.on(`svc/lab/datasources/${source.uuid}`).at(-1)!.payload);
    assert.is(state['svc.datasource.name'], 'replayed');
    assert.ok(live.on('svc/lab/events/message').some((message) => JSON.parse(message.payload)['svc.messagebus.message_string'].includes('replayed')), 'messages are published');
  });

  register(test, 'alerts are published as events and as the retained last alert of their name', async () => {
    t.svc.alerts.define({ name: 'MQTTTEST', description: 'test', throttle: '10/sec', burst: '10/sec', severity: 10 });
    const raised = t.svc.alerts.raise({ name: 'MQTTTEST', text: 'over MQTT', sourceMac: '02:00:00:00:00:01' });
    await waitUntil('the alert arrives', () => live.on('svc/lab/alerts/MQTTTEST').length > 0);
    assert.equal(JSON.parse(live.on('svc/lab/events/alert').at(-1)!.payload), raised);
    assert.equal(JSON.parse(live.on('svc/lab/alerts/MQTTTEST')[0]!.payload), raised);
    assert.ok(live.on('svc/lab/events/message').some((message) => JSON.parse(message.payload)['svc.messagebus.message_string'] === 'ALERT MQTTTEST: over MQTT'));
  });

  register(test, 'a subscriber that comes later gets the states, retained, and no events', async () => {
    const late = await subscribe(broker!, ['svc/lab/#']);
    const keys = sensorKeys();
    const retained = [...messagesBySensor(reference)].flatMap(([sensor, messages]) => [
      `svc/lab/devices/${keys.get(sensor)}`,
      ...Object.keys(expectedEntityReadings(messages.at(-1)!)).map((reading) => `svc/lab/sensors/${keys.get(sensor)}/${reading}`),
    ]);
    await waitUntil('the retained states arrive', () => [...retained, 'svc/lab/alerts/MQTTTEST'].every((topic) => late.on(topic).length > 0), { timeoutMs: 15_000 });
    await late.stop();
    for (const message of late.messages) assert.is(message.retain, 1, `${message.topic} is retained`);
    const topics = new Set(late.messages.map((message) => message.topic));
    for (const topic of ['svc/lab/status', ...retained, 'svc/lab/alerts/MQTTTEST']) assert.ok(topics.has(topic), topic);
    assert.not.ok([...topics].some((topic) => topic.startsWith('svc/lab/events/')), 'events are not retained');
    const record = await mqttStatus();
    assert.is(record['svc.mqtt.dropped'], 0);
    const publisher = getMqttOut(t.svc)!.publisher;
    assert.ok(publisher.sent >= record['svc.mqtt.sent'], 'the counters are plain getters too (for metrics)');
    assert.is(publisher.dropped, 0);
    assert.ok(record['svc.mqtt.sent'] >= live.messages.length, 'the sent count covers what the subscriber saw');
  });

  test.run();
}

const FINEOFFSET = ['rtl433/fineoffset__01__gfile001.cu8', 'rtl433/fineoffset__01__gfile001.rtl433.jsonl'];
mqttOutSuite(
  'a shared real recording (Fine Offset WH2)',
  { path: realDataPath(FINEOFFSET[0]!), reference: realDataPath(FINEOFFSET[1]!) },
  (test, name, fn) => realDataTest(test, name, FINEOFFSET, fn),
  () => hasRealData(FINEOFFSET),
);
mqttOutSuite(
  "svc's synthetic recording (every sensor class)",
  { path: projectDataPath('rtl433', SYNTHETIC_RECORDING), reference: projectDataPath('rtl433', SYNTHETIC_REFERENCE) },
  (test, name, fn) => test(name, fn),
  () => true,
);
