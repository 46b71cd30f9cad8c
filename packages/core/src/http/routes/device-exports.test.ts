/**
 * The KML and GPX exports over a real listening server: devices located along a synthetic
 * drive (estimates), located without a signal (last fix) and never located, names XML must
 * escape. GPSBabel reads each file back to the positions the REST API reports, to the
 * precision written, with the names; `search=` keeps what the device list's search keeps; a
 * readonly login may export, no login may not, an unknown view is a 404.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../logger.js';
import { createTestService, gpsbabelPoints, TEST_ADMIN, TestSource, testPhyPlugin, type TestService } from '../../testing/index.js';
import { syntheticDrive } from '../../tracker/synthetic-drive.test-helper.js';

let t: TestService;
let base: string;
let readonlyKey: string;
const scratch = mkdtempSync(join(tmpdir(), 'svc-exports-'));
const adminAuth = `Basic ${Buffer.from(`${TEST_ADMIN.user}:${TEST_ADMIN.password}`).toString('base64')}`;
const TIME = 1_760_000_000;

test.before(async () => {
  t = await createTestService({ plugins: [testPhyPlugin], log: createLogger({ write: () => {} }) });
  base = (await t.svc.start()).url;
  readonlyKey = (await (await t.command('/auth/apikey/generate.cmd', { name: 'viewer', role: 'readonly' })).text()).trim();
  const source = new TestSource(t.svc);
  const drive = syntheticDrive();
  drive.transmitters.slice(0, 8).forEach((transmitter, index) => {
    const name = index === 0 ? 'Café & "bar" <5G>' : `${index % 2 ? 'alpha' : 'bravo'}-${index}`;
    const mac = `02:00:00:00:01:${String(index).padStart(2, '0')}`;
    for (const sample of transmitter.samples) source.send({ mac, name, time: sample.time, signal: sample.signalDbm, gps: { lat: sample.lat, lon: sample.lon, fix: 2, time: sample.time } });
  });
  // Located without a signal (the last fix, one with an altitude), and never located.
  source.send({ mac: '02:00:00:00:02:01', name: 'bravo-last', time: TIME, gps: { lat: -33.4567891, lon: -70.6543219, fix: 2, time: TIME } });
  source.send({ mac: '02:00:00:00:02:02', name: 'alpha, high', time: TIME, gps: { lat: 47.3769123, lon: 8.5417456, alt: 408.25, fix: 3, time: TIME } });
  source.send({ mac: '02:00:00:00:02:03', name: 'bravo-nowhere', time: TIME, signal: -40 });
});
test.after(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = { authorization: adminAuth }) => fetch(`${base}${path}`, { headers });

/** Every device's name and position as the REST API reports it: the estimate when it has samples, else the last fix. */
async function servedPositions(search?: string): Promise<Map<string, { lat: number; lon: number; alt: number }>> {
  const response = await fetch(`${base}/devices/views/all/devices.json`, {
    method: 'POST',
    headers: { authorization: adminAuth, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ json: JSON.stringify({ datatable: true, ...(search && { search: { value: search } }) }) }),
  });
  const { data } = (await response.json()) as { data: Record<string, any>[] };
  const positions = new Map<string, { lat: number; lon: number; alt: number }>();
  for (const device of data) {
    const location = device['svc.device.base.location'];
    if (!location) continue;
    const point = location['svc.common.location.estimate_samples'] > 0 ? location['svc.common.location.estimate_loc'] : location['svc.common.location.last'];
    const [lon, lat] = point['svc.common.location.geopoint'];
    positions.set(device['svc.device.base.commonname'], { lat, lon, alt: point['svc.common.location.alt'] });
  }
  return positions;
}

/** The export of `path`, saved and read back by GPSBabel, as name and position. */
async function readBack(path: string, format: 'kml' | 'gpx'): Promise<Map<string, { lat: string; lon: string; alt: string }>> {
  const response = await get(path);
  assert.is(response.status, 200, path);
  const file = join(scratch, `export.${format}`);
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  const points = await gpsbabelPoints(file, format);
  return new Map(points.map((point) => [point.Name!, { lat: point.Latitude!, lon: point.Longitude!, alt: point.Altitude! }]));
}

for (const format of ['kml', 'gpx'] as const) {
  test(`${format}: GPSBabel reads back every located device at the position the API reports, with its name`, async () => {
    const served = await servedPositions();
    assert.is(served.size, 10, 'ten located devices');
    assert.ok([...served.keys()].filter((name) => name.startsWith('bravo-') || name.startsWith('alpha-')).length >= 7);
    const read = await readBack(`/devices/views/all/devices.${format}`, format);
    assert.equal([...read.keys()].sort(), [...served.keys()].sort(), 'the same devices, names escaped and read back');
    for (const [name, position] of served) {
      const point = read.get(name)!;
      assert.equal([point.lat, point.lon], [position.lat.toFixed(6), position.lon.toFixed(6)], name);
      assert.is(point.alt, position.alt ? position.alt.toFixed(1) : '', `${name} altitude`);
    }
  });

  test(`${format}: the answer's type and file name; search= keeps what the device list's search keeps`, async () => {
    const response = await get(`/devices/views/phy-TESTPHY/devices.${format}`);
    assert.is(response.status, 200);
    assert.is(response.headers.get('content-type'), format === 'kml' ? 'application/vnd.google-earth.kml+xml' : 'application/gpx+xml');
    assert.is(response.headers.get('content-disposition'), `attachment; filename="svc-phy-TESTPHY.${format}"`);
    const text = await response.text();
    assert.match(text, format === 'kml' ? /^<\?xml version="1.0" encoding="UTF-8"\?>\n<kml xmlns="http:\/\/www.opengis.net\/kml\/2.2">/ : /<gpx version="1.1" [^>]*xmlns="http:\/\/www.topografix.com\/GPX\/1\/1"/);
    assert.match(text, /Position: estimate from 20 samples, radius \d+ m/);
    const read = await readBack(`/devices/views/all/devices.${format}?search=BRAVO`, format);
    const expected = await servedPositions('BRAVO');
    assert.ok(expected.size >= 4 && !expected.has('bravo-nowhere'), 'the located bravos');
    assert.equal([...read.keys()].sort(), [...expected.keys()].sort());
  });
}

test('roles: a readonly login may export, no login may not; an unknown view is a 404', async () => {
  assert.is((await get('/devices/views/all/devices.kml', { cookie: `SVC=${readonlyKey}` })).status, 200);
  assert.is((await get('/devices/views/all/devices.gpx', { cookie: `SVC=${readonlyKey}` })).status, 200);
  assert.is((await get('/devices/views/all/devices.kml', {})).status, 401);
  assert.is((await get('/devices/views/all/devices.gpx', {})).status, 401);
  const unknown = await get('/devices/views/nonesuch/devices.kml');
  assert.is(unknown.status, 404);
  assert.match(await unknown.text(), /no device view 'nonesuch'/);
});

test.run();
