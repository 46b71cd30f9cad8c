/**
 * Kismet's GPS routes svc added for issue 37, on a real listener: the GPS types, adding and
 * removing GPSes at run time with their UUIDs, one and every GPS's last report, and the `meta`
 * GPS whose positions are posted for the datasources bound to it (`metagps=`), by `.cmd` and
 * websocket; bad input (a malformed or unknown UUID, a bad definition, bad coordinates) is a
 * 400 or 404 and changes nothing, and each route wants its role; and the sensor's own track.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { createLogger } from '../../logger.js';
import { createTestDatasource, createTestService, testPhyPlugin, waitUntil, type TestService } from '../../testing/index.js';

const quiet = createLogger({ write: () => {} });
const harness = createTestDatasource();
let t: TestService;
let url: string;
let webgpsKey: string;
let readerKey: string;

test.before(async () => {
  t = await createTestService({ plugins: [testPhyPlugin, harness.plugin], config: { gps: 'virtual:lat=52.2163689,lon=6.8850232,name=roof', gps_max_devices: '4' }, log: quiet });
  url = (await t.svc.start()).url;
  webgpsKey = (await (await t.command('/auth/apikey/generate.cmd', { name: 'car', role: 'webgps' })).text()).trim();
  readerKey = (await (await t.command('/auth/apikey/generate.cmd', { name: 'reader', role: 'readonly' })).text()).trim();
});
test.after(async () => t.close());

const json = async (path: string, init?: Parameters<TestService['request']>[1]) => {
  const response = await t.request(path, init);
  return { status: response.status, body: (await response.json()) as any };
};
const add = (definition: unknown) => t.command('/gps/add_gps.cmd', { definition }).then(async (response) => ({ status: response.status, body: (await response.json()) as any }));
const gpsNames = async () => ((await json('/gps/all_gps.json')).body as any[]).map((gps) => gps['svc.gps.name']);

test('drivers.json lists every GPS type in Kismet\'s shape', async () => {
  const drivers = (await json('/gps/drivers.json')).body as any[];
  assert.equal(drivers.map((driver) => driver['svc.gps.type.class']), ['virtual', 'gpsd', 'tcp', 'web', 'meta']);
  const meta = drivers.find((driver) => driver['svc.gps.type.class'] === 'meta');
  assert.equal(Object.keys(meta), ['svc.gps.type.class', 'svc.gps.type.description', 'svc.gps.type.default_name', 'svc.gps.type.singleton', 'svc.gps.type.data_only']);
  assert.equal([meta['svc.gps.type.default_name'], meta['svc.gps.type.data_only'], drivers[0]['svc.gps.type.data_only']], ['meta', 1, 0]);
});

test('add_gps.cmd adds a GPS and answers its record; by-uuid/location and all_locations serve its report by UUID; remove_gps.cmd takes it out', async () => {
  const added = await add('virtual:lat=-34.9011,lon=-56.1645,alt=43,name=montevideo');
  assert.is(added.status, 200);
  const uuid = added.body['svc.gps.uuid'];
  assert.equal([added.body['svc.gps.name'], added.body['svc.gps.state'], added.body['svc.gps.data_only']], ['montevideo', 'running', 0]);
  const location = (await json(`/gps/by-uuid/${uuid.toLowerCase()}/location.json`)).body;
  assert.equal([location['svc.common.location.geopoint'], location['svc.common.location.alt'], location['svc.common.location.fix'], location['svc.common.location.gps_uuid']], [[-56.1645, -34.9011], 43, 3, uuid]);
  const all = (await json('/gps/all_locations.json')).body;
  const roof = t.svc.gps.byName('roof')!.uuid;
  assert.equal(Object.keys(all), [roof, uuid]);
  assert.equal(all[roof]['svc.common.location.geopoint'], [6.8850232, 52.2163689]);
  const ekjson = JSON.parse(await (await t.request('/gps/all_locations.ekjson')).text());
  assert.ok(ekjson[uuid].svc_common_location_geopoint, 'UUIDs stay keys; field names are rewritten');
  assert.equal((await json('/gps/location.json')).body['svc.common.location.geopoint'], [6.8850232, 52.2163689], 'the first GPS stays the server position');

  const removed = await json(`/gps/by-uuid/${uuid}/remove_gps.cmd`);
  assert.equal([removed.status, removed.body['svc.gps.name']], [200, 'montevideo']);
  assert.equal(await gpsNames(), ['roof']);
  assert.is((await json(`/gps/by-uuid/${uuid}/remove_gps.cmd`, { method: 'POST' })).status, 404, 'POST too, and gone');
});

test('bad input is a 400 or 404 and changes nothing; a UUID in use is a 409; the list is capped by gps_max_devices', async () => {
  for (const [definition, status, code] of [
    ['virtual:lat=95,lon=1', 200, undefined],
    ['nosuch:x=1', 400, 'SVC_ERR_NO_GPS_TYPE'],
    ['virtual:lat=1,lon=2,uuid=not-a-uuid', 400, 'SVC_ERR_BAD_GPS_DEFINITION'],
    ['virtual:lat=1,lon=2,name=roof', 400, 'SVC_ERR_BAD_GPS_DEFINITION'],
    [`virtual:lat=1,lon=2,uuid=${t.svc.gps.byName('roof')!.uuid}`, 409, 'SVC_ERR_CONFLICT'],
    [42, 400, 'SVC_ERR_BAD_REQUEST'],
    [undefined, 400, 'SVC_ERR_MISSING_KEY'],
  ] as const) {
    const before = await gpsNames();
    const answer = await add(definition);
    assert.is(answer.status, status, String(definition));
    if (code) {
      assert.is(answer.body.code, code, String(definition));
      assert.equal(await gpsNames(), before, `${definition}: nothing added`);
    }
  }
  // The out-of-range one was added, in error (a GPS that cannot open stays listed and is retried).
  const failed = ((await json('/gps/all_gps.json')).body as any[]).find((gps) => gps['svc.gps.name'] === 'virtual');
  assert.equal([failed['svc.gps.state'], /lat=95 is not a number between -90 and 90/.test(failed['svc.gps.error'])], ['error', true]);
  assert.is((await add('virtual:lat=1,lon=2,name=third')).status, 200);
  assert.is((await add('virtual:lat=1,lon=2,name=fourth')).status, 200);
  const full = await add('virtual:lat=1,lon=2,name=fifth');
  assert.equal([full.status, full.body.code], [400, 'SVC_ERR_LIST_FULL']);
  assert.match(full.body.error, 'gps_max_devices');
  for (const name of ['virtual', 'third', 'fourth']) await t.svc.gps.remove(t.svc.gps.byName(name)!);

  for (const path of ['/gps/by-uuid/nonsense/location.json', '/gps/by-uuid/nonsense/remove_gps.cmd']) assert.is((await json(path)).status, 400, path);
  for (const path of ['/gps/by-uuid/8A1C3E20-0000-4000-8000-0000000000FF/location.json', '/gps/by-uuid/8A1C3E20-0000-4000-8000-0000000000FF/remove_gps.cmd']) assert.is((await json(path)).status, 404, path);
});

test('a readonly login reads the GPS routes but cannot add or remove; none gets 401', async () => {
  const asReader = (path: string, init: RequestInit = {}) => t.request(path, { ...init, auth: false, headers: { cookie: `SVC=${readerKey}`, ...(init.headers as Record<string, string>) } }).then((response) => response.status);
  assert.is(await asReader('/gps/drivers.json'), 200);
  assert.is(await asReader('/gps/all_locations.json'), 200);
  assert.is(await asReader('/gps/add_gps.cmd', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ definition: 'virtual:lat=1,lon=1' }) }), 403);
  assert.is(await asReader(`/gps/by-uuid/${t.svc.gps.byName('roof')!.uuid}/remove_gps.cmd`), 403);
  assert.is((await t.request('/gps/drivers.json', { auth: false })).status, 401);
  assert.equal(await gpsNames(), ['roof']);
});

test('a meta GPS takes positions posted for it, by .cmd and websocket, and gives them to the datasources bound to it, never to the server', async () => {
  const post = (name: string, body: unknown, key = webgpsKey) =>
    t.request(`/gps/meta/${name}/update.cmd`, { method: 'POST', auth: false, headers: { cookie: `SVC=${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.is((await post('car', { lat: 1, lon: 2 })).status, 404, 'no meta GPS named car yet');
  const added = await add('meta:name=car');
  assert.equal([added.status, added.body['svc.gps.data_only']], [200, 1]);
  const car = added.body['svc.gps.uuid'];

  const posted = await post('car', { lat: 48.1373968, lon: 11.5754982, alt: 519 });
  assert.is(posted.status, 200);
  assert.equal(((await posted.json()) as any)['svc.common.location.fix'], 3);
  const reported = (await json(`/gps/by-uuid/${car}/location.json`)).body;
  assert.equal([reported['svc.common.location.geopoint'], reported['svc.common.location.valid']], [[11.5754982, 48.1373968], 1]);
  assert.equal((await json('/gps/location.json')).body['svc.common.location.geopoint'], [6.8850232, 52.2163689], 'data only: not the server position');

  for (const [body, status] of [
    [{ lat: 95, lon: 11 }, 400],
    [{ lon: 11 }, 400],
    [{ lat: 'north', lon: 11 }, 400],
  ] as const) {
    assert.is((await post('car', body)).status, status, JSON.stringify(body));
  }
  assert.equal((await json(`/gps/by-uuid/${car}/location.json`)).body['svc.common.location.geopoint'], [11.5754982, 48.1373968], 'bad positions changed nothing');
  assert.is((await post('car', { lat: 1, lon: 2 }, readerKey)).status, 403);

  const socket = new WebSocket(`${url.replace('http', 'ws')}/gps/meta/car/update.ws?SVC=${webgpsKey}`);
  const replies: any[] = [];
  socket.on('message', (data) => replies.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ lat: 48.1337487, lon: 11.5794273 }));
  socket.send(JSON.stringify({ lat: 200, lon: 11 }));
  await waitUntil('both answers', () => replies.length === 2);
  socket.close();
  assert.equal(replies[0], { update: 'ok' });
  assert.equal([replies[1].update, /'lat' must be a number between -90 and 90/.test(replies[1].error)], ['error', true]);

  const bound = await t.svc.datasources.add('testsource-1:metagps=car');
  harness.capture(bound.uuid)!.emit(2);
  await waitUntil('its devices', () => [...t.svc.devices.devices()].length >= 2);
  const located = [...t.svc.devices.devices()].map((device) => device.location?.last);
  assert.ok(located.every((last) => last !== undefined && last.lat === 48.1337487 && last.lon === 11.5794273), 'devices are where the car was, not the roof');

  const unbound = await t.svc.datasources.add('testsource-2:metagps=van');
  assert.equal([t.svc.gps.byName('van')?.definition.type, t.svc.gps.byName('van')?.dataOnly], ['meta', true], 'metagps= made the missing meta GPS');
  const before = t.svc.devices.size;
  harness.capture(unbound.uuid)!.emit(1);
  await waitUntil('its device', () => t.svc.devices.size > before);
  const vanDevice = [...t.svc.devices.devices()].find((device) => !located.includes(device.location?.last));
  assert.is(vanDevice?.location, undefined, 'a source whose meta GPS has no fix gives its devices no position (not the server one)');
  const refused = await t.command('/datasource/add_source.cmd', { definition: 'testsource-3:metagps=a/b' });
  assert.equal([refused.status, /metagps must name a GPS/.test(((await refused.json()) as { error: string }).error)], [400, true]);
});

test("the positions a web GPS reports are the sensor's track (/gps/track.json): in order, a shuffle in place adds nothing, since gives what came after", async () => {
  const track = await createTestService({ config: { gps: ['web:name=phone'] }, log: quiet });
  try {
    await track.svc.start();
    const post = (lat: number, lon: number) => track.request('/gps/web/update.cmd', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ lat, lon, alt: 12 }) });
    const drive = [[52.37, 4.89], [52.371, 4.89], [52.372, 4.891], [52.372000001, 4.891]] as const;
    for (const [lat, lon] of drive) {
      assert.is((await post(lat, lon)).status, 200);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const points = ((await (await track.request('/gps/track.json')).json()) as Record<string, unknown>)['svc.gps.track'] as number[][];
    assert.equal(points.map((point) => point.slice(1)), [[52.37, 4.89, 12], [52.371, 4.89, 12], [52.372, 4.891, 12]], 'the last post moved under a millimetre');
    const since = ((await (await track.request(`/gps/track.json?since=${points[0]![0]}`)).json()) as Record<string, unknown>)['svc.gps.track'] as number[][];
    assert.equal(since, points.slice(1));
    assert.is((await track.request('/gps/track.json?since=soon')).status, 400);
  } finally {
    await track.close();
  }
});

test.run();
