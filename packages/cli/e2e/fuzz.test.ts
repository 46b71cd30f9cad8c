/**
 * Fuzz of a real server (issue: hardening): every POST route it lists (`routes.json`, every
 * first-party plugin and the test datasource loaded) gets mangled, random and oversized bodies in
 * every encoding, with path parameters that exist and that do not; every websocket gets random
 * text and binary messages. The seed is fixed and the counts bounded, so a failure reproduces.
 * No answer may be a 500, and the server must serve normally afterwards.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { mutateText, randomBytes, seededRandom, waitUntil } from '@svc/core/testing';
import { adminGet, basicAuth, startSvc, type SvcProcess } from './svc-process.js';

const BODIES_PER_ROUTE = 30;
const MESSAGES_PER_SOCKET = 150;

let svc: SvcProcess;
let admin: Record<string, string>;
const random = seededRandom(19);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

test.before(async () => {
  const configDir = mkdtempSync(join(tmpdir(), 'svc-fuzz-'));
  writeFileSync(join(configDir, 'svc.conf'), 'plugin=@svc/core/testing/plugin\n');
  svc = await startSvc({ configDir, args: ['--config', join(configDir, 'svc.conf'), '-c', 'testsource-1:pps=50,devices=20,name=fuzzed'] });
  admin = { authorization: basicAuth('svc', svc.password!) };
  const get = adminGet(svc);
  await waitUntil('the test source made devices', async () => (await get('/devices/views/all/devices.json')).length > 0, { timeoutMs: 10_000, detail: svc.stderr });
});
test.after(async () => {
  await svc.stop();
});

/** Values for path parameters: ones that exist on the server, and junk. */
async function parameterValues(): Promise<Record<string, string[]>> {
  const get = adminGet(svc);
  const devices = (await get('/devices/views/all/devices.json')) as Record<string, string>[];
  const sources = (await get('/datasource/all_sources.json')) as Record<string, string>[];
  const views = (await get('/devices/views/all_views.json')) as Record<string, string>[];
  const junk = ['x', '0', '-1', '%00', '..%2F..%2Fetc%2Fpasswd', 'A'.repeat(300), '%E2%82%AC', '4202770D00000000_ZZ'];
  return {
    uuid: [...sources.map((source) => source['svc.datasource.uuid']!), '00000000-0000-0000-0000-000000000000', ...junk],
    key: [...devices.slice(0, 3).map((device) => device['svc.device.base.key']!), ...junk],
    mac: [devices[0]!['svc.device.base.macaddr']!, 'AA:BB:CC:DD:EE:FF', ...junk],
    view: [...views.map((view) => view['svc.devices.view.id']!), ...junk],
    timestamp: ['0', '-60', '1e300', 'NaN', ...junk],
    name: ['car', ...junk],
  };
}

/**
 * POST routes left out: `set_password` would change the admin login this fuzz and the next tests
 * use (and answers in Kismet's text, not JSON); login-state.test.ts and auth.test.ts check it.
 */
const NOT_FUZZED = new Set(['/session/set_password']);

/** A few dictionaries a client might send, to mangle. */
const SEEDS = [
  { definition: 'testsource-2:pps=1,name=f' },
  { channel: '6', channels: ['1', '6'], rate: 5, shuffle: 1 },
  { fields: ['svc.device.base.name', ['svc.device.base.key', 'k']], regex: [['svc.device.base.name', '^a']], datatable: true, start: 0, length: 5 },
  { name: 'FUZZ', description: 'fuzz', throttle: '10/min', burst: '1/sec', text: 'hello', class: 'SYSTEM', severity: 5 },
  { username: 'n', tagname: 't', tagvalue: 'v', devices: ['AA:BB:CC:DD:EE:FF/FF:FF:FF:00:00:00'] },
  { name: 'key', role: 'readonly', duration: 60 },
  { source_name: 'phone', reports: [{ bssid: '02:00:00:00:00:01', ssid: 'x', signal: -50, channel: 6 }] },
];

function randomBody(): { body: string | Uint8Array<ArrayBuffer>; contentType: string } {
  const roll = random();
  const dictionary = JSON.stringify(pick(SEEDS));
  if (roll < 0.35) return { body: new URLSearchParams({ json: mutateText(dictionary, random) }).toString(), contentType: 'application/x-www-form-urlencoded; charset=UTF-8' };
  if (roll < 0.65) return { body: mutateText(dictionary, random), contentType: pick(['application/json', 'application/json; charset=UTF-8']) };
  if (roll < 0.8) return { body: new Uint8Array(randomBytes(random, 2000)), contentType: pick(['application/json', 'application/x-www-form-urlencoded', 'text/plain', 'application/json; charset=latin1', '']) };
  if (roll < 0.9) return { body: JSON.stringify({ pad: 'x'.repeat(150_000 + Math.floor(random() * 100_000)) }), contentType: 'application/json' };
  return { body: JSON.stringify({ fields: Array.from({ length: 300 }, (_, n) => ['svc.device.base.name', `a${n}`]), regex: [[mutateText('svc.device.base.name', random), mutateText('^(a+)+$', random)]] }), contentType: 'application/json' };
}

