/**
 * A sensor's sub-record survives the trip through a log: rebuilt from what it served, it
 * serves the same record, for every class (readings with histories, tyre pressure, switches,
 * Insteon), and a record that is no sensor gives undefined.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Rtl433Sensor } from './rtl433-sensor.js';

test('every class round-trips through its record', () => {
  const sensor = new Rtl433Sensor('Toyota');
  const now = 1_750_000_000;
  sensor.apply({ model: 'Toyota', type: 'TPMS', id: 'f1e2', pressure_kPa: 230.5, state: 'ok', mic: 'CRC', code: '7', temperature_C: 21.5 }, '{"model":"Toyota"}', now);
  sensor.apply({ model: 'Toyota', type: 'TPMS', id: 'f1e2', pressure_kPa: 231, temperature_C: 22 }, '{"model":"Toyota","id":"f1e2"}', now + 70);
  const remote = new Rtl433Sensor('Generic-Remote');
  remote.apply({ model: 'Generic-Remote', id: 5, switch1: 'OPEN', switch3: 'CLOSED', wind_avg_km_h: 12, rain_mm: 3.5, rain_raw: 17, battery_ok: 1 }, 'x', now);
  const air = new Rtl433Sensor('Fineoffset-WH0290-146');
  air.apply({ model: 'Fineoffset-WH0290', id: 146, pm2_5_ug_m3: 11, estimated_pm10_0_ug_m3: 10, humidity: 40, strike_count: 2 }, 'y', now);
  const insteon = new Rtl433Sensor('Insteon');
  insteon.apply({ model: 'Insteon', from_id: 'CCFF79', to_id: '9F39E6', msg_type: 7, msg_str: 'NAK', hopsmax: 3, hopsleft: 0 }, 'z', now);
  for (const original of [sensor, remote, air, insteon]) {
    const record = original.toRecord(now + 100);
    assert.equal(Rtl433Sensor.fromRecord(JSON.parse(JSON.stringify(record)))!.toRecord(now + 100), record);
  }
  assert.is(Rtl433Sensor.fromRecord({ nothing: 1 }), undefined);
});

test.run();
