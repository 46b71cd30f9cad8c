/**
 * The rtl_433 sub-record's compact state: sensors of every class (thermometer, moisture,
 * weather station, lightning sensor, air quality, tyre pressure, switch bank, Insteon), fed several messages so their gauge
 * histories hold means of more than one sample, pack and read back to the same record, and go
 * on averaging as before; damaged states give a sensor or SVC_ERR_BAD_STATE, never another
 * exception. Restarts through the snapshot with the real rtl_433 are checked in restore.test.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { StateReader, StateWriter } from '@svc/core';
import { fuzzState, seededRandom } from '@svc/core/testing';
import { Rtl433Sensor } from './rtl433-sensor.js';
import { sensorComponentState } from './sensor-state.js';

const NOW = 1_700_000_100;
const MESSAGES: Record<string, unknown>[][] = [
  [
    { model: 'Acurite-Tower', id: 1, channel: 'A', battery_ok: 1, temperature_C: 21.5, humidity: 40, rssi: -2.1, snr: 9.5, noise: -11.6 },
    { model: 'Acurite-Tower', id: 1, channel: 'A', battery_ok: 0, temperature_C: 22.5, humidity: 42 },
  ],
  [
    { model: 'Fineoffset-WH24', id: 7, wind_dir_deg: 270, wind_avg_km_h: 12.5, wind_max_m_s: 5, rain_mm: 3.3, uvi: 2, light_lux: 12000, pressure_hPa: 1013.2 },
    { model: 'Fineoffset-WH24', id: 7, wind_dir_deg: 280, wind_avg_km_h: 14.5, rain_mm: 3.6 },
  ],
  [{ model: 'Ambient-Lightning', id: 3, strike_count: 12, storm_dist_km: 8, active: 1, rfi: 0 }],
  [
    { model: 'Schrader', type: 'TPMS', id: 'abc', pressure_kPa: 230, temperature_C: 24, freq: 433.95, flags: '01', state: 'ok', mic: 'CRC', code: '7' },
    { model: 'Schrader', type: 'TPMS', id: 'abc', pressure_kPa: 228 },
  ],
  [{ model: 'Generic-Remote', id: 9, switch1: 'ON', switch4: 'OFF', switch0: 1 }],
  [
    { model: 'Springfield-Soil', id: 71, moisture: 40, temperature_C: 21.4 },
    { model: 'Springfield-Soil', id: 71, moisture: 50 },
  ],
  [
    { model: 'Fineoffset-WH0290', id: 146, battery_ok: 0.6, pm2_5_ug_m3: 11, estimated_pm10_0_ug_m3: 10 },
    { model: 'Fineoffset-WH0290', id: 146, pm2_5_ug_m3: 13 },
  ],
  [{ model: 'Insteon', from_id: 'CCFF79', to_id: '9F39E6', msg_type: 7, msg_str: 'NAK', hopsmax: 3, hopsleft: 0 }],
];

function sensorOf(messages: Record<string, unknown>[]): Rtl433Sensor {
  const sensor = new Rtl433Sensor(String(messages[0]!.model));
  messages.forEach((message, index) => sensor.apply(message, JSON.stringify(message), NOW - 10 + index * 0.25));
  return sensor;
}

function stateOf(sensor: Rtl433Sensor): Buffer {
  const writer = new StateWriter();
  sensorComponentState.write(sensor, writer);
  return writer.take();
}

test('every sensor class packs and reads back whole, and its means go on as before', () => {
  for (const messages of MESSAGES) {
    const sensor = sensorOf(messages);
    const reader = new StateReader(stateOf(sensor));
    const back = sensorComponentState.read(reader, undefined as never) as Rtl433Sensor;
    reader.end();
    assert.equal(back.toRecord(NOW), sensor.toRecord(NOW), String(messages[0]!.model));
    const next = { ...messages[0]!, temperature_C: 30, wind_avg_km_h: 30, pressure_kPa: 240, strike_count: 20, moisture: 60, pm2_5_ug_m3: 20 };
    sensor.apply(next, '', NOW - 9);
    back.apply(next, '', NOW - 9);
    assert.equal(back.toRecord(NOW), sensor.toRecord(NOW), `${String(messages[0]!.model)} after one more message`);
  }
});

test('fuzz: damaged states give a sensor or SVC_ERR_BAD_STATE', () => {
  const random = seededRandom(433);
  for (const messages of MESSAGES) {
    const refused = fuzzState(stateOf(sensorOf(messages)), (reader) => sensorComponentState.read(reader, undefined as never), 400, random);
    assert.ok(refused > 200, `${String(messages[0]!.model)}: ${refused} of 400 refused`);
  }
});

test.run();
