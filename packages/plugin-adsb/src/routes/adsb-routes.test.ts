/**
 * Kismet's ADS-B routes on a real listening server, read by real `ws` clients: a recording of
 * dump1090's AVR output replayed through an `adsb` source comes out of `/phy/ADSB/raw.ws` as the
 * same lines and out of `/phy/ADSB/beast.ws` as Beast messages of the same frames, stamped with
 * the packets' time, and out of `/datasource/by-uuid/<uuid>/adsb_raw.ws` only for its source;
 * `/phy/ADSB/map_data.json` lists the aircraft with their positions and the box around them,
 * and takes `fields`; the proxy takes AVR lines into a source of its own; anonymous clients are
 * refused on every route, and an `adsb` key reads the frame sockets and nothing else.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { createLogger } from '@svc/core';
import { createTestService, realDataPath, realDataTest, TEST_ADMIN, waitUntil, type TestService } from '@svc/core/testing';
import { BeastStream, type BeastMessage } from '../feeds/beast-stream.js';
import { beastClock } from '../feeds/frame-writers.js';
import adsbPlugin, { icaoMac } from '../index.js';

const AVR = 'adsb/modes1.frames.txt';
/** dump1090's list of the aircraft in the same recording. */
const REFERENCE = 'adsb/modes1.dump1090.json';
const FRAMES = 319;
const LOGIN = `user=${TEST_ADMIN.user}&password=${TEST_ADMIN.password}`;

let t: TestService;
let base: string;
test.before.each(async () => {
  t = await createTestService({ plugins: [adsbPlugin], log: createLogger({ write: () => {} }) });
  base = (await t.svc.start()).url.replace(/^http/, 'ws');
});
test.after.each(() => t.close());

