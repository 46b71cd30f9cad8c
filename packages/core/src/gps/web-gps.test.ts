/**
 * The `web` GPS (Kismet's gpsweb): a browser posts its position to `/gps/web/update.cmd` (or
 * sends it on `/gps/web/update.ws`) with a `webgps` API key, and it becomes the server's fix; bad
 * positions are refused with the reason, other roles are refused, and without `gps=web` the
 * route says what to configure. Also the gpsd type's words for a server that is not gpsd (a
 * plain TCP server that never sends gpsd's banner; the real gpsd is tested in
 * packages/cli/e2e/gpsd.test.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer } from 'node:net';
import WebSocket from 'ws';
import { createLogger } from '../logger.js';
import { createTestService, mutateText, seededRandom, waitUntil } from '../testing/index.js';
import type { GpsFix } from './gps-fix.js';
import { parseGpsDefinition } from './gps-definition.js';
import { gpsdGpsType } from './gpsd-gps.js';
import { readPostedPosition } from './pushed-gps.js';

const quiet = createLogger({ write: () => {} });

async function apiKey(t: Awaited<ReturnType<typeof createTestService>>, name: string, role: string): Promise<string> {
  const response = await t.command('/auth/apikey/generate.cmd', { name, role, duration: 0 });
  assert.is(response.status, 200);
  return (await response.text()).trim();
}

test('a browser posts positions with a webgps key: they become the fix, with a heading from the last one', async () => {
  const t = await createTestService({ config: { gps: ['web:name=phone'] }, log: quiet });
  try {
    await t.svc.start();
    const key = await apiKey(t, 'phone', 'webgps');
    const post = (body: Record<string, unknown>, token = key) =>
      t.request('/gps/web/update.cmd', { method: 'POST', headers: { 'content-type': 'application/json', cookie: `SVC=${token}` }, body: JSON.stringify(body), auth: false });
    const first = await post({ lat: 52.2163639, lon: 6.8850781, alt: 102.9, spd: 3.6 });
    assert.is(first.status, 200, await first.clone().text());
    const record = (await first.json()) as Record<string, any>;
    assert.equal(record['svc.common.location.geopoint'], [6.8850781, 52.2163639]);
    assert.is(record['svc.common.location.fix'], 3);
    const location = (await (await t.request('/gps/location.json')).json()) as Record<string, any>;
    assert.equal(location['svc.common.location.geopoint'], [6.8850781, 52.2163639]);
    assert.is(location['svc.common.location.speed'], 3.6);
    assert.is(location['svc.common.location.valid'], 1);
    const flat = (await (await post({ lat: '52.2', lon: '6.9' })).json()) as Record<string, any>;
    assert.is(flat['svc.common.location.fix'], 2, 'no altitude: a 2D fix, as Kismet does');
    for (const [body, words] of [
      [{ lon: 6.9 }, "'lat' is required"],
      [{ lat: 91, lon: 6.9 }, "'lat' must be a number between -90 and 90"],
      [{ lat: 'north', lon: 6.9 }, "'lat' must be a number"],
      [{ lat: 1, lon: 2, name: 'tablet' }, "no open web GPS named 'tablet'"],
    ] as const) {
      const refused = await post(body);
      assert.ok(refused.status === 400 || refused.status === 404, String(refused.status));
      assert.match(((await refused.json()) as { error: string }).error, words);
    }
    const reader = await apiKey(t, 'reader', 'readonly');
    assert.is((await post({ lat: 1, lon: 2 }, reader)).status, 403, 'a readonly key cannot move the server');

    const listener = await t.svc.start();
    const url = new URL('/gps/web/update.ws', listener.url.replace(/^http/, 'ws'));
    url.searchParams.set('SVC', key);
    const socket = new WebSocket(url);
    const replies: string[] = [];
    socket.on('message', (data) => replies.push(String(data)));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ lat: 41.57503, lon: -93.7505978 }));
    socket.send('not json');
    await waitUntil('both answers', () => replies.length === 2);
    socket.close();
    assert.equal(JSON.parse(replies[0]!), { update: 'ok' });
    assert.is(JSON.parse(replies[1]!).update, 'error');
    const moved = (await (await t.request('/gps/location.json')).json()) as Record<string, any>;
    assert.equal(moved['svc.common.location.geopoint'], [-93.7505978, 41.57503]);
    assert.ok(moved['svc.common.location.heading'] > 0, 'a heading from the previous position');
  } finally {
    await t.close();
  }
});

test('without gps=web the route says what to configure', async () => {
  const t = await createTestService({ log: quiet });
  try {
    const response = await t.command('/gps/web/update.cmd', { lat: 1, lon: 2 });
    assert.is(response.status, 404);
    assert.match(((await response.json()) as { error: string }).error, /add gps=web to svc\.conf/);
  } finally {
    await t.close();
  }
});

test('gpsd: a port that answers but is not gpsd, and bad options, are refused in words', async () => {
  const server = createServer((socket) => socket.write('SSH-2.0-OpenSSH\r\n'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const context = { name: 'g', log: quiet, update: () => {}, lost: () => {}, message: () => {} };
  try {
    await gpsdGpsType.open(parseGpsDefinition(`gpsd:host=127.0.0.1,port=${port},name=g`), context);
    assert.unreachable('an SSH banner was taken for gpsd');
  } catch (error: any) {
    assert.is(error.code, 'SVC_ERR_GPS_OPEN');
    assert.match(error.message, new RegExp(`gpsd at 127\\.0\\.0\\.1:${port} sent a line that is not JSON; is it gpsd\\?`));
  } finally {
    server.close();
  }
  for (const port of ['0', '70000', 'http']) {
    try {
      await gpsdGpsType.open(parseGpsDefinition(`gpsd:port=${port},name=g`), context);
      assert.unreachable(port);
    } catch (error: any) {
      assert.is(error.code, 'SVC_ERR_BAD_GPS_DEFINITION');
      assert.match(error.message, `port=${port} is not a TCP port`);
    }
  }
});

test('fuzz: mutated gpsd reports never break the connection handling; every fix it reports is a position', async () => {
  const random = seededRandom(23);
  const good = [
    '{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}',
    '{"class":"SKY","device":"/dev/pts/3","nSat":11,"uSat":3,"satellites":[{"PRN":8,"used":true}]}',
    '{"class":"TPV","device":"/dev/pts/3","mode":3,"time":"2028-04-08T08:14:39.000Z","lat":52.216363867,"lon":6.885078100,"altMSL":102.93,"speed":2.038,"track":12.5}',
  ];
  for (let round = 0; round < 40; round++) {
    const lines = [good[0]!, ...Array.from({ length: 30 }, (_, index) => mutateText(good[1 + (index % 2)]!, random))];
    const server = createServer((socket) => socket.end(`${lines.join('\n')}\n`));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const fixes: GpsFix[] = [];
    const lost: string[] = [];
    const context = { name: 'g', log: quiet, update: (fix: GpsFix) => void fixes.push(fix), lost: (reason: string) => void lost.push(reason), message: () => {} };
    const port = String((server.address() as { port: number }).port);
    try {
      const gps = await gpsdGpsType.open(parseGpsDefinition(`gpsd:host=127.0.0.1,port=${port},name=g`), context);
      await waitUntil('the stream is read to its end', () => lost.length > 0);
      await gps.close();
    } catch (error: any) {
      assert.is(error.code, 'SVC_ERR_GPS_OPEN', String(error));
    } finally {
      server.close();
    }
    for (const fix of fixes) {
      assert.ok(Number.isFinite(fix.lat) && Number.isFinite(fix.lon) && Number.isFinite(fix.time), JSON.stringify(fix));
      assert.ok(fix.fix >= 0 && fix.fix <= 3);
    }
  }
});

test('fuzz: a posted position is either read whole or refused with a 400 or 404 code', () => {
  const random = seededRandom(7);
  const base = JSON.stringify({ lat: 52.2, lon: 6.9, alt: 40, spd: 3.6 });
  for (let round = 0; round < 2000; round++) {
    let command: unknown;
    try {
      command = JSON.parse(mutateText(base, random));
    } catch {
      continue;
    }
    if (command === null || typeof command !== 'object') continue;
    try {
      const position = readPostedPosition(command as Record<string, unknown>);
      assert.ok(Math.abs(position.lat) <= 90 && Math.abs(position.lon) <= 180);
    } catch (error: any) {
      assert.ok(['SVC_ERR_MISSING_KEY', 'SVC_ERR_BAD_REQUEST'].includes(error.code), String(error));
    }
  }
});

test.run();
