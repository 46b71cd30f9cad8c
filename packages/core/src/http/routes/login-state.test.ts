/**
 * First-run setup over a real listener, against Kismet's session routes
 * (kis_net_beast_httpd.cc; kismet-reference §1.9): `/session/check_setup_ok` answers 500, 200 or
 * 406 by where the login comes from, `/session/set_password` takes the first login from anyone
 * and later ones only from the admin, writes it 0600 to the auth file, and the login then works,
 * here and after a restart. `/system/user_status` answers without a login and names the login a
 * request carries. The password is never written to the server log or the messages.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, statSync, existsSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { parseConf } from '../../config/conf-parser.js';
import { loadConfig } from '../../config/config-loader.js';
import { createLogger } from '../../logger.js';
import { createService, type SvcServer } from '../../service.js';

/** A server listening on a free port, with what it logged. */
interface RunningServer {
  readonly svc: SvcServer;
  readonly url: string;
  readonly log: string[];
}

async function startServer(configDir: string, config: Record<string, string> = {}): Promise<RunningServer> {
  const log: string[] = [];
  const svc = await createService(loadConfig({ configDir, overrides: { httpd_port: '0', enable_logging: 'false', ...config } }), { log: createLogger({ write: (line) => log.push(line) }) });
  const listener = await svc.start();
  return { svc, url: listener.url, log };
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** Status, content type and body of a request. */
async function answer(url: string, init: RequestInit = {}): Promise<{ status: number; type: string | null; body: string }> {
  const response = await fetch(url, init);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

const TEXT = 'text/plain; charset=utf-8';

function setPassword(server: RunningServer, variables: Record<string, string>, headers: Record<string, string> = {}) {
  return answer(`${server.url}/session/set_password`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(variables).toString(),
  });
}

const checkSetup = (server: RunningServer) => answer(`${server.url}/session/check_setup_ok`);
const userStatus = async (server: RunningServer, headers: Record<string, string> = {}) => (await fetch(`${server.url}/system/user_status.json`, { headers })).json();

test('first-run setup: locked until set_password takes a login, which is written 0600 and then works, here and after a restart', async () => {
  const configDir = mkdtempSync(join(tmpdir(), 'svc-setup-'));
  const file = join(configDir, 'svc_httpd.conf');
  const password = 'correct horse#battery=staple&é';
  let server = await startServer(configDir, { httpd_first_login: 'web' });
  try {
    assert.equal(await checkSetup(server), { status: 500, type: TEXT, body: 'Login not configured\n' });
    assert.not.ok(existsSync(file), 'no login was generated');
    assert.equal(await userStatus(server), { 'svc.system.user': userInfo().username });
    for (const path of ['/system/status.json', '/devices/views/all/devices.json', '/session/check_session']) {
      assert.is((await fetch(`${server.url}${path}`)).status, 401, `${path} without a login`);
      assert.is((await fetch(`${server.url}${path}`, { headers: { authorization: basic('svc', '') } })).status, 401, `${path} with an empty password`);
    }
    const login = await fetch(`${server.url}/session/login.cmd`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: '', password: '' }) });
    assert.is(login.status, 401, 'the login form logs nobody in before a login is set');

    assert.equal(await setPassword(server, { username: 'boss' }), { status: 400, type: TEXT, body: 'Missing username or password in request\n' });
    assert.equal(await setPassword(server, { password }), { status: 400, type: TEXT, body: 'Missing username or password in request\n' });
    assert.equal(await setPassword(server, { username: 'boss', password: '' }), { status: 400, type: TEXT, body: 'The password is empty\n' });
    assert.equal(await setPassword(server, { username: 'boss', password: 'short' }), { status: 400, type: TEXT, body: 'The password is too short: it needs at least 8 characters\n' });
    assert.equal(await setPassword(server, { username: 'bossbossboss', password: 'bossbossboss' }), { status: 400, type: TEXT, body: 'The password may not be the user name\n' });
    assert.equal(await setPassword(server, { username: 'bo:ss', password }), { status: 400, type: TEXT, body: "The user name may not contain spaces, ':' or control characters\n" });
    assert.equal(await setPassword(server, { username: 'boss', password: 'line\nbreak!' }), { status: 400, type: TEXT, body: 'The password may not contain control characters or begin or end with a space\n' });
    assert.not.ok(existsSync(file), 'a refused login writes nothing');
    assert.equal(await checkSetup(server), { status: 500, type: TEXT, body: 'Login not configured\n' });

    assert.equal(await setPassword(server, { username: 'boss', password }), { status: 200, type: TEXT, body: 'Login configured\n' });
    assert.is(statSync(file).mode & 0o777, 0o600, 'the auth file is readable only by its owner');
    const stored = new Map(parseConf(readFileSync(file, 'utf8'), file).map((entry) => [entry.key, entry.value]));
    assert.equal([stored.get('httpd_username'), stored.get('httpd_password')], ['boss', password], 'the file reads back as given');
    assert.equal(await checkSetup(server), { status: 200, type: TEXT, body: 'Login configured in user config\n' });
    assert.is((await fetch(`${server.url}/system/status.json`, { headers: { authorization: basic('boss', password) } })).status, 200, 'the login works at once');
    assert.equal(await userStatus(server, { authorization: basic('boss', password) }), {
      'svc.system.user': userInfo().username,
      'svc.login.name': 'boss',
      'svc.login.role': 'admin',
      'svc.login.method': 'password',
    });

    assert.equal(await setPassword(server, { username: 'mallory', password: 'another-password' }), {
      status: 403,
      type: TEXT,
      body: 'Login is already configured; the existing login is required before it can be changed via this API.\n',
    });
    assert.is((await setPassword(server, { username: 'mallory', password: 'another-password' }, { authorization: basic('boss', 'wrong-password') })).status, 403, 'a wrong password is no admin');
    const key = await (
      await fetch(`${server.url}/auth/apikey/generate.cmd`, {
        method: 'POST',
        headers: { authorization: basic('boss', password), 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'reader', role: 'readonly', duration: 0 }),
      })
    ).text();
    assert.is((await setPassword(server, { username: 'mallory', password: 'another-password' }, { cookie: `SVC=${key}` })).status, 403, 'a readonly key is no admin');
    assert.equal(await userStatus(server, { cookie: `SVC=${key}` }), {
      'svc.system.user': userInfo().username,
      'svc.login.name': 'reader',
      'svc.login.role': 'readonly',
      'svc.login.method': 'apikey',
    });
    assert.equal(await userStatus(server, { cookie: 'SVC=00000000000000000000000000000000' }), { 'svc.system.user': userInfo().username }, 'a stale cookie is no login');
    assert.match(readFileSync(file, 'utf8'), 'httpd_username=boss\n', 'the refused calls changed nothing');

    const messages = JSON.stringify(await (await fetch(`${server.url}/messagebus/all_messages.json`, { headers: { authorization: basic('boss', password) } })).json());
    assert.match(messages, "A new administrator login has been set for user 'boss'");
    for (const text of [messages, server.log.join('')]) assert.not.ok(text.includes('horse'), 'the password is in neither the messages nor the log');
  } finally {
    await server.svc.stop();
  }

  server = await startServer(configDir, { httpd_first_login: 'web' });
  try {
    assert.equal(await checkSetup(server), { status: 200, type: TEXT, body: 'Login configured in user config\n' }, 'the restarted server reads the login from the file');
    assert.is((await fetch(`${server.url}/system/status.json`, { headers: { authorization: basic('boss', password) } })).status, 200);
    const changed = await setPassword(server, { username: 'boss', password: 'a-new-password' }, { authorization: basic('boss', password) });
    assert.equal(changed, { status: 200, type: TEXT, body: 'Login configured\n' }, 'the admin may change the login');
    assert.is((await fetch(`${server.url}/system/status.json`, { headers: { authorization: basic('boss', password) } })).status, 401, 'the old password no longer works');
    assert.is((await fetch(`${server.url}/system/status.json`, { headers: { authorization: basic('boss', 'a-new-password') } })).status, 200);
    assert.match(readFileSync(file, 'utf8'), 'httpd_password=a-new-password\n');
  } finally {
    await server.svc.stop();
  }
});

