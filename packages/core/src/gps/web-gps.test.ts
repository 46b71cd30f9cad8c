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
import { createTestService, waitUntil } from '../testing/index.js';
import { gpsdGpsType } from './gpsd-gps.js';

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
    await gpsdGpsType.open({ line: 'gpsd', type: 'gpsd', name: 'g', options: new Map([['host', '127.0.0.1'], ['port', String(port)]]) }, context);
    assert.unreachable('an SSH banner was taken for gpsd');
  } catch (error: any) {
    assert.is(error.code, 'SVC_ERR_GPS_OPEN');
    assert.match(error.message, new RegExp(`gpsd at 127\\.0\\.0\\.1:${port} sent a line that is not JSON; is it gpsd\\?`));
  } finally {
    server.close();
  }
  for (const port of ['0', '70000', 'http']) {
    try {
      await gpsdGpsType.open({ line: `gpsd:port=${port}`, type: 'gpsd', name: 'g', options: new Map([['port', port]]) }, context);
      assert.unreachable(port);
    } catch (error: any) {
      assert.is(error.code, 'SVC_ERR_BAD_GPS_DEFINITION');
      assert.match(error.message, `port=${port} is not a TCP port`);
    }
  }
});

test.run();