/** An open websocket on `path` and what it received so far. */
async function listen(path: string, query = LOGIN): Promise<{ socket: WebSocket; received: Buffer[]; texts: boolean[] }> {
  const socket = new WebSocket(`${base}${path}?${query}`);
  const received: Buffer[] = [];
  const texts: boolean[] = [];
  socket.on('message', (data, isBinary) => {
    received.push(data as Buffer);
    texts.push(!isBinary);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, received, texts };
}

realDataTest(test, 'a replayed AVR recording comes out of /phy/ADSB/raw.ws as its lines and out of /phy/ADSB/beast.ws as the same frames', [AVR], async () => {
  const lines = readFileSync(realDataPath(AVR), 'utf8').split('\n').filter(Boolean);
  assert.is(lines.length, FRAMES);
  const raw = await listen('/phy/ADSB/raw.ws');
  const beast = await listen('/phy/ADSB/beast.ws');
  const started = Math.floor(Date.now() / 1000);
  const source = await t.svc.datasources.add(`${realDataPath(AVR)}:type=adsb,name=modes1`);
  await waitUntil(`${FRAMES} raw lines`, () => raw.received.length >= FRAMES);
  await waitUntil(`${FRAMES} Beast messages`, () => beast.received.length >= FRAMES);
  assert.is(source.numErrorPackets, 0);
  assert.ok(raw.texts.every(Boolean), 'raw frames are text messages');
  assert.equal(raw.received.map(String), lines.map((line) => `${line}\n`));
  assert.ok(beast.texts.every((text) => !text), 'Beast messages are binary');
  const stream = new BeastStream();
  const messages: BeastMessage[] = beast.received.flatMap((message) => stream.push(message));
  assert.is(stream.bad, 0);
  assert.is(stream.leftover, 0);
  assert.equal(messages.map((message) => `*${message.frame.toString('hex')};`), lines);
  const [from, to] = [beastClock(started, 0), beastClock(Math.floor(Date.now() / 1000), 999_999)];
  assert.ok(messages.every((message) => message.clock >= from && message.clock <= to), 'clocked at the packet time (12 MHz ticks)');
  assert.ok(messages.every((message) => message.signal === 0), 'AVR carries no signal: 0, as dump1090 writes for unknown');
  raw.socket.close();
  beast.socket.close();
  await waitUntil('the sockets released', async () => /svc_adsb_sockets 0\b/.test(await (await t.request('/metrics')).text()));
  const metrics = await (await t.request('/metrics')).text();
  assert.match(metrics, new RegExp(`svc_adsb_socket_frames_total ${2 * FRAMES}\\b`));
  assert.match(metrics, /svc_adsb_socket_dropped_frames_total 0\b/);
});

realDataTest(test, "/phy/ADSB/map_data.json lists the recent aircraft, 4D2023 at dump1090's position, in the box around them; fields picks keys", [AVR, REFERENCE], async () => {
  const [plane] = (JSON.parse(readFileSync(realDataPath(REFERENCE), 'utf8')) as { aircraft: { lat: number; lon: number }[] }).aircraft;
  const source = await t.svc.datasources.add(`${realDataPath(AVR)}:type=adsb,name=modes1`);
  await waitUntil(`${FRAMES} frames`, () => source.numPackets >= FRAMES);
  const response = await t.request('/phy/ADSB/map_data.json');
  assert.is(response.status, 200);
  const map = (await response.json()) as Record<string, any>;
  const devices = map['svc.adsb.map.devices'] as Record<string, any>[];
  const aircraft = devices.find((device) => device['adsb.device']?.['adsb.device.icao'] === '4D2023');
  assert.ok(aircraft, `4D2023 among ${devices.map((device) => device['adsb.device']?.['adsb.device.icao']).join(', ')}`);
  assert.is(aircraft['svc.device.base.phyname'], 'ADSB');
  const last = aircraft['svc.device.base.location']['svc.common.location.last'];
  const [lon, lat] = last['svc.common.location.geopoint'] as [number, number];
  assert.is(aircraft['adsb.device']['adsb.device.lat'], lat);
  assert.is(aircraft['adsb.device']['adsb.device.lon'], lon);
  assert.ok(Math.abs(lat - plane!.lat) < 1e-4 && Math.abs(lon - plane!.lon) < 1e-4, `4D2023 at ${lat},${lon}, dump1090 has ${plane!.lat},${plane!.lon}`);
  const placed = devices.map((device) => device['svc.device.base.location']?.['svc.common.location.last']?.['svc.common.location.geopoint']).filter(Boolean) as [number, number][];
  assert.is(map['svc.adsb.map.min_lat'], Math.min(...placed.map(([, y]) => y)));
  assert.is(map['svc.adsb.map.max_lat'], Math.max(...placed.map(([, y]) => y)));
  assert.is(map['svc.adsb.map.min_lon'], Math.min(...placed.map(([x]) => x)));
  assert.is(map['svc.adsb.map.max_lon'], Math.max(...placed.map(([x]) => x)));
  const picked = await t.command('/phy/ADSB/map_data.json', { fields: ['svc.adsb.map.min_lat', ['svc.adsb.map.max_lat', 'north']] });
  assert.equal(await picked.json(), { 'svc.adsb.map.min_lat': map['svc.adsb.map.min_lat'], north: map['svc.adsb.map.max_lat'] });
});

test('an empty sky: no aircraft and a zero box', async () => {
  const map = await (await t.request('/phy/ADSB/map_data.json')).json();
  assert.equal(map, { 'svc.adsb.map.min_lat': 0, 'svc.adsb.map.min_lon': 0, 'svc.adsb.map.max_lat': 0, 'svc.adsb.map.max_lon': 0, 'svc.adsb.map.devices': [] });
});

/** The HTTP status a websocket upgrade on `path` is refused with (fails the test if it opens). */
async function refusal(path: string, query = ''): Promise<number> {
  const socket = new WebSocket(`${base}${path}${query ? `?${query}` : ''}`);
  const status = await new Promise<number>((resolve, reject) => {
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('open', () => reject(new Error(`${path} opened`)));
    socket.once('error', () => {});
  });
  socket.terminate();
  return status;
}

const apiKey = async (name: string, role: string) => (await (await t.command('/auth/apikey/generate.cmd', { name, role, duration: 0 })).text()).trim();
const SOME_UUID = '5FE308BD-0000-0000-0000-00000000ADBE';

test('anonymous clients are refused on every ADS-B route; a readonly key is let in; an adsb key reads the frame sockets only', async () => {
  assert.is((await t.request('/phy/ADSB/map_data.json', { auth: false })).status, 401);
  for (const path of ['/phy/ADSB/raw.ws', '/phy/ADSB/beast.ws', `/datasource/by-uuid/${SOME_UUID}/adsb_raw.ws`]) assert.is(await refusal(path), 401, path);
  const key = await apiKey('map', 'readonly');
  assert.is((await t.request('/phy/ADSB/map_data.json', { auth: false, headers: { cookie: `SVC=${key}` } })).status, 200);
  (await listen('/phy/ADSB/raw.ws', `SVC=${key}`)).socket.close();
  const feeder = await apiKey('feeder', 'adsb');
  for (const path of ['/phy/ADSB/raw.ws', '/phy/ADSB/beast.ws', `/datasource/by-uuid/${SOME_UUID}/adsb_raw.ws`]) (await listen(path, `SVC=${feeder}`)).socket.close();
  assert.is((await t.request('/phy/ADSB/map_data.json', { auth: false, headers: { cookie: `SVC=${feeder}` } })).status, 403);
  assert.is((await t.request('/devices/views/all/devices.json', { auth: false, headers: { cookie: `SVC=${feeder}` } })).status, 403);
  assert.is(await refusal('/datasource/by-uuid/not-a-uuid/adsb_raw.ws', LOGIN), 400);
});

realDataTest(test, "/datasource/by-uuid/<uuid>/adsb_raw.ws sends its source's frames and no other's", [AVR], async () => {
  const lines = readFileSync(realDataPath(AVR), 'utf8').split('\n').filter(Boolean);
  const first = await t.svc.datasources.add(`${realDataPath(AVR)}:type=adsb,name=first`);
  await waitUntil('the first replay', () => first.numPackets >= FRAMES);
  const mine = await listen(`/datasource/by-uuid/${first.uuid.toLowerCase()}/adsb_raw.ws`);
  const others = await listen(`/datasource/by-uuid/${SOME_UUID}/adsb_raw.ws`);
  const second = await t.svc.datasources.add(`${realDataPath(AVR)}:type=adsb,name=second,uuid=${SOME_UUID}`);
  await waitUntil(`${FRAMES} lines of the second`, () => others.received.length >= FRAMES);
  assert.equal(others.received.map(String), lines.map((line) => `${line}\n`));
  assert.is(second.numPackets, FRAMES);
  assert.is(mine.received.length, 0, 'the first source replayed before its socket opened, and the second is not its');
  mine.socket.close();
  others.socket.close();
});

test('the proxy: create.cmd makes an adsbproxy source; AVR lines sent to its socket become its packets and aircraft', async () => {
  const created = await t.command('/phy/ADSB/proxy/create.cmd', { name: 'roof' });
  assert.is(created.status, 200);
  const record = (await created.json()) as Record<string, any>;
  const uuid = record['svc.datasource.uuid'] as string;
  assert.is(record['svc.datasource.type_driver']['svc.datasource.driver.type'], 'adsbproxy');
  assert.is(record['svc.datasource.name'], 'roof');
  const feeder = await apiKey('roof-decoder', 'datasource');
  const socket = new WebSocket(`${base}/phy/ADSB/by-uuid/${uuid}/proxy.ws?SVC=${feeder}`);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  for (const line of ['*8D4840D6202CC371C32CE0576098;', '*8d4840d6202cc371c32ce0576098;\n', 'not a frame', '*8D4840D6;']) socket.send(line);
  const source = t.svc.datasources.get(uuid)!;
  await waitUntil('four packets', () => source.numPackets >= 4);
  assert.is(source.numErrorPackets, 2);
  const plane = t.svc.devices.find(t.svc.devices.phy('ADSB')!, icaoMac(0x4840d6));
  assert.ok(plane, 'aircraft 4840D6 tracked');
  assert.is(plane.name, 'KLM1023');
  socket.close();
  assert.is((await t.command('/phy/ADSB/proxy/create.cmd', { uuid })).status, 409, 'a UUID in use');
  assert.is((await t.command('/phy/ADSB/proxy/create.cmd', { uuid: 'nope' })).status, 400);
  assert.is(await refusal(`/phy/ADSB/by-uuid/${SOME_UUID}/proxy.ws`, LOGIN), 404, 'no such proxy');
  assert.is(await refusal(`/phy/ADSB/by-uuid/${uuid}/proxy.ws`, `SVC=${await apiKey('reader', 'readonly')}`), 403);
});

test.run();
