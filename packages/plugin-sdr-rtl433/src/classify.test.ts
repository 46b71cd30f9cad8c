/**
 * The decode and classify stages on hand-made rtl_433 lines (the shapes rtl_433's decoders
 * print) and on svc's generated rtl_433 events (a fleet of every sensor class), through a test
 * service's packet chain: sensor classes and their views, unit handling, the raw message,
 * Kismet's remote-capture records, malformed lines, and a fuzz run.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runPacketChain, type Packet } from '@svc/core';
import { readFileSync } from 'node:fs';
import { createTestService, mutateText, projectDataPath, seededRandom, type TestService } from '@svc/core/testing';
import rtl433Plugin from './index.js';
import { RTL433_RECORD_TYPE } from './rtl433-decoder.js';
import { SYNTHETIC_EVENTS } from './synthetic/synthetic-data.js';
import { expectedReadings, readPath } from './testing/expected-readings.js';
import { messagesBySensor, withoutTime } from './testing/rtl433-reference.js';

const T = 1_800_000_000;
let t: TestService;
test.before.each(async () => {
  t = await createTestService({ plugins: [rtl433Plugin] });
});
test.after.each(() => t.close());

function feed(text: string, time = T, type = RTL433_RECORD_TYPE): Packet {
  const packet: Packet = { tsSec: time, tsUsec: 0, sourceUuid: 'SOURCE', dlt: 0, json: { type, text }, annotations: {} };
  runPacketChain(t.svc.hooks, packet);
  return packet;
}

async function view(name: string): Promise<Record<string, any>[]> {
  const response = await t.request(`/devices/views/${name}/devices.json`);
  assert.is(response.status, 200);
  return (await response.json()) as Record<string, any>[];
}

test('a thermometer: Celsius from Fahrenheit, humidity, their histories, and the thermometers view', async () => {
  feed('{"model":"Ambientweather-F007TH","id":37,"channel":5,"battery_ok":0,"temperature_F":67.8,"humidity":35,"freq":433.824,"rssi":-0.127,"snr":14.27,"noise":-14.39}');
  feed('{"model":"Ambientweather-F007TH","id":37,"channel":5,"battery_ok":1,"temperature_F":68.9,"humidity":36}', T + 1);
  const [device, ...others] = await view('sensor-thermometers');
  assert.is(others.length, 0);
  assert.is(device!['svc.device.base.frequency'], 433_824);
  assert.is(device!['svc.device.base.channel'], '5');
  assert.is(device!['svc.device.base.manuf'], 'RF Sensor');
  const sensor = device!['sensor.device'];
  assert.equal(sensor['sensor.device.common'], {
    'sensor.device.model': 'Ambientweather-F007TH',
    'sensor.device.id': '37',
    'sensor.device.subchannel': '5',
    'sensor.device.battery': 'OK',
    'sensor.device.rssi': '-0.127',
    'sensor.device.snr': '14.27',
    'sensor.device.noise': '-14.39',
    'sensor.device.last_record': '{"model":"Ambientweather-F007TH","id":37,"channel":5,"battery_ok":1,"temperature_F":68.9,"humidity":36}',
  });
  const thermometer = sensor['sensor.device.thermometer'];
  assert.is(thermometer['sensor.device.temperature'], 20.5);
  assert.is(thermometer['sensor.device.humidity'], 36);
  const minute = thermometer['sensor.device.temperature_rrd']['svc.common.rrd.minute_vec'] as number[];
  assert.is(minute[T % 60], 19.8889);
  assert.is(minute[(T + 1) % 60], 20.5);
  assert.equal(await view('sensor-weatherstations'), []);
});

test('a weather station under old and new key names, kept in km/h and mm', async () => {
  feed('{"model":"Fineoffset-WHx080","id":17,"temperature_C":4.2,"humidity":91,"wind_dir_deg":225,"wind_avg_m_s":1.2,"wind_max_m_s":3.4,"rain_mm":12.6}');
  feed('{"model":"Old-Station","id":3,"winddirection":90,"windstrength":12.5,"gust":20,"rain":4,"uv_index":3,"lux":12000}');
  const stations = await view('sensor-weatherstations');
  assert.is(stations.length, 2);
  const byModel = Object.fromEntries(stations.map((device) => [device['svc.device.base.name'], device['sensor.device']['sensor.device.weatherstation']]));
  const prefix = 'sensor.device';
  assert.is(byModel['Fineoffset-WHx080'][`${prefix}.wind_speed`], 4.32);
  assert.is(byModel['Fineoffset-WHx080'][`${prefix}.wind_gust`], 12.24);
  assert.is(byModel['Fineoffset-WHx080'][`${prefix}.rain`], 12.6);
  assert.is(byModel['Old-Station'][`${prefix}.wind_dir`], 90);
  assert.is(byModel['Old-Station'][`${prefix}.wind_speed`], 12.5);
  assert.is(byModel['Old-Station'][`${prefix}.uv_index`], 3);
  assert.is(byModel['Old-Station'][`${prefix}.lux`], 12000);
  assert.is((await view('sensor-thermometers')).length, 1, 'only the station that reports temperature is a thermometer');
});

test('a tyre sensor: pressure in kPa and bar, its temperature a thermometer, never a weather station', async () => {
  feed('{"model":"Toyota","type":"TPMS","id":"0x1b2c3d4e","status":128,"pressure_PSI":32.5,"temperature_C":19,"mic":"CRC"}');
  const [device] = await view('sensor-tpms');
  const tpms = device!['sensor.device']['sensor.device.tpms'];
  assert.equal(tpms, {
    'sensor.device.tpms.pressure_bar': 2.2408,
    'sensor.device.tpms.pressure_kpa': 224.0796,
    'sensor.device.tpms.state': '128',
    'sensor.device.tpms.checksum': 'CRC',
  });
  assert.is(device!['sensor.device']['sensor.device.common']['sensor.device.id'], '0x1b2c3d4e');
  assert.is((await view('sensor-thermometers')).length, 1);
  assert.equal(await view('sensor-weatherstations'), []);
});

test('switches and lightning sensors get their records and views; a sensor joins a view when it first reports the class', async () => {
  feed('{"model":"Generic-Remote","id":9,"switch1":"ON","switch3":"OFF"}');
  feed('{"model":"Generic-Remote","id":9,"switch2":"ON"}');
  feed('{"model":"Acurite-6045M","id":4,"channel":"A","strike_count":3,"storm_dist":12,"active":1,"rfi":0}');
  const [remote] = await view('sensor-switches');
  assert.equal(remote!['sensor.device']['sensor.device.switch'], { 'sensor.device.switch.1': 'ON', 'sensor.device.switch.2': 'ON', 'sensor.device.switch.3': 'OFF' });
  const [lightning] = await view('sensor-lightning');
  const record = lightning!['sensor.device']['sensor.device.lightningsensor'];
  assert.is(record['sensor.device.lightning_strike_count'], 3);
  assert.is(record['sensor.device.lightning_storm_distance'], 12);
  assert.equal(await view('sensor-thermometers'), []);
  feed('{"model":"Acurite-6045M","id":4,"channel":"A","temperature_F":50}');
  assert.is((await view('sensor-thermometers')).length, 1, 'membership is rechecked on update');
});

test('the last message is kept verbatim; a field svc has no place for is still there', async () => {
  const line = '{"model":"Cardin-S466","id":3,"dipswitch":"o-o-++-o+","rbutton":"11"}';
  feed(line);
  const [device] = await view('phy-RFSENSOR');
  assert.is(device!['sensor.device']['sensor.device.common']['sensor.device.last_record'], line);
  assert.is(device!['svc.device.base.name'], 'Cardin-S466');
});

test('records from remote capture (JSON block of type RTL433) are sensors; other record types are left alone', async () => {
  feed('{"model":"Nexus-TH","id":1,"temperature_C":20}', T, 'RTL433');
  feed('{"model":"Nexus-TH","id":2,"temperature_C":20}', T, 'ADSB');
  assert.is((await view('phy-RFSENSOR')).length, 1);
});

test('lines that are not JSON objects are error packets and make no device; status lines are neither', async () => {
  for (const line of ['garbage', '{"model":"X"', '[1,2]', '42', 'null']) assert.ok(feed(line).error, line);
  const status = feed('{"time":"2026-11-21 10:00:00","src":"SDR","lvl":5,"msg":"Tuned"}');
  assert.not.ok(status.error);
  assert.equal(await view('phy-RFSENSOR'), []);
});

test("svc's generated events, every sensor class under every unit its decoders use: each sensor is in the views of its classes, with its last readings in svc's units", async () => {
  const lines = readFileSync(projectDataPath('rtl433', SYNTHETIC_EVENTS), 'utf8').trimEnd().split('\n');
  lines.forEach((line, index) => assert.not.ok(feed(line, T + index).error, line));
  const views = { thermometer: 'sensor-thermometers', weatherstation: 'sensor-weatherstations', lightningsensor: 'sensor-lightning', tpms: 'sensor-tpms', switch: 'sensor-switches' };
  const members = new Map<string, Set<string>>();
  for (const [part, id] of Object.entries(views)) members.set(`sensor.device.${part}`, new Set((await view(id)).map((device) => device['svc.device.base.key'])));
  const sensors = messagesBySensor(lines.map((line) => JSON.parse(line) as Record<string, any>));
  const devices = await view('phy-RFSENSOR');
  assert.is(devices.length, sensors.size, 'one device per sensor');
  for (const device of devices) {
    const sensor = device['sensor.device'];
    const key = `${sensor['sensor.device.common']['sensor.device.model']}/${sensor['sensor.device.common']['sensor.device.id']}`;
    const messages = sensors.get(key)!;
    assert.ok(messages, `${key} is a sensor of the events`);
    assert.is(device['svc.device.base.packets.total'], messages.length, key);
    const expected = expectedReadings(messages.at(-1)!);
    const classes = new Set(Object.keys(expected).map((path) => path.split('/')[0]!));
    for (const [part, keys] of members) assert.is(keys.has(device['svc.device.base.key']), classes.has(part), `${key} in the view of ${part}`);
    for (const [path, value] of Object.entries(expected)) {
      const actual = readPath(sensor, path);
      if (typeof value === 'number') assert.ok(typeof actual === 'number' && Math.abs(actual - value) < 1e-3, `${key} ${path}: ${String(actual)} should be ${value}`);
      else assert.is(actual, value, `${key} ${path}`);
    }
    assert.equal(withoutTime(JSON.parse(sensor['sensor.device.common']['sensor.device.last_record'])), withoutTime(messages.at(-1)!), `${key}: the last event is kept as it came`);
  }
});

test('fuzz: 20,000 mutated rtl_433 lines never throw out of the chain', async () => {
  const random = seededRandom(433);
  const seeds = [
    '{"model":"Acurite-5n1","id":839,"channel":"A","battery_ok":1,"wind_avg_km_h":4.311,"wind_dir_deg":337.5,"rain_in":0.66}',
    '{"model":"Toyota","type":"TPMS","id":"0x1b2c3d4e","pressure_PSI":32.5,"temperature_C":19}',
    '{"model":"Generic-Remote","id":9,"switch1":"ON","strike_count":2,"freq":433.92}',
  ];
  let errors = 0;
  for (let i = 0; i < 20_000; i++) {
    const packet = feed(mutateText(seeds[i % seeds.length]!, random), T + Math.floor(i / 100));
    if (packet.error) errors++;
  }
  assert.ok(errors > 0, 'some mutations were malformed');
  assert.ok((await view('phy-RFSENSOR')).length > 0, 'some mutations still made sensors');
});

test.run();
