/**
 * The whole plugin over every recording in the test data, against the real Debian `rtl_433`:
 * each `.cu8` is replayed by an `rtl433` source (which runs `rtl_433 -r`) into a test service,
 * and the sensors are read back through the REST API. They must be exactly the sensors of the
 * `*.rtl433.jsonl` reference (rtl_433's own output for that file): same models and ids, the
 * same number of messages each, and the readings of each sensor's last message, in svc's units.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger } from '@svc/core';
import { createTestService, testDataPath, waitUntil, type TestService } from '@svc/core/testing';
import rtl433Plugin, { RTL433_PHY_NAME } from './index.js';

const recordings = testDataPath('rtl433');
const files = readdirSync(recordings).filter((name) => name.endsWith('.cu8'));

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

/** The readings svc must show for a message, converted here by hand from rtl_433's keys. */
function expectedReadings(message: Json): Record<string, number> {
  const expected: Record<string, number> = {};
  if (message.temperature_C !== undefined) expected['rtl433.device.thermometer/rtl433.device.temperature'] = message.temperature_C;
  else if (message.temperature_F !== undefined) expected['rtl433.device.thermometer/rtl433.device.temperature'] = ((message.temperature_F - 32) * 5) / 9;
  if (message.humidity !== undefined) expected['rtl433.device.thermometer/rtl433.device.humidity'] = message.humidity;
  const weather = 'rtl433.device.weatherstation/rtl433.device.weatherstation';
  if (message.wind_avg_km_h !== undefined) expected[`${weather}.wind_speed`] = message.wind_avg_km_h;
  if (message.wind_avg_m_s !== undefined) expected[`${weather}.wind_speed`] = message.wind_avg_m_s * 3.6;
  if (message.wind_max_km_h !== undefined) expected[`${weather}.wind_gust`] = message.wind_max_km_h;
  if (message.wind_max_m_s !== undefined) expected[`${weather}.wind_gust`] = message.wind_max_m_s * 3.6;
  if (message.wind_dir_deg !== undefined) expected[`${weather}.wind_dir`] = message.wind_dir_deg;
  if (message.rain_mm !== undefined) expected[`${weather}.rain`] = message.rain_mm;
  if (message.rain_in !== undefined) expected[`${weather}.rain`] = message.rain_in * 25.4;
  if (message.pressure_hPa !== undefined) expected[`${weather}.pressure`] = message.pressure_hPa;
  return expected;
}

const read = (record: Json, path: string) => path.split('/').reduce<any>((value, key) => value?.[key], record);

for (const name of files) {
  test(`${name}: the sensors svc tracks equal rtl_433's own output`, async () => {
    const reference = readFileSync(join(recordings, name.replace(/\.cu8$/, '.rtl433.jsonl')), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Json);
    const source = await t.svc.datasources.add(`${join(recordings, name)}:type=rtl433,name=${name}`);
    await waitUntil(`the replay of ${name} ends`, () => ended.includes(name), { timeoutMs: 20_000 });
    assert.is(source.numPackets, reference.length, 'one packet per rtl_433 message');
    assert.is(source.numErrorPackets, 0);

    const response = await t.request(`/devices/views/seenby-${source.uuid}/devices.json`);
    const devices = response.status === 200 ? ((await response.json()) as Json[]) : [];
    const sensors = new Map<string, Json[]>();
    for (const message of reference) {
      const key = `${message.model}/${message.id ?? message.device ?? 0}`;
      sensors.set(key, [...(sensors.get(key) ?? []), message]);
    }
    const byKey = new Map(
      devices.map((device) => {
        const common = device['rtl433.device']['rtl433.device.common'];
        return [`${common['rtl433.device.model']}/${common['rtl433.device.id']}`, device];
      }),
    );
    assert.equal([...byKey.keys()].sort(), [...sensors.keys()].sort(), 'one device per sensor (model and id)');

    for (const [key, messages] of sensors) {
      const device = byKey.get(key)!;
      const last = messages.at(-1)!;
      assert.is(device['svc.device.base.phyname'], RTL433_PHY_NAME);
      assert.is(device['svc.device.base.type'], 'Sensor');
      assert.is(device['svc.device.base.name'], last.model);
      assert.ok((device['svc.device.base.key'] as string).startsWith('8C01F50500000000_'), key);
      assert.is(device['svc.device.base.packets.total'], messages.length, `${key}: messages`);
      const sensor = device['rtl433.device'];
      if (last.channel !== undefined) assert.is(sensor['rtl433.device.common']['rtl433.device.rtlchannel'], String(last.channel), `${key}: channel`);
      if (last.battery_ok !== undefined) assert.is(sensor['rtl433.device.common']['rtl433.device.battery'], last.battery_ok ? 'OK' : 'LOW', `${key}: battery`);
      for (const [path, value] of Object.entries(expectedReadings(last))) close(read(sensor, path), value, `${key}: ${path}`);
      assert.equal(
        Object.fromEntries(Object.entries(JSON.parse(sensor['rtl433.device.last_message'])).filter(([field]) => !['time', 'mod', 'freq', 'freq1', 'freq2', 'rssi', 'snr', 'noise'].includes(field))),
        Object.fromEntries(Object.entries(last).filter(([field]) => field !== 'time')),
        `${key}: the last message is kept as rtl_433 printed it`,
      );
    }
  });
}

test.run();
