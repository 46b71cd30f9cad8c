/**
 * rtl_433 end to end: `svc start -c <recording>:type=rtl433` as a real process runs the real
 * `rtl_433 -r` on a recording through the first-party rtl433 plugin, and a client finds the
 * sensors in the REST views, as rtl_433's own output for that recording lists them, named as
 * Kismet names them. Once on a shared real recording (when the real data is there), once on
 * svc's synthetic recording, which has a sensor of every class of 433 MHz sensors, so every
 * per-class view but air quality and Insteon has members.
 */
import { suite, type Test } from 'uvu';
import * as assert from 'uvu/assert';
import { hasRealData, projectDataPath, realDataPath, realDataTest } from '@svc/core/testing';
import { SYNTHETIC_RECORDING, SYNTHETIC_REFERENCE } from '@svc/plugin-sdr-rtl433/synthetic';
import { expectedReadings, expectedSensorName, messagesBySensor, readRtl433Lines, type ReferenceMessage } from '@svc/plugin-sdr-rtl433/testing';
import { adminGet, startSvc, waitForFirstSource, type SvcProcess } from './svc-process.js';

/** Each per-class view of the RTL433 era and the sub-record of `sensor.device` that puts a sensor in it. */
const RENAMED_CLASS_VIEWS = {
  'sensor-thermometers': 'sensor.device.thermometer',
  'sensor-weatherstations': 'sensor.device.weatherstation',
  'sensor-tpms': 'sensor.device.tpms',
  'sensor-lightning': 'sensor.device.lightningsensor',
  'sensor-switches': 'sensor.device.switch',
} as const;

/** Every per-class view: those of the RTL433 era and those of Kismet's later classes. */
const CLASS_VIEWS = {
  ...RENAMED_CLASS_VIEWS,
  'sensor-moisture': 'sensor.device.moisturesensor',
  'sensor-aqi': 'sensor.device.aqi',
  'sensor-insteon': 'sensor.device.insteon',
} as const;

/**
 * The suite on one recording and its reference; `register` registers its tests (a real-data
 * test when the recording is in the real data) and `available` says whether to start svc.
 */
function rtl433Suite(name: string, recording: string, referencePath: string, register: (test: Test, name: string, fn: () => Promise<void>) => void, available: () => boolean): void {
  const test = suite(name);
  let svc: SvcProcess | undefined;
  let get: (path: string) => Promise<any>;
  let reference: ReferenceMessage[];

  test.before(async () => {
    if (!available()) return;
    reference = readRtl433Lines(referencePath);
    svc = await startSvc({ args: ['-c', `${recording}:type=rtl433,name=attic`] });
    get = adminGet(svc);
    await waitForFirstSource(svc, reference.length);
  });
  test.after(async () => {
    await svc?.stop();
  });

  register(test, 'the source is an rtl433 replay; types.json lists the type', async () => {
    const [source] = await get('/datasource/all_sources.json');
    assert.is(source['svc.datasource.type_driver']['svc.datasource.driver.type'], 'rtl433');
    assert.is(source['svc.datasource.name'], 'attic');
    const types = await get('/datasource/types.json');
    assert.ok(types.some((type: any) => type['svc.datasource.driver.type'] === 'rtl433'));
  });

  register(test, "phy-RFSENSOR and sensor-thermometers list rtl_433's sensors, named as Kismet names them, with their temperature in Celsius; each per-class view lists the sensors of its class with their readings", async () => {
    const views = await get('/devices/views/all_views.json');
    for (const id of ['phy-RFSENSOR', ...Object.keys(CLASS_VIEWS)]) {
      assert.ok(views.some((view: any) => view['svc.devices.view.id'] === id), id);
    }
    const sensors = new Map([...messagesBySensor(reference).values()].map((messages) => [expectedSensorName(messages[0]!), messages]));
    const keyOf = (device: any) => device['svc.device.base.name'];
    for (const [view, part] of Object.entries(CLASS_VIEWS)) {
      const members = await get(`/devices/views/${view}/devices.json`);
      const expected = [...sensors].filter(([, messages]) => Object.keys(expectedReadings(messages.at(-1)!)).some((path) => path.startsWith(`${part}/`)));
      assert.equal(members.map(keyOf).sort(), expected.map(([key]) => key).sort(), view);
      for (const device of members) {
        const message = sensors.get(keyOf(device))!.at(-1)!;
        assert.is(device['svc.device.base.type'], 'Sensor');
        assert.is(device['sensor.device']['sensor.device.common']['sensor.device.model'], keyOf(device), "Kismet's model field is the name");
        for (const [path, value] of Object.entries(expectedReadings(message)).filter(([path]) => path.startsWith(`${part}/`))) {
          const actual = path.split('/').reduce<any>((record, key) => record?.[key], device['sensor.device']);
          if (typeof value === 'string') assert.is(actual, value, `${keyOf(device)} ${path}`);
          else assert.ok(Math.abs(actual - value) < 1e-3, `${keyOf(device)} ${path}: ${actual} for ${value}`);
        }
      }
    }
    assert.equal(await get('/devices/views/phy-RFSENSOR/devices.json').then((all: any[]) => all.length), sensors.size);
  });

  register(test, 'the view ids of the RTL433 era still answer, as the RFSENSOR views, and all_views lists only the new ids', async () => {
    const keys = (path: string) => get(path).then((devices: any[]) => devices.map((device) => device['svc.device.base.key']).sort());
    const renamed = [['phy-RTL433', 'phy-RFSENSOR'], ...Object.keys(RENAMED_CLASS_VIEWS).map((id) => [id.replace(/^sensor-/, 'rtl433-'), id])];
    for (const [former, current] of renamed) assert.equal(await keys(`/devices/views/${former}/devices.json`), await keys(`/devices/views/${current}/devices.json`), former);
    assert.equal(await keys('/devices/views/phy/RTL433/devices.json'), await keys('/devices/views/phy/RFSENSOR/devices.json'));
    const ids = (await get('/devices/views/all_views.json')).map((view: any) => view['svc.devices.view.id']);
    assert.not.ok(ids.some((id: string) => id === 'phy-RTL433' || id.startsWith('rtl433-')), ids.join(' '));
  });

  test.run();
}

const AMBIENT = ['rtl433/ambient_weather__01__f007th.cu8', 'rtl433/ambient_weather__01__f007th.rtl433.jsonl'];
rtl433Suite(
  'a shared real recording (Ambient Weather F007TH)',
  realDataPath(AMBIENT[0]!),
  realDataPath(AMBIENT[1]!),
  (test, name, fn) => realDataTest(test, name, AMBIENT, fn),
  () => hasRealData(AMBIENT),
);
rtl433Suite("svc's synthetic recording (every class of 433 MHz sensors)", projectDataPath('rtl433', SYNTHETIC_RECORDING), projectDataPath('rtl433', SYNTHETIC_REFERENCE), (test, name, fn) => test(name, fn), () => true);