test('a login from svc.conf or the command line is the global login: check_setup_ok 406, set_password 403 even for the admin', async () => {
  const configDir = mkdtempSync(join(tmpdir(), 'svc-setup-'));
  const server = await startServer(configDir, { httpd_username: 'root', httpd_password: 'configured-password' });
  try {
    assert.equal(await checkSetup(server), { status: 406, type: TEXT, body: 'Login configured in global config\n' });
    assert.equal(await setPassword(server, { username: 'boss', password: 'another-password' }, { authorization: basic('root', 'configured-password') }), {
      status: 403,
      type: TEXT,
      body: 'Login is configured in the global svc configuration (svc.conf or the command line) and may not be configured via this API.\n',
    });
    assert.not.ok(existsSync(join(configDir, 'svc_httpd.conf')));
    assert.is((await fetch(`${server.url}/system/status.json`, { headers: { authorization: basic('root', 'configured-password') } })).status, 200);
  } finally {
    await server.svc.stop();
  }
});

test('without httpd_first_login the first start still generates a login (check_setup_ok 200); a bad mode is a config error', async () => {
  const configDir = mkdtempSync(join(tmpdir(), 'svc-setup-'));
  const server = await startServer(configDir);
  try {
    assert.ok(server.svc.admin.generated);
    assert.equal(await checkSetup(server), { status: 200, type: TEXT, body: 'Login configured in user config\n' });
  } finally {
    await server.svc.stop();
  }
  const refused = await startServer(mkdtempSync(join(tmpdir(), 'svc-setup-')), { httpd_first_login: 'ask' }).then(
    () => undefined,
    (error: Error) => error.message,
  );
  assert.is(refused, "httpd_first_login must be generate or web, not 'ask' (command line)");
});

test.run();
