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
import { expectedSensorName, messagesBySensor, withoutTime } from './testing/rtl433-reference.js';

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

test("a thermometer and its humidity: Kismet's name, common fields as Kismet writes them, Celsius from Fahrenheit, humidity in the moisture sensor, their histories and views", async () => {
  feed('{"model":"Ambientweather-F007TH","id":37,"channel":5,"battery_ok":0,"temperature_F":67.8,"humidity":35,"freq":433.824,"rssi":-0.127,"snr":14.27,"noise":-14.39}');
  feed('{"model":"Ambientweather-F007TH","id":37,"channel":5,"battery_ok":1,"temperature_F":68.9,"humidity":36}', T + 1);
  const [device, ...others] = await view('sensor-thermometers');
  assert.is(others.length, 0);
  assert.is(device!['svc.device.base.name'], 'Ambientweather-F007TH-37');
  assert.is(device!['svc.device.base.frequency'], 433_824);
  assert.is(device!['svc.device.base.channel'], '5');
  assert.is(device!['svc.device.base.manuf'], 'RF Sensor');
  const sensor = device!['sensor.device'];
  // Kismet: the name as the model, battery_ok as printed, signal levels in whole dB.
  assert.equal(sensor['sensor.device.common'], {
    'sensor.device.model': 'Ambientweather-F007TH-37',
    'sensor.device.id': '37',
    'sensor.device.subchannel': '5',
    'sensor.device.battery': '1',
    'sensor.device.rssi': '0',
    'sensor.device.snr': '14',
    'sensor.device.noise': '-14',
    'sensor.device.last_record': '{"model":"Ambientweather-F007TH","id":37,"channel":5,"battery_ok":1,"temperature_F":68.9,"humidity":36}',
  });
  const thermometer = sensor['sensor.device.thermometer'];
  assert.equal(Object.keys(thermometer).sort(), ['sensor.device.temperature', 'sensor.device.temperature_rrd'], "Kismet's thermometer holds the temperature only");
  assert.is(thermometer['sensor.device.temperature'], 20.5);
  const minute = thermometer['sensor.device.temperature_rrd']['svc.common.rrd.minute_vec'] as number[];
  assert.is(minute[T % 60], 19.8889);
  assert.is(minute[(T + 1) % 60], 20.5);
  const moisture = sensor['sensor.device.moisturesensor'];
  assert.is(moisture['sensor.device.moisture'], 36);
  const moistureMinute = moisture['sensor.device.moisture_rrd']['svc.common.rrd.minute_vec'] as number[];
  assert.equal([moistureMinute[T % 60], moistureMinute[(T + 1) % 60]], [35, 36]);
  assert.equal((await view('sensor-moisture')).map((member) => member['svc.device.base.key']), [device!['svc.device.base.key']]);
  assert.equal(await view('sensor-weatherstations'), []);
  const messages = ((await (await t.request('/messagebus/all_messages.json')).json()) as Record<string, unknown>[]).map((message) => message['svc.messagebus.message_string']);
  assert.equal(
    messages.filter((text) => String(text).startsWith('Detected new RF sensor')),
    ["Detected new RF sensor device 'Ambientweather-F007TH-37' ID 37 Channel 5"],
    'announced once, as Kismet announces a new sensor',
  );
});

test('a soil moisture sensor: moisture, or humidity when a message carries both, as Kismet reads them', async () => {
  // rtl_433 22.11's Springfield-Soil line (springfield.c).
  feed('{"model":"Springfield-Soil","id":71,"channel":1,"battery_ok":1,"transmit":"AUTO","temperature_C":21.4,"moisture":40,"button":0,"mic":"CHECKSUM"}');
  feed('{"model":"Both-Keys","id":2,"moisture":10,"humidity":55}');
  const byName = Object.fromEntries((await view('sensor-moisture')).map((device) => [device['svc.device.base.name'], device['sensor.device']['sensor.device.moisturesensor']]));
  assert.is(byName['Springfield-Soil-71']['sensor.device.moisture'], 40);
  assert.is(byName['Both-Keys-2']['sensor.device.moisture'], 55);
  assert.equal((await view('sensor-thermometers')).map((device) => device['svc.device.base.name']), ['Springfield-Soil-71'], 'a moisture reading alone makes no thermometer');
});

