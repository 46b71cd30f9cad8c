/**
 * Logged sensors brought up to date: a record svc wrote before following Kismet's sensor PHY
 * (humidity in the thermometer, the bare model as name, battery as OK/LOW, signal levels with
 * decimals, no tyre temperature) comes back as tracking its messages makes it today; a record
 * svc writes today comes back unchanged; and the MAC of a sensor with a text id is Kismet's.
 * Whole logs, with the real rtl_433, are restored in restore.test.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatMac, type Device } from '@svc/core';
import { restoredSensorMac, restoreSensor } from './restore-sensor.js';
import { Rtl433Sensor } from './rtl433-sensor.js';

const NOW = 1_750_000_000;
const device = (name: string) => ({ name, manuf: 'RF Sensor' }) as Device;

const F007TH = '{"model":"Ambientweather-F007TH","id":37,"channel":5,"battery_ok":1,"temperature_F":68.9,"humidity":36,"rssi":-0.127,"snr":14.27,"noise":-14.39}';
const SCHRADER = '{"model":"Schrader","type":"TPMS","id":"1A2B3C4","flags":"12","pressure_kPa":230.0,"temperature_C":24.0,"mic":"CRC","freq":433.95}';

/** A gauge history as an earlier svc logged it (one sample in the current second). */
const history = (value: number) => ({ 'svc.common.rrd.last_time': NOW, 'svc.common.rrd.last_value': value, 'svc.common.rrd.serial_time': NOW });

test("a thermometer svc logged before following Kismet: humidity moves to the moisture sensor, the name becomes Kismet's, the common fields are Kismet's", () => {
  const logged = {
    'sensor.device.common': {
      'sensor.device.model': 'Ambientweather-F007TH',
      'sensor.device.id': '37',
      'sensor.device.subchannel': '5',
      'sensor.device.battery': 'OK',
      'sensor.device.rssi': '-0.127',
      'sensor.device.snr': '14.27',
      'sensor.device.noise': '-14.39',
      'sensor.device.last_record': F007TH,
    },
    'sensor.device.thermometer': {
      'sensor.device.temperature': 20.5,
      'sensor.device.temperature_rrd': history(20.5),
      'sensor.device.humidity': 36,
      'sensor.device.humidity_rrd': history(36),
    },
  };
  const named = device('Ambientweather-F007TH');
  const record = restoreSensor(logged, named)!.toRecord(NOW);
  assert.equal(record['sensor.device.common'], {
    'sensor.device.model': 'Ambientweather-F007TH-37',
    'sensor.device.id': '37',
    'sensor.device.subchannel': '5',
    'sensor.device.battery': '1',
    'sensor.device.rssi': '0',
    'sensor.device.snr': '14',
    'sensor.device.noise': '-14',
    'sensor.device.last_record': F007TH,
  });
  assert.equal(Object.keys(record).sort(), ['sensor.device.common', 'sensor.device.moisturesensor', 'sensor.device.thermometer']);
  assert.equal(Object.keys(record['sensor.device.thermometer'] as object).sort(), ['sensor.device.temperature', 'sensor.device.temperature_rrd']);
  assert.is((record['sensor.device.moisturesensor'] as Record<string, unknown>)['sensor.device.moisture'], 36);
  assert.is(named.name, 'Ambientweather-F007TH-37');
});

test('a humidity-only sensor of an earlier svc is no thermometer now; a tyre sensor gains its temperature and frequency from its last message', () => {
  const hygrometer = restoreSensor(
    {
      'sensor.device.common': { 'sensor.device.model': 'Hygro', 'sensor.device.last_record': '{"model":"Hygro","id":4,"humidity":61}' },
      'sensor.device.thermometer': { 'sensor.device.humidity': 61, 'sensor.device.humidity_rrd': history(61) },
    },
    device('Hygro'),
  )!.toRecord(NOW);
  assert.equal(Object.keys(hygrometer).sort(), ['sensor.device.common', 'sensor.device.moisturesensor']);

  const tyre = restoreSensor(
    {
      'sensor.device.common': { 'sensor.device.model': 'Schrader', 'sensor.device.id': '1A2B3C4', 'sensor.device.last_record': SCHRADER },
      'sensor.device.tpms': { 'sensor.device.tpms.pressure_kpa': 230, 'sensor.device.tpms.pressure_bar': 2.3, 'sensor.device.tpms.flags': '12', 'sensor.device.tpms.checksum': 'CRC' },
    },
    device('Schrader'),
  )!.toRecord(NOW);
  assert.equal(tyre['sensor.device.tpms'], {
    'sensor.device.tpms.pressure_kpa': 230,
    'sensor.device.tpms.pressure_bar': 2.3,
    'sensor.device.tpms.pressure_psi': 33.3587,
    'sensor.device.tpms.temperature': 24,
    'sensor.device.tpms.freq': 433.95,
    'sensor.device.tpms.flags': '12',
    'sensor.device.tpms.checksum': 'CRC',
  });
  assert.is((tyre['sensor.device.common'] as Record<string, unknown>)['sensor.device.model'], 'Schrader-1A2B3C4');
});

test('a record svc serves today comes back as it was, its name untouched', () => {
  const sensor = new Rtl433Sensor('Schrader-1A2B3C4');
  sensor.apply(JSON.parse(SCHRADER) as Record<string, unknown>, SCHRADER, NOW - 5);
  sensor.apply({ model: 'Schrader', type: 'TPMS', id: '1A2B3C4', pressure_kPa: 227.5 }, '{"model":"Schrader","type":"TPMS","id":"1A2B3C4","pressure_kPa":227.5}', NOW - 1);
  const record = JSON.parse(JSON.stringify(sensor.toRecord(NOW))) as Record<string, unknown>;
  const renamed = device('my tyre');
  assert.equal(restoreSensor(record, renamed)!.toRecord(NOW), record);
  assert.is(renamed.name, 'my tyre');
});

test("the MAC of a logged sensor is the one its last message makes up now (Kismet's for a text id); without a last message, the logged one", () => {
  // svc used to keep the model's checksum beside a text id; Kismet checksums the id: K("1A2B3C4") = 0x06320190.
  const logged = 0x0390b6050719;
  const current = { 'sensor.device.common': { 'sensor.device.model': 'Schrader', 'sensor.device.last_record': SCHRADER } };
  assert.is(formatMac(restoredSensorMac(current, logged)), '03:90:90:01:32:06');
  const rtl433Era = { 'rtl433.device.common': { 'rtl433.device.model': 'Schrader' }, 'rtl433.device.last_message': SCHRADER };
  assert.is(formatMac(restoredSensorMac(rtl433Era, logged)), '03:90:90:01:32:06', 'a record of the RTL433 era too');
  assert.is(restoredSensorMac({ 'sensor.device.common': { 'sensor.device.model': 'X' } }, logged), logged);
  assert.is(restoredSensorMac({ 'sensor.device.common': { 'sensor.device.last_record': 'not json' } }, logged), logged);
});

test.run();
