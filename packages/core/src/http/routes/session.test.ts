/**
 * The login form's routes: /session/login.cmd (no login needed) gives a cookie for a user and
 * password (a session of its own) or an API key, /session/whoami.json says who a request is,
 * /session/logout.cmd ends the session and clears the cookie.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../../logger.js';
import { createTestService, TEST_ADMIN, type TestService } from '../../testing/index.js';

let t: TestService;
test.before(async () => {
  t = await createTestService({ log: createLogger({ write: () => {} }) });
});
test.after(async () => t.close());

const post = (path: string, body: unknown, cookie?: string) =>
  t.request(path, { method: 'POST', auth: false, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
const cookieOf = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0]!;
const whoami = async (cookie: string) => {
  const response = await t.request('/session/whoami.json', { auth: false, headers: { cookie } });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
};

test('a user and password log in with a session of their own; whoami names the login; logout ends only that session', async () => {
  const first = await post('/session/login.cmd', { user: TEST_ADMIN.user, password: TEST_ADMIN.password });
  assert.is(first.status, 200);
  assert.equal(await first.json(), { 'svc.login.name': 'admin', 'svc.login.role': 'admin', 'svc.login.method': 'password' });
  assert.match(first.headers.get('set-cookie')!, /^SVC=[0-9A-F]{32}; Path=\/; HttpOnly; SameSite=Strict$/);
  const second = cookieOf(await post('/session/login.cmd', { user: TEST_ADMIN.user, password: TEST_ADMIN.password }));
  assert.is.not(second, cookieOf(first), 'each login form gets its own session');
  assert.equal(await whoami(cookieOf(first)), { status: 200, body: { 'svc.login.name': 'admin', 'svc.login.role': 'admin', 'svc.login.method': 'session' } });

  const out = await post('/session/logout.cmd', {}, cookieOf(first));
  assert.is(out.status, 200);
  assert.match(out.headers.get('set-cookie')!, /^SVC=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0$/);
  assert.is((await whoami(cookieOf(first))).status, 401, 'the logged-out session is gone');
  assert.is((await whoami(second)).status, 200, 'the other session lives on');
});

test('an API key logs in as itself, with its role; a wrong password or key is a 401 saying which', async () => {
  const key = await (await t.command('/auth/apikey/generate.cmd', { name: 'viewer', role: 'readonly' })).text();
  const login = await post('/session/login.cmd', { apikey: key });
  assert.equal(await login.json(), { 'svc.login.name': 'viewer', 'svc.login.role': 'readonly', 'svc.login.method': 'apikey' });
  assert.is(cookieOf(login), `SVC=${key}`);
  assert.is((await whoami(cookieOf(login))).body['svc.login.role'], 'readonly');
  await post('/session/logout.cmd', {}, cookieOf(login));
  assert.is((await whoami(cookieOf(login))).status, 200, 'logging out does not revoke the API key');

  const wrong = await post('/session/login.cmd', { user: TEST_ADMIN.user, password: 'nope' });
  assert.equal([wrong.status, await wrong.json()], [401, { error: 'wrong user or password', code: 'SVC_ERR_BAD_CREDENTIALS' }]);
  assert.is(wrong.headers.get('set-cookie'), null);
  const badKey = await post('/session/login.cmd', { apikey: '00000000000000000000000000000000' });
  assert.equal(await badKey.json(), { error: 'that API key is not valid (expired, revoked or mistyped)', code: 'SVC_ERR_BAD_CREDENTIALS' });
  const missing = await post('/session/login.cmd', { user: TEST_ADMIN.user });
  assert.is(missing.status, 400);
  assert.is((await t.request('/session/whoami.json', { auth: false })).status, 401);
});

test.run();
