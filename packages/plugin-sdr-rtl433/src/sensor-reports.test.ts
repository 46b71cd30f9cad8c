/**
 * The `sensorReported` hook as this plugin feeds it: a tracked sensor's message with its
 * readings in standard units (a tyre's pressure in kPa, a weather station's in hPa), nothing
 * for a line that is no sensor, and rtl_433 events as a report format.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runPacketChain, type SensorReport } from '@svc/core';
import { createTestService } from '@svc/core/testing';
import rtl433Plugin, { PLUGIN_NAME } from './index.js';
import { RTL433_RECORD_TYPE } from './rtl433-decoder.js';

async function reportsOf(lines: readonly string[]): Promise<SensorReport[]> {
  const t = await createTestService({ plugins: [rtl433Plugin] });
  try {
    const reports: SensorReport[] = [];
    t.svc.hooks.sensorReported.tap('test', (report) => void reports.push(report));
    for (const text of lines) runPacketChain(t.svc.hooks, { tsSec: 1_800_000_000, tsUsec: 0, sourceUuid: 'SOURCE', dlt: 0, json: { type: RTL433_RECORD_TYPE, text }, annotations: {} });
    return reports;
  } finally {
    await t.close();
  }
}

test('a thermometer reports its readings in °C and %, its maker and model, after the tracker committed it', async () => {
  const [report, ...others] = await reportsOf(['{"model":"Ambientweather-F007TH","id":37,"channel":5,"battery_ok":1,"temperature_F":68.9,"humidity":36}', '{"time":"status line"}']);
  assert.is(others.length, 0, 'a line that names no sensor is not reported');
  assert.is(report!.device.phyname, 'RFSENSOR');
  assert.is(report!.format, 'rtl433');
  assert.equal([report!.model, report!.id, report!.make], ['Ambientweather-F007TH', '37', { manufacturer: 'Ambientweather', model: 'F007TH' }]);
  assert.equal(
    report!.readings.map(({ kind, unit }) => [kind, unit]),
    [['temperature', '°C'], ['humidity', '%'], ['battery', '%']],
  );
  assert.is(Math.round(report!.readings[0]!.value * 100) / 100, 20.5);
  assert.is(report!.readings[2]!.value, 100);
});

test("a tyre's pressure is in kPa, a weather station's in hPa; a model without a maker is rtl_433's", async () => {
  const [tyre, station] = await reportsOf(['{"model":"Schrader","type":"TPMS","id":"1B2C3D","pressure_PSI":32}', '{"model":"Fineoffset-WH1080","id":1,"pressure_hPa":1013.2,"wind_avg_km_h":3.6,"rain_mm":12}']);
  assert.equal(tyre!.readings.map(({ kind, unit }) => [kind, unit]), [['pressure', 'kPa']]);
  assert.equal(tyre!.make, { manufacturer: 'rtl_433', model: 'Schrader' });
  assert.equal(station!.readings.map(({ kind, value, unit }) => [kind, value, unit]), [['pressure', 1013.2, 'hPa'], ['wind_speed', 3.6, 'km/h'], ['rain', 12, 'mm']]);
});

test('rtl_433 events are a report format: an object with a model becomes an rtl_433 record', async () => {
  const t = await createTestService({ plugins: [rtl433Plugin] });
  try {
    const [format, ...others] = t.svc.reportFormats.list();
    assert.is(others.length, 0);
    assert.is(t.svc.reportFormats.ownerOf(format!.name), PLUGIN_NAME);
    assert.ok(format!.matches({ model: 'Nexus-TH', id: 1 }));
    assert.not.ok(format!.matches({ phy: 'BTLE', mac: 'C0:FF:EE:00:00:01' }));
    assert.equal(format!.packet('{"model":"Nexus-TH"}', 'SOURCE').json, { type: RTL433_RECORD_TYPE, text: '{"model":"Nexus-TH"}' });
  } finally {
    await t.close();
  }
});

test.run();