test('every POST route: mangled, random and oversized bodies get a 2xx or a 4xx JSON error, never a 500', async () => {
  const routes = (await (await fetch(`${svc.url}/system/routes.json`, { headers: admin })).json()) as Record<string, any>[];
  const posts = routes.filter((route) => route['svc.route.methods'].includes('POST') && !NOT_FUZZED.has(route['svc.route.path']));
  assert.ok(posts.length > 30, `${posts.length} POST routes`);
  const values = await parameterValues();
  const failures: string[] = [];
  let sent = 0;
  for (const route of posts) {
    for (let round = 0; round < BODIES_PER_ROUTE; round++) {
      const url = (pick(route['svc.route.urls']) as string).replace(/:([a-z]+)/g, (_match, name: string) => pick(values[name] ?? ['x']));
      const { body, contentType } = randomBody();
      const headers: Record<string, string> = { ...admin };
      if (contentType) headers['content-type'] = contentType;
      const response = await fetch(`${svc.url}${url}`, { method: 'POST', headers, body });
      const text = await response.text();
      sent++;
      if (response.status >= 500) failures.push(`${response.status} POST ${url}: ${text.slice(0, 200)}`);
      else if (response.status >= 400) {
        const error = JSON.parse(text) as { error?: string; code?: string };
        if (typeof error.error !== 'string' || !error.code?.startsWith('SVC_ERR_')) failures.push(`${response.status} POST ${url} without a JSON error: ${text.slice(0, 200)}`);
      }
    }
  }
  assert.equal(failures, [], `${failures.length} of ${sent} requests failed`);
  assert.is(svc.child.exitCode, null, 'still running');
});

test('every websocket: random text and binary messages never close the server or break the next client', async () => {
  const routes = (await (await fetch(`${svc.url}/system/routes.json`, { headers: admin })).json()) as Record<string, any>[];
  const sockets = routes.filter((route) => route['svc.route.methods'].includes('WS')).map((route) => route['svc.route.path'] as string);
  assert.ok(sockets.includes('/eventbus/events.ws') && sockets.includes('/datasource/remote/remotesource.ws'), sockets.join(' '));
  const values = await parameterValues();
  const seeds = ['{"SUBSCRIBE": "*", "fields": ["svc.device.base.name"]}', '{"monitor": "*", "request": 1, "rate": 0.5}', '{"cancel": 1}', '{"UNSUBSCRIBE": "TIMESTAMP"}'];
  for (const path of sockets) {
    const url = `${svc.url.replace('http', 'ws')}${path.replace(/:([a-z]+)/g, (_match, name: string) => values[name]![0]!)}?user=svc&password=${encodeURIComponent(svc.password!)}`;
    const socket = new WebSocket(url);
    socket.on('error', () => {});
    // A socket whose path names nothing (a proxy that was never made) is refused before the
    // upgrade, with a 4xx: an answer, not a fault, and nothing to send messages to.
    const refusal = await new Promise<number | undefined>((resolve) => {
      socket.once('open', () => resolve(undefined));
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    });
    if (refusal !== undefined) {
      assert.ok(refusal >= 400 && refusal < 500, `${path} refused with ${refusal}`);
      socket.terminate();
      continue;
    }
    for (let n = 0; n < MESSAGES_PER_SOCKET && socket.readyState === WebSocket.OPEN; n++) {
      if (random() < 0.6) socket.send(mutateText(pick(seeds), random));
      else socket.send(randomBytes(random, 600));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.terminate();
  }
  const status = await fetch(`${svc.url}/system/status.json`, { headers: admin });
  assert.is(status.status, 200);
  const bus = new WebSocket(`${svc.url.replace('http', 'ws')}/eventbus/events.ws?user=svc&password=${encodeURIComponent(svc.password!)}`);
  const stamp = new Promise((resolve, reject) => {
    bus.on('message', (data) => (String(data).includes('TIMESTAMP') ? resolve(true) : undefined));
    setTimeout(() => reject(new Error('no TIMESTAMP event after the fuzz')), 5000);
  });
  await new Promise((resolve) => bus.once('open', resolve));
  bus.send('{"SUBSCRIBE": "TIMESTAMP"}');
  assert.ok(await stamp);
  bus.close();
  assert.is(svc.child.exitCode, null, 'still running');
});

test.run();