test('a weather station under old and new key names, kept in km/h and mm, with the raw rain count', async () => {
  feed('{"model":"Fineoffset-WHx080","id":17,"temperature_C":4.2,"humidity":91,"wind_dir_deg":225,"wind_avg_m_s":1.2,"wind_max_m_s":3.4,"rain_mm":12.6}');
  feed('{"model":"Old-Station","id":3,"winddirection":90,"windstrength":12.5,"gust":20,"rain":4,"uv_index":3,"lux":12000}');
  feed('{"model":"Raw-Gauge","id":8,"rain_raw":1234}');
  const stations = await view('sensor-weatherstations');
  assert.is(stations.length, 3);
  const byName = Object.fromEntries(stations.map((device) => [device['svc.device.base.name'], device['sensor.device']['sensor.device.weatherstation']]));
  const prefix = 'sensor.device';
  assert.is(byName['Fineoffset-WHx080-17'][`${prefix}.wind_speed`], 4.32);
  assert.is(byName['Fineoffset-WHx080-17'][`${prefix}.wind_gust`], 12.24);
  assert.is(byName['Fineoffset-WHx080-17'][`${prefix}.rain`], 12.6);
  assert.is(byName['Old-Station-3'][`${prefix}.wind_dir`], 90);
  assert.is(byName['Old-Station-3'][`${prefix}.wind_speed`], 12.5);
  assert.is(byName['Old-Station-3'][`${prefix}.uv_index`], 3);
  assert.is(byName['Old-Station-3'][`${prefix}.lux`], 12000);
  assert.is(byName['Raw-Gauge-8'][`${prefix}.rain_raw`], 1234, "a raw rain count alone makes a weather station, as in Kismet");
  assert.is((await view('sensor-thermometers')).length, 1, 'only the station that reports temperature is a thermometer');
});

test('a tyre sensor: pressure in kPa, bar and PSI, its temperature and frequency; also a thermometer, never a weather station', async () => {
  feed('{"model":"Toyota","type":"TPMS","id":"0x1b2c3d4e","status":128,"pressure_PSI":32.5,"temperature_C":19,"mic":"CRC","freq1":315.009,"freq2":314.962}');
  const [device] = await view('sensor-tpms');
  const tpms = device!['sensor.device']['sensor.device.tpms'];
  assert.equal(tpms, {
    'sensor.device.tpms.pressure_bar': 2.2408,
    'sensor.device.tpms.pressure_kpa': 224.0796,
    'sensor.device.tpms.pressure_psi': 32.5,
    'sensor.device.tpms.temperature': 19,
    'sensor.device.tpms.freq': 315.009,
    'sensor.device.tpms.state': '128',
    'sensor.device.tpms.checksum': 'CRC',
  });
  assert.is(device!['sensor.device']['sensor.device.common']['sensor.device.id'], '0x1b2c3d4e');
  assert.is(device!['svc.device.base.frequency'], 315_009, 'freq1 of an FSK sensor');
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
  assert.is(device!['svc.device.base.name'], 'Cardin-S466-3');
});

test('records from remote capture (JSON block of type RTL433) are sensors; other record types are left alone', async () => {
  feed('{"model":"Nexus-TH","id":1,"temperature_C":20}', T, 'RTL433');
  feed('{"model":"Nexus-TH","id":2,"temperature_C":20}', T, 'ADSB');
  assert.is((await view('phy-RFSENSOR')).length, 1);
});

/** The device with key `key`, as the API serves it. */
async function deviceByKey(key: string): Promise<Record<string, any>> {
  const response = await t.request(`/devices/by-key/${key}/device.json`);
  assert.is(response.status, 200, key);
  return (await response.json()) as Record<string, any>;
}

/** The RFSENSOR device key of a hand-worked MAC (phy prefix of RFSENSOR, then the MAC). */
const sensorKeyOf = (mac: string) => `7202E60A00000000_${mac.replaceAll(':', '')}`;

