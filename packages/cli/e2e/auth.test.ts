/**
 * End-to-end: the role check on every route of a real server, enumerated from its route table,
 * and the same routes locked on a server in first-run setup (`svc start --setup`) until a login
 * is set through `/session/set_password`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync, statSync } from 'node:fs';
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

/**
 * The only routes that answer without a login: the login form's own route, first-run setup
 * (Kismet's `check_setup_ok` and `set_password`), who the server runs as and who a request is
 * (`user_status`, which the web app asks before anything else), Kismet's list of web UI modules
 * (`/dynamic.json`, `/dynamic.js`, which its UI loads before the login), and the web app's
 * static files.
 */
const PUBLIC_URLS = new Set([
  '/session/login.cmd',
  '/session/check_setup_ok',
  '/session/set_password',
  '/dynamic.json',
  '/dynamic.js',
  ...['json', 'ekjson', 'itjson', 'prettyjson'].map((format) => `/system/user_status.${format}`),
  '/',
  '/index.html',
  '/assets/:file',
]);
/** The public route that, once a login is set, only the admin may use. */
const SET_PASSWORD = '/session/set_password';
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

async function statusOf(route: RouteRow, url: string, method: string, headers: Record<string, string>, server: SvcProcess = svc): Promise<number> {
  if (method === 'WS') return websocketStatus(`${server.url}${url}`, headers);
  const response = await fetch(`${server.url}${url}`, { method, headers });
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

test('only the login routes, first-run setup, user status and the web app files are public', () => {
  const publicUrls = routes.filter(isPublic).flatMap((route) => route['svc.route.urls']);
  assert.equal(new Set(publicUrls), PUBLIC_URLS);
});

/** Asserts every route but the public ones answers 401 to these headers, websockets included. */
async function assertLocked(server: SvcProcess, headers: Record<string, string>): Promise<void> {
  for (const route of routes.filter((route) => !isPublic(route))) {
    for (const url of route['svc.route.urls']) {
      for (const method of route['svc.route.methods']) {
        assert.is(await statusOf(route, concrete(url), method, headers, server), 401, `${method} ${url}`);
      }
    }
  }
}

test('no credentials: 401 on every registered route but the public ones, websockets included (refused before the upgrade)', async () => {
  await assertLocked(svc, {});
});

test('svc start --setup: no login made or printed but where to set one; 401 everywhere but the public routes until set_password takes a login', async () => {
  const setup = await startSvc({ args: ['--setup'] });
  try {
    assert.is(setup.password, undefined, 'no password was printed');
    assert.match(setup.stdout(), `No admin login is set yet: open ${setup.url}/ in a browser to set one (first-run setup).`);
    assert.not.ok(existsSync(join(setup.configDir, 'svc_httpd.conf')), 'no login was written');
    const checkSetup = async () => (await fetch(`${setup.url}/session/check_setup_ok`)).text();
    assert.is(await checkSetup(), 'Login not configured\n');
    await assertLocked(setup, {});
    await assertLocked(setup, { authorization: basicAuth('svc', '') });
    const set = await fetch(`${setup.url}/session/set_password`, { method: 'POST', body: new URLSearchParams({ username: 'owner', password: 'an owner password' }) });
    assert.equal([set.status, await set.text()], [200, 'Login configured\n']);
    assert.is(statSync(join(setup.configDir, 'svc_httpd.conf')).mode & 0o777, 0o600);
    assert.is(await checkSetup(), 'Login configured in user config\n');
    assert.is((await fetch(`${setup.url}/system/status.json`, { headers: { authorization: basicAuth('owner', 'an owner password') } })).status, 200);
    assert.not.ok(setup.stdout().includes('an owner password') || setup.stderr().includes('an owner password'), 'svc printed the password nowhere');
  } finally {
    assert.is(await setup.stop(), 0);
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
        if (route['svc.route.role'] === 'admin' || url === SET_PASSWORD) {
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
