import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { currentFieldName, isRtl433EraRecord, sensorRecordOfRtl433Era } from './rtl433-era-record.js';
import { SENSOR_DEVICE_FIELDS } from './fields.js';

test("each former field takes the name Kismet's phy_sensor.h gives it, or a sensor.device name for svc's own", () => {
  const renamed: [string, string][] = [
    ['rtl433.device.common', 'sensor.device.common'],
    ['rtl433.device.rtlchannel', 'sensor.device.subchannel'],
    ['rtl433.device.last_message', 'sensor.device.last_record'],
    ['rtl433.device.temperature_rrd', 'sensor.device.temperature_rrd'],
    ['rtl433.device.weatherstation', 'sensor.device.weatherstation'],
    ['rtl433.device.weatherstation.wind_dir', 'sensor.device.wind_dir'],
    ['rtl433.device.weatherstation.uv_index_rrd', 'sensor.device.uv_index_rrd'],
    ['rtl433.device.weatherstation.pressure', 'sensor.device.barometric_pressure'],
    ['rtl433.device.weatherstation.pressure_rrd', 'sensor.device.barometric_pressure_rrd'],
    ['rtl433.device.lightning.strike_count', 'sensor.device.lightning_strike_count'],
    ['rtl433.device.lightning.storm_distance', 'sensor.device.lightning_storm_distance'],
    ['rtl433.device.lightning.active', 'sensor.device.lightning_storm_active'],
    ['rtl433.device.lightning.rfi_rrd', 'sensor.device.lightning_rfi_rrd'],
    ['rtl433.device.tpms.pressure_kpa', 'sensor.device.tpms.pressure_kpa'],
    ['rtl433.device.switch.3', 'sensor.device.switch.3'],
    ['svc.common.rrd.minute_vec', 'svc.common.rrd.minute_vec'],
  ];
  for (const [former, current] of renamed) assert.is(currentFieldName(former), current, former);
  const known = new Set(SENSOR_DEVICE_FIELDS.map((field) => field.name));
  for (const [, current] of renamed.slice(0, -1)) assert.ok(known.has(current), `${current} is a field of the sub-record`);
  // Humidity keeps its name in the thermometer here; restoreSensor moves it to the moisture sensor.
  assert.is(currentFieldName('rtl433.device.humidity'), 'sensor.device.humidity');
});

test('a former record becomes today’s, the last message moved into the common part; a current record is not former', () => {
  const former = {
    'rtl433.device.common': { 'rtl433.device.model': 'Nexus-TH', 'rtl433.device.rtlchannel': '1' },
    'rtl433.device.thermometer': { 'rtl433.device.temperature': 21.3, 'rtl433.device.temperature_rrd': { 'svc.common.rrd.last_value': 21 } },
    'rtl433.device.last_message': '{"model":"Nexus-TH"}',
  };
  assert.ok(isRtl433EraRecord(former));
  const current = sensorRecordOfRtl433Era(former);
  assert.equal(current, {
    'sensor.device.common': { 'sensor.device.model': 'Nexus-TH', 'sensor.device.subchannel': '1', 'sensor.device.last_record': '{"model":"Nexus-TH"}' },
    'sensor.device.thermometer': { 'sensor.device.temperature': 21.3, 'sensor.device.temperature_rrd': { 'svc.common.rrd.last_value': 21 } },
  });
  assert.not.ok(isRtl433EraRecord(current));
});

test.run();
