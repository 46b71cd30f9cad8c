/**
 * The map's device route on a started service fed by the test datasource's located devices
 * (200 in a disc around Amsterdam, 50 more without a position): every device in the box at the
 * position its own record reports (`svc.common.location.last`), the search matching exactly the
 * devices the device table's search finds, layers by view, clusters when the box holds more
 * than the map draws one by one, the same answer through the query string, and requests that
 * make no sense refused with a sentence.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../../logger.js';
import { createTestDatasource, createTestService, testPhyPlugin, waitUntil, type TestService } from '../../testing/index.js';

const LOCATED = 200;
let t: TestService;

test.before(async () => {
  const harness = createTestDatasource();
  t = await createTestService({ plugins: [testPhyPlugin, harness.plugin], log: createLogger({ write: () => {} }) });
  await t.svc.start();
  await t.svc.datasources.add(`testsource-1:name=located,devices=${LOCATED},count=${LOCATED},flood=true,lat=52.37,lon=4.89,radius=2000`);
  await t.svc.datasources.add('testsource-2:name=unlocated,devices=50,count=50,flood=true');
  await waitUntil('every test device is tracked', () => t.svc.devices.size === LOCATED + 50);
});
test.after(() => t.close());

const post = async (path: string, body: Record<string, unknown>) => {
  const response = await t.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
};
const map = async (body: Record<string, unknown>, view = 'all') => {
  const answer = await post(`/devices/views/${view}/map.json`, body);
  assert.is(answer.status, 200, JSON.stringify(answer.body));
  return answer.body;
};

/** Every device's position as its record serves it, by key. */
async function servedPositions(): Promise<Map<string, [number, number]>> {
  const records = (await post('/devices/views/all/devices.json', { fields: ['svc.device.base.key', 'svc.device.base.location'] })).body as Record<string, any>[];
  const positions = new Map<string, [number, number]>();
  for (const record of records) {
    const last = record['svc.device.base.location']?.['svc.common.location.last'];
    if (last) positions.set(record['svc.device.base.key'], [last['svc.common.location.geopoint'][1], last['svc.common.location.geopoint'][0]]);
  }
  return positions;
}

test('every located device in the box at the position its record reports, with its name; the unlocated are left out', async () => {
  const positions = await servedPositions();
  assert.is(positions.size, LOCATED);
  const answer = await map({ box: [4.8, 52.3, 5.0, 52.45], zoom: 14 });
  assert.equal([answer['svc.map.located'], answer['svc.map.in_box'], answer['svc.map.clusters']], [LOCATED, LOCATED, []]);
  assert.equal(answer['svc.map.points'].map((point: unknown[]) => point[0]).sort(), [...positions.keys()].sort());
  for (const [key, lat, lon, layer, name] of answer['svc.map.points']) {
    assert.equal([lat, lon], positions.get(key), key);
    assert.is(layer, -1);
    assert.match(name, /^test-1-\d+$/);
  }
  const [west, south, east, north] = answer['svc.map.extent'];
  assert.ok(west > 4.86 && east < 4.92 && south > 52.35 && north < 52.39, 'the extent is the 2 km disc');
  const half = await map({ box: [4.89, 52.3, 5.0, 52.45], zoom: 14 });
  assert.equal(half['svc.map.points'].map((point: unknown[]) => point[0]).sort(), [...positions].filter(([, [, lon]]) => lon >= 4.89).map(([key]) => key).sort());
});

test('the search finds the devices the device table’s search finds, over its columns or the summary fields', async () => {
  const located = new Set((await servedPositions()).keys());
  // As the app's table asks: the key, then its columns' fields.
  for (const fields of [[], ['svc.device.base.key', 'svc.device.base.name'], ['svc.device.base.key', 'svc.device.base.macaddr', 'svc.device.base.channel']]) {
    for (const search of ['test-1-1', '02:7E:01:00:00:0', 'nothing like it']) {
      const table = (await post('/devices/views/all/devices.json', { datatable: true, length: 1000, search: { value: search }, ...(fields.length ? { fields } : {}) })).body;
      const expected = (table.data as Record<string, string>[]).map((record) => record['svc.device.base.key']).filter((key) => located.has(key)).sort();
      const answer = await map({ search, search_fields: fields, zoom: 14, box: [4, 52, 6, 53] });
      assert.equal(answer['svc.map.points'].map((point: unknown[]) => point[0]).sort(), expected, `${search} in ${fields.join(', ') || 'the summary fields'}`);
      assert.is(answer['svc.map.located'], expected.length);
    }
  }
});

test('layers by view: a device is in the first that holds it; hidden layers are left out', async () => {
  const views = ['test-named', 'all'];
  const answer = await map({ layers: views, zoom: 14, box: [4, 52, 6, 53] });
  assert.ok(answer['svc.map.points'].every((point: unknown[]) => point[3] === 0), 'test devices are named, so all in test-named');
  const hidden = await map({ layers: views, hidden: [0], zoom: 14, box: [4, 52, 6, 53] });
  assert.equal([hidden['svc.map.located'], hidden['svc.map.points']], [0, []]);
  const seenby = `seenby-${t.svc.datasources.list().find((source) => source.name === 'located')!.uuid}`;
  assert.is((await map({ zoom: 14 }, seenby))['svc.map.located'], LOCATED, 'any view, such as one source’s devices');
});

