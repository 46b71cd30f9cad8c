/**
 * rtl_433 end to end: `svc start -c <recording>:type=rtl433` as a real process runs the real
 * `rtl_433 -r` on a shared recording through the first-party rtl433 plugin, and a client finds
 * the sensors in the REST views, as rtl_433's own output for that recording lists them.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { testDataPath } from '@svc/core/testing';
import { adminGet, startSvc, waitForFirstSource, type SvcProcess } from './svc-process.js';

const recording = testDataPath('rtl433', 'ambient_weather__01__f007th.cu8');
const reference = readFileSync(recording.replace(/\.cu8$/, '.rtl433.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Record<string, any>);

let svc: SvcProcess;
let get: (path: string) => Promise<any>;

test.before(async () => {
  svc = await startSvc({ args: ['-c', `${recording}:type=rtl433,name=attic`] });
  get = adminGet(svc);
  await waitForFirstSource(svc, reference.length);
});
test.after(async () => {
  await svc.stop();
});

test('the source is an rtl433 replay; types.json lists the type', async () => {
  const [source] = await get('/datasource/all_sources.json');
  assert.is(source['svc.datasource.type_driver']['svc.datasource.driver.type'], 'rtl433');
  assert.is(source['svc.datasource.name'], 'attic');
  const types = await get('/datasource/types.json');
  assert.ok(types.some((type: any) => type['svc.datasource.driver.type'] === 'rtl433'));
});

test("phy-RTL433 and rtl433-thermometers list rtl_433's sensors with their model, id and temperature in Celsius", async () => {
  const views = await get('/devices/views/all_views.json');
  for (const id of ['phy-RTL433', 'rtl433-thermometers', 'rtl433-weatherstations', 'rtl433-tpms']) {
    assert.ok(views.some((view: any) => view['svc.devices.view.id'] === id), id);
  }
  const sensors = await get('/devices/views/rtl433-thermometers/devices.json');
  const expected = reference.map((message) => `${message.model}/${message.id}`).sort();
  const common = (device: any) => device['rtl433.device']['rtl433.device.common'];
  assert.equal(sensors.map((device: any) => `${common(device)['rtl433.device.model']}/${common(device)['rtl433.device.id']}`).sort(), expected);
  for (const device of sensors) {
    const message = reference.find((entry) => String(entry.id) === common(device)['rtl433.device.id'])!;
    assert.is(device['svc.device.base.type'], 'Sensor');
    assert.is(device['svc.device.base.name'], message.model);
    const celsius = device['rtl433.device']['rtl433.device.thermometer']['rtl433.device.temperature'];
    assert.ok(Math.abs(celsius - ((message.temperature_F - 32) * 5) / 9) < 1e-3, `${celsius} °C for ${message.temperature_F} °F`);
  }
  assert.equal(await get('/devices/views/phy-RTL433/devices.json').then((all: any[]) => all.length), reference.length);
});
test.run();
