/**
 * The whole plugin over every recording, against the real Debian `rtl_433`: each `.cu8` is
 * replayed by an `rtl433` source (which runs `rtl_433 -r`) into a test service, and the sensors
 * are read back through the REST API. They must be exactly the sensors of the `*.rtl433.jsonl`
 * reference (rtl_433's own output for that file): same models and ids (named as Kismet names
 * them), the same number of messages each, and the readings of each sensor's last message in
 * Kismet's sensor classes (humidity in the moisture sensor), in svc's units. The shared
 * real recordings run when the real data is there; svc's own synthetic recording, a sensor of
 * every class, always runs, and its reference must also be the generator's ground truth.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '@svc/core';
import { createTestService, projectDataPath, realDataFiles, realDataPath, realDataTest, waitUntil, type TestService } from '@svc/core/testing';
import rtl433Plugin, { RFSENSOR_PHY_NAME } from './index.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rtl433Output } from './reference/rtl433-output.js';
import { CU8_CARRIER_FREQUENCY, renderCu8 } from './synthetic/cu8-recording.js';
import { springfieldSoil } from './synthetic/protocols/springfield-soil.js';
import { SYNTHETIC_GROUND_TRUTH, SYNTHETIC_RECORDING, SYNTHETIC_REFERENCE } from './synthetic/synthetic-data.js';
import { expectedReadings, readPath } from './testing/expected-readings.js';
import { expectedSensorName, messagesBySensor, readRtl433Lines, withoutTime, type ReferenceMessage } from './testing/rtl433-reference.js';

type Json = Record<string, any>;

let t: TestService;
/** Names of the sources whose replay ended (DATASOURCE_ENDED). */
let ended: string[];
test.before.each(async () => {
  ended = [];
  t = await createTestService({ plugins: [rtl433Plugin], log: createLogger({ write: () => {} }) });
  t.svc.events.subscribe('DATASOURCE_ENDED', (_topic, record) => void ended.push(String((record as Json)['svc.datasource.name'])));
});
test.after.each(() => t.close());

const close = (actual: unknown, expected: number, what: string) =>
  assert.ok(typeof actual === 'number' && Math.abs(actual - expected) < 1e-3, `${what}: ${String(actual)} should be ${expected}`);

/** Replays `recording` and checks the sensors svc serves against `reference`, rtl_433's output for it. */
async function sensorsMatchReference(recording: string, name: string, reference: readonly ReferenceMessage[]): Promise<void> {
  const source = await t.svc.datasources.add(`${recording}:type=rtl433,name=${name}`);
  await waitUntil(`the replay of ${name} ends`, () => ended.includes(name), { timeoutMs: 20_000 });
  assert.is(source.numPackets, reference.length, 'one packet per rtl_433 message');
  assert.is(source.numErrorPackets, 0);

  const response = await t.request(`/devices/views/seenby-${source.uuid}/devices.json`);
  const devices = response.status === 200 ? ((await response.json()) as Json[]) : [];
  const sensors = messagesBySensor(reference);
  const byName = new Map(devices.map((device) => [device['svc.device.base.name'] as string, device]));
  const expectedNames = [...sensors.values()].map((messages) => expectedSensorName(messages[0]!));
  assert.equal([...byName.keys()].sort(), expectedNames.sort(), "one device per sensor (model and id), named as Kismet names it");

  for (const [key, messages] of sensors) {
    const last = messages.at(-1)!;
    const device = byName.get(expectedSensorName(last))!;
    assert.is(device['svc.device.base.phyname'], RFSENSOR_PHY_NAME);
    assert.is(device['svc.device.base.type'], 'Sensor');
    assert.ok((device['svc.device.base.key'] as string).startsWith('7202E60A00000000_'), key);
    assert.is(device['svc.device.base.packets.total'], messages.length, `${key}: messages`);
    const sensor = device['sensor.device'];
    assert.is(sensor['sensor.device.common']['sensor.device.model'], expectedSensorName(messages[0]!), `${key}: Kismet's model field is the name`);
    if (last.channel !== undefined) assert.is(sensor['sensor.device.common']['sensor.device.subchannel'], String(last.channel), `${key}: channel`);
    // Kismet keeps battery_ok as the number rtl_433 printed.
    if (last.battery_ok !== undefined) assert.is(sensor['sensor.device.common']['sensor.device.battery'], String(last.battery_ok), `${key}: battery`);
    for (const [path, value] of Object.entries(expectedReadings(last))) {
      if (typeof value === 'number') close(readPath(sensor, path), value, `${key}: ${path}`);
      else assert.is(readPath(sensor, path), value, `${key}: ${path}`);
    }
    assert.equal(
      Object.fromEntries(Object.entries(JSON.parse(sensor['sensor.device.common']['sensor.device.last_record'])).filter(([field]) => !['time', 'mod', 'freq', 'freq1', 'freq2', 'rssi', 'snr', 'noise'].includes(field))),
      withoutTime(last),
      `${key}: the last message is kept as rtl_433 printed it`,
    );
  }
}

