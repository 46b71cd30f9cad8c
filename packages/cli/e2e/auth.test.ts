/**
 * End-to-end: the role check on every route of a real server, enumerated from its route table.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { basicAuth, startSvc, type SvcProcess } from './svc-process.js';

interface RouteRow {
  'svc.route.methods': string[];
  'svc.route.urls': string[];
  'svc.route.role': string;
}

let svc: SvcProcess;
let admin: string;
let routes: RouteRow[];
test.before(async () => {
  svc = await startSvc();
  admin = basicAuth('svc', svc.password!);
  routes = (await (await fetch(`${svc.url}/system/routes.json`, { headers: { authorization: admin } })).json()) as RouteRow[];
});
test.after(async () => {
  assert.is(await svc.stop(), 0, 'svc exits 0 on SIGTERM');
});

const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, 'x');

/** The only routes that answer without a login: the login form's own route and the web app's static files. */
const PUBLIC_URLS = new Set(['/session/login.cmd', '/', '/index.html', '/assets/:file']);
const isPublic = (route: RouteRow) => route['svc.route.role'] === 'public';
/** The roles a route admits (a list is written with commas). */
const roles = (route: RouteRow) => route['svc.route.role'].split(',');

function websocketStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url.replace(/^http/, 'ws'), { headers });
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('open', () => {
      resolve(101);
      socket.close();
    });
    socket.on('error', (error) => (error.message.includes('Unexpected server response') ? undefined : reject(error)));
  });
}

async function statusOf(route: RouteRow, url: string, method: string, headers: Record<string, string>): Promise<number> {
  if (method === 'WS') return websocketStatus(`${svc.url}${url}`, headers);
  const response = await fetch(`${svc.url}${url}`, { method, headers });
  // Live packet streams never end: the status is all this test needs.
  await response.body?.cancel();
  return response.status;
}

test('first start created a 0600 login file and printed its password once', () => {
  assert.ok(svc.password, 'a password was printed');
  const file = join(svc.configDir, 'svc_httpd.conf');
  assert.is(statSync(file).mode & 0o777, 0o600);
  assert.match(readFileSync(file, 'utf8'), `httpd_password=${svc.password}`);
  assert.is(svc.stdout().split(svc.password!).length - 1, 1, 'printed exactly once');
});

test('the route table is not empty and names a role for each route', () => {
  assert.ok(routes.length >= 15, `only ${routes.length} routes`);
  for (const route of routes) for (const role of roles(route)) assert.ok(['admin', 'readonly', 'datasource', 'scanreport', 'webgps', 'adsb', 'any', 'public'].includes(role), `${route['svc.route.urls'][0]}: ${role}`);
  assert.ok(routes.some((route) => route['svc.route.methods'].includes('WS')), 'websocket routes are listed');
});

test('only the login route and the web app files are public', () => {
  const publicUrls = routes.filter(isPublic).flatMap((route) => route['svc.route.urls']);
  assert.ok(publicUrls.includes('/session/login.cmd'), 'the login form can reach its route');
  for (const url of publicUrls) assert.ok(PUBLIC_URLS.has(url), `${url} answers without a login`);
});

test('no credentials: 401 on every registered route but the public ones, websockets included (refused before the upgrade)', async () => {
  for (const route of routes.filter((route) => !isPublic(route))) {
    for (const url of route['svc.route.urls']) {
      for (const method of route['svc.route.methods']) {
        assert.is(await statusOf(route, concrete(url), method, {}), 401, `${method} ${url}`);
      }
    }
  }
});

test('bad credentials: 401 on every route, the login route included', async () => {
  const login = await fetch(`${svc.url}/session/login.cmd`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: 'svc', password: 'wrong' }),
  });
  assert.is(login.status, 401);
  assert.is(login.headers.get('set-cookie'), null, 'no cookie for a wrong password');
  for (const route of routes.filter((route) => !isPublic(route))) {
    const url = concrete(route['svc.route.urls'][0]!);
    const method = route['svc.route.methods'][0]!;
    assert.is(await statusOf(route, url, method, { authorization: basicAuth('svc', 'wrong') }), 401, `${method} ${url}`);
    assert.is(await statusOf(route, url, method, { cookie: 'SVC=00000000000000000000000000000000' }), 401, `${method} ${url} with a bad token`);
  }
});

test('a readonly API key gets 403 on every admin route and passes the role check on readonly routes', async () => {
  const generated = await fetch(`${svc.url}/auth/apikey/generate.cmd`, {
    method: 'POST',
    headers: { authorization: admin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ json: JSON.stringify({ name: 'e2e-reader', role: 'readonly', duration: 3600 }) }),
  });
  assert.is(generated.status, 200);
  const token = await generated.text();
  let adminRoutes = 0;
  for (const route of routes) {
    for (const url of route['svc.route.urls']) {
      for (const method of route['svc.route.methods']) {
        const status = await statusOf(route, concrete(url), method, { cookie: `SVC=${token}` });
        if (route['svc.route.role'] === 'admin') {
          adminRoutes++;
          assert.is(status, 403, `${method} ${url}`);
        } else if (roles(route).some((role) => ['readonly', 'any', 'public'].includes(role))) {
          assert.not.ok(status === 401 || status === 403, `${method} ${url} answered ${status}`);
        } else {
          assert.is(status, 403, `${method} ${url} needs role ${route['svc.route.role']}`);
        }
      }
    }
  }
  assert.ok(adminRoutes >= 5, 'admin routes were checked');
});

test('websocket: wrong password or token refused with 401; right ones accepted', async () => {
  const ws = `${svc.url}/eventbus/events.ws`;
  assert.is(await websocketStatus(`${ws}?user=svc&password=wrong`), 401);
  assert.is(await websocketStatus(`${ws}?SVC=${'A'.repeat(32)}`), 401);
  assert.is(await websocketStatus(ws), 401);
  assert.is(await websocketStatus(`${ws}?user=svc&password=${encodeURIComponent(svc.password!)}`), 101);
});

test('curl-style basic auth with the printed password reads status, as the README says', async () => {
  const response = await fetch(`${svc.url}/system/status.json`, { headers: { authorization: admin } });
  assert.is(response.status, 200);
  const status = (await response.json()) as Record<string, unknown>;
  assert.type(status['svc.system.timestamp.sec'], 'number');
  assert.match(String(status['svc.server.uuid']), /^[0-9A-F-]{36}$/);
});

test.run();