test("rtl_433's lines as Kismet's phy_sensor.cc quotes them, over remote capture: each sensor under Kismet's key and name, in Kismet's classes", async () => {
  const quoted = [
    '{"time": "2023-07-12 01:57:03", "model": "Fineoffset-WH0290", "id": 146, "battery_ok": 0.6, "pm2_5_ug_m3": 11, "estimated_pm10_0_ug_m3": 10, "family": 65, "unknown1": 0, "mic": "CRC", "mod": "FSK", "freq1": 914.941, "freq2": 915.037, "rssi": -7.18, "snr": 17.482, "noise": -24.662}',
    '{"time" : "2021-08-19 18:52:48", "model" : "Insteon", "from_id" : "CCFF79", "to_id" : "9F39E6", "msg_type" : 7, "msg_str" : "NAK of Group Cleanup Direct Message", "extended" : 0, "hopsmax" : 3, "hopsleft" : 0, "formatted" : "E3 : 9F39E6 : CCFF79 : 39 E7  B7", "mic" : "CRC", "payload" : "E3E6399F79FFCC39E7B7", "cmd_dat" : [57, 231], "mod" : "FSK", "freq1" : 914.909, "freq2" : 915.069, "rssi" : -0.212, "snr" : 25.305, "noise" : -25.517}',
    '{"time" : "2023-06-12 11:16:48", "model" : "Schrader-EG53MA4", "type" : "TPMS", "flags" : "4d930078", "id" : "891932", "pressure_kPa" : 220.000, "temperature_F" : 103.000, "mic" : "CHECKSUM", "mod" : "ASK", "freq" : 314.931, "rssi" : -2.296, "snr" : 6.350, "noise" : -8.646}',
    '{"time" : "2021-08-18 16:16:54", "model" : "Interlogix-Security", "subtype" : "contact", "id" : "a55b4b", "battery_ok" : 1, "switch1" : "OPEN", "switch2" : "OPEN", "switch3" : "OPEN", "switch4" : "OPEN", "switch5" : "OPEN", "raw_message" : "2dd4ac"}',
    '{"time" : "2019-02-24 22:12:13", "model" : "Acurite Lightning 6045M", "id" : 15580, "channel" : "B", "temperature_F" : 38.300, "humidity" : 53, "strike_count" : 1, "storm_dist" : 8, "active" : 1, "rfi" : 0, "ussb1" : 0, "battery" : "OK", "exception" : 0, "raw_msg" : "bcdc6f354edb81886e"}',
  ];
  for (const line of quoted) assert.not.ok(feed(line, T, 'RTL433').error, line);

  // A numeric id: the model's checksum, K("Fineoffset-WH0290") = 0x384B05A0, in bytes 2..5.
  const aqi = await deviceByKey(sensorKeyOf('02:92:A0:05:4B:38'));
  assert.is(aqi['svc.device.base.name'], 'Fineoffset-WH0290-146');
  assert.is(aqi['svc.device.base.frequency'], 914_941, 'freq1 of an FSK sensor');
  assert.equal(aqi['sensor.device']['sensor.device.common'], {
    'sensor.device.model': 'Fineoffset-WH0290-146',
    'sensor.device.id': '146',
    'sensor.device.subchannel': '0',
    'sensor.device.battery': '0.6',
    'sensor.device.rssi': '-7',
    'sensor.device.snr': '17',
    'sensor.device.noise': '-24',
    'sensor.device.last_record': quoted[0],
  });
  const air = aqi['sensor.device']['sensor.device.aqi'];
  assert.equal([air['sensor.device.pm2_5'], air['sensor.device.pm10']], [11, 10]);
  assert.equal(Object.keys(air).sort(), ['sensor.device.pm10', 'sensor.device.pm10_rrd', 'sensor.device.pm2_5', 'sensor.device.pm2_5_rrd']);

  // from_id: K("CCFF79") = 0x05720182 in bytes 2..5, its low 16 bits in bytes 0..1.
  const insteon = await deviceByKey(sensorKeyOf('03:82:82:01:72:05'));
  assert.is(insteon['svc.device.base.name'], 'Insteon');
  assert.is(insteon['sensor.device']['sensor.device.common']['sensor.device.id'], '', 'no id, as Kismet leaves it');
  assert.equal(insteon['sensor.device']['sensor.device.insteon'], {
    'sensor.device.from_id': 'CCFF79',
    'sensor.device.to_id': '9F39E6',
    'sensor.device.msg_type': '7',
    'sensor.device.msg_str': 'NAK of Group Cleanup Direct Message',
    'sensor.device.hopsmax': '3',
    'sensor.device.hopsleft': '0',
  });

  // A text id: K("891932") = 0x04740140.
  const tyre = await deviceByKey(sensorKeyOf('03:40:40:01:74:04'));
  assert.is(tyre['svc.device.base.name'], 'Schrader-EG53MA4-891932');
  assert.equal(tyre['sensor.device']['sensor.device.tpms'], {
    'sensor.device.tpms.pressure_kpa': 220,
    'sensor.device.tpms.pressure_bar': 2.2,
    'sensor.device.tpms.pressure_psi': 31.9083,
    'sensor.device.tpms.temperature': 39.4444,
    'sensor.device.tpms.freq': 314.931,
    'sensor.device.tpms.flags': '4d930078',
    'sensor.device.tpms.checksum': 'CHECKSUM',
  });

  // K("a55b4b") = 0x061301C3.
  const contact = await deviceByKey(sensorKeyOf('03:C3:C3:01:13:06'));
  assert.is(contact['svc.device.base.name'], 'Interlogix-Security-a55b4b');
  assert.equal(contact['sensor.device']['sensor.device.switch'], Object.fromEntries([1, 2, 3, 4, 5].map((number) => [`sensor.device.switch.${number}`, 'OPEN'])));

  const lightning = (await view('sensor-lightning'))[0]!;
  assert.is(lightning['svc.device.base.name'], 'Acurite Lightning 6045M-15580');
  const sensor = lightning['sensor.device'];
  assert.is(sensor['sensor.device.common']['sensor.device.battery'], 'OK', 'a battery text as it is');
  assert.is(sensor['sensor.device.common']['sensor.device.subchannel'], 'B');
  assert.is(sensor['sensor.device.thermometer']['sensor.device.temperature'], 3.5);
  assert.is(sensor['sensor.device.moisturesensor']['sensor.device.moisture'], 53);
  assert.is(sensor['sensor.device.lightningsensor']['sensor.device.lightning_strike_count'], 1);

  const members = async (id: string) => (await view(id)).map((device) => device['svc.device.base.name']).sort();
  assert.equal(await members('sensor-aqi'), ['Fineoffset-WH0290-146']);
  assert.equal(await members('sensor-insteon'), ['Insteon']);
  assert.equal(await members('sensor-moisture'), ['Acurite Lightning 6045M-15580']);
  assert.equal(await members('sensor-tpms'), ['Schrader-EG53MA4-891932']);
  assert.equal(await members('sensor-switches'), ['Interlogix-Security-a55b4b']);
  assert.equal(await members('sensor-thermometers'), ['Acurite Lightning 6045M-15580', 'Schrader-EG53MA4-891932']);
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
  const views = {
    thermometer: 'sensor-thermometers',
    moisturesensor: 'sensor-moisture',
    weatherstation: 'sensor-weatherstations',
    lightningsensor: 'sensor-lightning',
    aqi: 'sensor-aqi',
    tpms: 'sensor-tpms',
    switch: 'sensor-switches',
    insteon: 'sensor-insteon',
  };
  const members = new Map<string, Set<string>>();
  for (const [part, id] of Object.entries(views)) members.set(`sensor.device.${part}`, new Set((await view(id)).map((device) => device['svc.device.base.key'])));
  const sensors = new Map([...messagesBySensor(lines.map((line) => JSON.parse(line) as Record<string, any>)).values()].map((messages) => [expectedSensorName(messages[0]!), messages]));
  const devices = await view('phy-RFSENSOR');
  assert.is(devices.length, sensors.size, 'one device per sensor');
  for (const device of devices) {
    const sensor = device['sensor.device'];
    const key = device['svc.device.base.name'] as string;
    assert.is(sensor['sensor.device.common']['sensor.device.model'], key);
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