for (const name of realDataFiles('rtl433', /\.cu8$/)) {
  const reference = `rtl433/${name.replace(/\.cu8$/, '.rtl433.jsonl')}`;
  realDataTest(test, `${name}: the sensors svc tracks equal rtl_433's own output`, [`rtl433/${name}`, reference], () =>
    sensorsMatchReference(realDataPath('rtl433', name), name, readRtl433Lines(realDataPath(reference))),
  );
}

test(`${SYNTHETIC_RECORDING} (svc's own, every sensor class): the sensors svc tracks equal rtl_433's own output, which is the generator's ground truth, heard on the recording's carrier`, async () => {
  const reference = readRtl433Lines(projectDataPath('rtl433', SYNTHETIC_REFERENCE));
  assert.equal(reference.map(withoutTime), readRtl433Lines(projectDataPath('rtl433', SYNTHETIC_GROUND_TRUTH)));
  await sensorsMatchReference(projectDataPath('rtl433', SYNTHETIC_RECORDING), SYNTHETIC_RECORDING, reference);
  // rtl_433 -M level measures each transmission's frequency; svc keeps it in kHz.
  for (const device of (await (await t.request(`/devices/views/phy-${RFSENSOR_PHY_NAME}/devices.json`)).json()) as Json[]) {
    const khz = device['svc.device.base.frequency'];
    assert.ok(Math.abs(khz - CU8_CARRIER_FREQUENCY / 1000) < 10, `${device['svc.device.base.name']} heard at ${khz} kHz`);
  }
});

test("svc's soil probes on the air (Springfield-Soil, the `moisture` key): rtl_433 decodes what was sent, and the probes' moisture lands in Kismet's moisture sensor", async () => {
  const scene = [
    springfieldSoil({ id: 71, channel: 1, batteryOk: true, temperatureC: 21.4, moisture: 40 }),
    springfieldSoil({ id: 200, channel: 3, batteryOk: false, temperatureC: -4.7, moisture: 90 }),
    springfieldSoil({ id: 71, channel: 1, batteryOk: true, temperatureC: 21.6, moisture: 50 }),
  ];
  const directory = mkdtempSync(join(tmpdir(), 'svc-soil-'));
  try {
    const recording = join(directory, 'soil.cu8');
    writeFileSync(recording, renderCu8(scene, { leadIn: 10_000, silence: 20_000, seed: 71 }));
    const reference = rtl433Output(recording).toString().split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as ReferenceMessage);
    assert.equal(reference.map(withoutTime), scene.map(({ message }) => message), 'rtl_433 prints exactly what the probes sent');
    await sensorsMatchReference(recording, 'soil.cu8', reference);
    const probes = (await (await t.request('/devices/views/sensor-moisture/devices.json')).json()) as Json[];
    const probe = probes.find((device) => device['svc.device.base.name'] === 'Springfield-Soil-71');
    const history = probe!['sensor.device']['sensor.device.moisturesensor']['sensor.device.moisture_rrd'];
    const seconds = history['svc.common.rrd.minute_vec'] as number[];
    assert.ok(seconds.includes(45) || (seconds.includes(40) && seconds.includes(50)), `both readings of probe 71 in its history (their mean when heard in one second): ${seconds.join()}`);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test.run();