test('more devices in the box than max_points are clustered; the query string asks the same', async () => {
  const answer = await map({ box: [4, 52, 6, 53], zoom: 10, max_points: 50 });
  const clustered = answer['svc.map.clusters'].reduce((sum: number, cluster: number[]) => sum + cluster[2]!, 0);
  assert.ok(answer['svc.map.clusters'].length > 0);
  assert.is(clustered + answer['svc.map.points'].length, LOCATED);
  const viaQuery = await (await t.request('/devices/views/all/map.json?box=4,52,6,53&zoom=10&max_points=50')).json();
  assert.equal(viaQuery, answer);
});

test('asked to fit a map, the answer is the fitted box at the fitted zoom, every located device in it; with none located, no fit', async () => {
  const fit = { fit: [900, 600], fit_padding: 24, fit_max_zoom: 16 };
  const answer = await map(fit);
  const [lat, lon, zoom] = answer['svc.map.fit'];
  const [west, south, east, north] = answer['svc.map.extent'];
  assert.ok(Math.abs(lat - (south + north) / 2) < 0.01 && Math.abs(lon - (west + east) / 2) < 0.01, 'centred on the extent');
  assert.ok(Number.isInteger(zoom) && zoom >= 10 && zoom <= 16, `a 4 km disc fits a 900 × 600 map at a street zoom, not ${zoom}`);
  assert.is(answer['svc.map.in_box'], LOCATED, 'every located device is in the fitted box');
  const byBox = await map({ box: answer['svc.map.box'], zoom });
  assert.equal([byBox['svc.map.points'], byBox['svc.map.clusters']], [answer['svc.map.points'], answer['svc.map.clusters']], 'the same answer as the box and zoom asked');
  assert.equal(await map({ fit: '900,600', fit_padding: 24, fit_max_zoom: 16 }), answer, 'the same through text');
  const none = await map({ ...fit, hidden: [-1] });
  assert.equal([none['svc.map.located'], none['svc.map.fit'], none['svc.map.box']], [0, undefined, undefined]);
});

test('requests that make no sense are refused with a sentence; the route needs a login', async () => {
  const refused = async (body: Record<string, unknown>, view = 'all') => {
    const answer = await post(`/devices/views/${view}/map.json`, body);
    return [answer.status, answer.body.error];
  };
  assert.equal(await refused({}, 'nowhere'), [404, "no device view 'nowhere'; /devices/views/all_views.json lists them"]);
  assert.equal(await refused({ layers: ['all', 'nowhere'] }), [404, "no device view 'nowhere'; /devices/views/all_views.json lists them"]);
  assert.equal(await refused({ box: [5, 53, 4] }), [400, "'box' must be [west, south, east, north] in degrees (longitudes within ±180, south <= north)"]);
  assert.equal(await refused({ box: [4, 53, 5, 52] }), [400, "'box' must be [west, south, east, north] in degrees (longitudes within ±180, south <= north)"]);
  assert.equal(await refused({ zoom: 25 }), [400, "'zoom' must be a whole number from 0 to 24"]);
  assert.equal(await refused({ max_points: 0 }), [400, "'max_points' must be a whole number from 1 to 10000"]);
  assert.equal(await refused({ hidden: [3], layers: ['all'] }), [400, "'hidden' lists layer 3, which is not -1 or a number of 'layers'"]);
  assert.equal(await refused({ search: 5 }), [400, "'search' must be a string"]);
  assert.equal(await refused({ box: 'a,b,c,d' }), [400, "'box' must list numbers"]);
  const fitOrBox = "'fit' chooses the box and zoom: give 'fit' or 'box' and 'zoom', not both";
  assert.equal(await refused({ fit: [800, 600], zoom: 3 }), [400, fitOrBox]);
  assert.equal(await refused({ fit: [800, 600], box: [4, 52, 5, 53] }), [400, fitOrBox]);
  assert.equal(await refused({ fit: [800] }), [400, "'fit' must be [width, height]: the map's size in whole pixels from 1 to 16384"]);
  assert.equal(await refused({ fit: [800, 0.5] }), [400, "'fit' must be [width, height]: the map's size in whole pixels from 1 to 16384"]);
  assert.equal(await refused({ fit: [800, 40], fit_padding: 20 }), [400, "'fit_padding' must be a whole number from 0 to 19"]);
  assert.equal(await refused({ fit: [800, 600], fit_max_zoom: 30 }), [400, "'fit_max_zoom' must be a whole number from 0 to 24"]);
  assert.is((await t.request('/devices/views/all/map.json', { auth: false })).status, 401);
});

test.run();
