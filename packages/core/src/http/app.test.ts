import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { definePlugin } from '../plugin.js';
import { createLogger } from '../logger.js';
import { createTestService, mutateText, randomBytes, seededRandom, type TestService } from '../testing/index.js';

let failures = 0;
const echoPlugin = definePlugin({
  name: 'echo',
  apply(svc) {
    svc.hooks.fields.tap('echo', (fields) => fields.register('echo.value', 'string', 'echoed <value> & more'));
    svc.hooks.routes.tap('echo', (routes) => {
      routes.http({
        methods: ['POST'],
        path: '/echo/echo',
        formats: ['cmd', 'json'],
        role: 'admin',
        description: 'echoes the command dictionary and variables',
        handler: ({ command, vars }) => ({ command, vars }),
      });
      routes.http({
        methods: ['GET'],
        path: '/echo/fault',
        formats: ['json'],
        role: 'readonly',
        description: 'always fails unexpectedly',
        handler: () => {
          failures++;
          throw new TypeError('secret internal detail');
        },
      });
    });
  },
});

const quiet = createLogger({ write: () => {} });
let t: TestService;
test.before(async () => {
  t = await createTestService({ plugins: [echoPlugin], log: quiet });
});
test.after(async () => t.close());

const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });

test('a command dictionary arrives as form variable json, with or without charset, and as a JSON body', async () => {
  for (const contentType of ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=UTF-8']) {
    const response = await t.request('/echo/echo.cmd?start=5', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new URLSearchParams({ json: JSON.stringify({ a: 'é', unknown_key: [1] }), draw: '3' }).toString(),
    });
    assert.equal(await json(response), { status: 200, body: { command: { a: 'é', unknown_key: [1] }, vars: { start: '5', draw: '3' } } });
  }
  for (const contentType of ['application/json', 'application/json; charset=UTF-8', 'application/json;charset=utf-8']) {
    const response = await t.request('/echo/echo.cmd', { method: 'POST', headers: { 'content-type': contentType }, body: '{"b": 2}' });
    assert.equal((await json(response)).body.command, { b: 2 }, contentType);
  }
});

test('malformed JSON, a non-object dictionary and a wrong content type are 400/415 JSON errors', async () => {
  const cases: [string, string, number, string][] = [
    ['application/json', '{"a": ', 400, 'SVC_ERR_BAD_JSON'],
    ['application/json', '[1,2]', 400, 'SVC_ERR_BAD_JSON'],
    ['application/x-www-form-urlencoded', 'json=%7Bbad', 400, 'SVC_ERR_BAD_JSON'],
    ['text/plain', 'hello', 415, 'SVC_ERR_UNSUPPORTED_MEDIA_TYPE'],
    ['application/json; charset=latin1', '{}', 415, 'SVC_ERR_UNSUPPORTED_MEDIA_TYPE'],
  ];
  for (const [contentType, body, status, code] of cases) {
    const response = await t.request('/echo/echo.cmd', { method: 'POST', headers: { 'content-type': contentType }, body });
    const answer = await json(response);
    assert.is(answer.status, status, `${contentType} ${body}`);
    assert.is(answer.body.code, code);
    assert.type(answer.body.error, 'string');
  }
});

test('a body over the limit is 413', async () => {
  const response = await t.request('/echo/echo.cmd', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pad: 'x'.repeat(200_000) }),
  });
  assert.equal(await json(response), { status: 413, body: { error: 'request body is larger than the limit of 100000 bytes', code: 'SVC_ERR_BODY_TOO_LARGE' } });
});

test('an unexpected fault is a 500 without its message or stack; the service keeps answering', async () => {
  const response = await t.request('/echo/fault.json');
  const answer = await json(response);
  assert.is(answer.status, 500);
  assert.equal(answer.body, { error: 'internal error; the server log has the details', code: 'SVC_ERR_INTERNAL' });
  assert.is(failures, 1);
  assert.is((await t.request('/system/timestamp.json')).status, 200);
});

test('anonymous clients get 401 for unknown paths and wrong methods too, so they cannot map the routes', async () => {
  for (const [path, method] of [['/no/such/thing.json', 'GET'], ['/echo/echo.cmd', 'GET'], ['/system/status.json', 'DELETE'], ['/datasource/by-uuid/x/nothing.cmd', 'POST']] as const) {
    const answer = await json(await t.request(path, { method, auth: false }));
    assert.equal(answer, { status: 401, body: { error: 'this resource requires a login: basic auth, ?user=&password=, or an SVC session or API token', code: 'SVC_ERR_UNAUTHORIZED' } }, `${method} ${path}`);
  }
  const wrongLogin = await t.request('/no/such/thing.json', { auth: 'Basic ' + Buffer.from('admin:nope').toString('base64') });
  assert.is(wrongLogin.status, 401);
});

test('unknown paths are 404 and wrong methods 405 with Allow, both as JSON', async () => {
  const missing = await t.request('/no/such/thing.json');
  assert.equal(await json(missing), { status: 404, body: { error: 'no resource at /no/such/thing.json', code: 'SVC_ERR_NOT_FOUND' } });
  const wrong = await t.request('/echo/echo.cmd', { method: 'GET' });
  assert.is(wrong.status, 405);
  assert.is(wrong.headers.get('allow'), 'POST');
  assert.is(((await wrong.json()) as any).code, 'SVC_ERR_METHOD_NOT_ALLOWED');
});

test('credentials: none is 401 with a JSON body, distinct from a wrong password or a stale token; ?user=&password= works and sets a session cookie that works alone', async () => {
  const anonymous = await t.request('/system/status.json', { auth: false });
  assert.is(anonymous.status, 401);
  assert.is(((await anonymous.json()) as any).code, 'SVC_ERR_UNAUTHORIZED');
  const wrongPassword = await json(await t.request('/system/status.json', { auth: 'Basic ' + Buffer.from('admin:wrong').toString('base64') }));
  assert.equal(wrongPassword, { status: 401, body: { error: 'wrong user or password', code: 'SVC_ERR_BAD_CREDENTIALS' } });
  const wrongQuery = await json(await t.request('/system/status.json?user=nobody&password=test-password', { auth: false }));
  assert.equal(wrongQuery.body.error, 'wrong user or password');
  const staleToken = await json(await t.request('/system/status.json', { auth: false, headers: { cookie: 'SVC=00000000000000000000000000000000' } }));
  assert.equal([staleToken.status, staleToken.body.code], [401, 'SVC_ERR_BAD_CREDENTIALS']);
  assert.match(staleToken.body.error, 'token is not valid');
  const login = await t.request('/system/status.json?user=admin&password=test-password', { auth: false });
  assert.is(login.status, 200);
  const cookie = login.headers.get('set-cookie') ?? '';
  assert.match(cookie, /^SVC=[0-9A-F]{32}; Path=\/; HttpOnly/);
  const session = await t.request('/session/check_session', { auth: false, headers: { cookie: cookie.split(';')[0]! } });
  assert.is(session.status, 200);
  assert.is(await session.text(), 'Session valid\n');
});

test('a refusal challenges for basic auth, but not a script that says it is one (the web app), so no browser password dialog stalls it', async () => {
  const plain = await t.request('/system/status.json', { auth: false });
  assert.is(plain.headers.get('www-authenticate'), 'Basic realm="svc"');
  for (const path of ['/system/status.json', '/no/such/path']) {
    const fromScript = await t.request(path, { auth: false, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    assert.is(fromScript.status, 401, path);
    assert.is(fromScript.headers.get('www-authenticate'), null, path);
  }
});

test('a flood of basic-auth requests shares one session: it cannot push another login\'s session cookie out', async () => {
  const login = await t.request('/system/status.json?user=admin&password=test-password', { auth: false });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  assert.match(cookie, /^SVC=[0-9A-F]{32}$/);
  const tokens = new Set<string>();
  // More requests than the session table holds (10 000): each one used to start a session.
  for (let n = 0; n < 10_050; n++) {
    const response = await t.request('/system/timestamp.json');
    if (n % 1000 === 0) tokens.add((response.headers.get('set-cookie') ?? '').split(';')[0]!);
  }
  assert.is(tokens.size, 1, 'one shared session for the password logins');
  assert.is((await t.request('/session/check_session', { auth: false, headers: { cookie } })).status, 200, 'the earlier session still works');
});

test('API keys: a readonly key reads but gets 403 on admin routes; ?SVC= works; revoked keys stop working', async () => {
  const generated = await t.command('/auth/apikey/generate.cmd', { name: 'reader', role: 'readonly', duration: 0 });
  assert.is(generated.status, 200);
  const token = await generated.text();
  assert.match(token, /^[0-9A-F]{32}$/);
  assert.is((await t.request(`/system/status.json?SVC=${token}`, { auth: false })).status, 200);
  const forbidden = await t.request('/auth/apikey/list.json', { auth: false, headers: { cookie: `SVC=${token}` } });
  assert.is(forbidden.status, 403);
  assert.is(((await forbidden.json()) as any).code, 'SVC_ERR_FORBIDDEN');
  assert.is((await t.request('/session/check_login', { auth: false, headers: { cookie: `SVC=${token}` } })).status, 403);
  const list = (await (await t.request('/auth/apikey/list.json')).json()) as Record<string, unknown>[];
  assert.equal(list.map((key) => [key['svc.httpd.auth.name'], key['svc.httpd.auth.role'], key['svc.httpd.auth.expiration']]), [['reader', 'readonly', 0]]);
  assert.is((await t.command('/auth/apikey/generate.cmd', { name: 'bad', role: 'root' })).status, 400);
  assert.is((await t.command('/auth/apikey/generate.cmd', { name: 'reader', role: 'readonly' })).status, 409);
  assert.is((await t.command('/auth/apikey/revoke.cmd', { name: 'reader' })).status, 200);
  assert.is((await t.request(`/system/status.json?SVC=${token}`, { auth: false })).status, 401);
  assert.is((await t.command('/auth/apikey/revoke.cmd', { name: 'reader' })).status, 404);
});

test('fields simplification applies to tracked endpoints; a malformed fields value is 400', async () => {
  const response = await t.command('/system/status.json', { fields: ['svc.system.version', ['svc.server.uuid', 'id'], 'svc.nope'] });
  const body = (await response.json()) as any;
  assert.equal(Object.keys(body), ['svc.system.version', 'id', 'svc.nope']);
  assert.is(body['svc.nope'], 0);
  assert.is(body.id, t.svc.serverUuid);
  const bad = await t.command('/system/status.json', { fields: 'svc.system.version' });
  assert.is(bad.status, 400);
  assert.is(((await bad.json()) as any).code, 'SVC_ERR_BAD_FIELDS');
});

test('tracked_fields.html lists every field with type and description, HTML-escaped', async () => {
  const response = await t.request('/system/tracked_fields.html');
  assert.match(response.headers.get('content-type') ?? '', 'text/html');
  const html = await response.text();
  assert.match(html, '<td>echo.value</td>');
  assert.match(html, 'echoed &lt;value&gt; &amp; more');
  assert.not.match(html, '<value>');
  for (const field of t.svc.fields.list()) assert.match(html, `<td>${field.name}</td>`);
});

test('timestamps in paths accept absolute and negative-relative values; junk is 400', async () => {
  t.svc.messages.post('hello from the test');
  const recent = (await (await t.request('/messagebus/last-time/-60/messages.json')).json()) as any;
  assert.ok(recent['svc.messagebus.list'].some((m: any) => m['svc.messagebus.message_string'] === 'hello from the test'));
  const future = (await (await t.request(`/messagebus/last-time/${Date.now() / 1000 + 100}/messages.json`)).json()) as any;
  assert.equal(future['svc.messagebus.list'], []);
  const bad = await t.request('/messagebus/last-time/yesterday/messages.json');
  assert.is(bad.status, 400);
  assert.is(((await bad.json()) as any).code, 'SVC_ERR_BAD_TIMESTAMP');
});

test('fuzz: mangled command bodies get a 2xx or a 4xx JSON error, never a 500', async () => {
  const random = seededRandom(1);
  const seeds = [
    ['application/x-www-form-urlencoded; charset=UTF-8', 'json=%7B%22name%22%3A%22A%22%2C%22fields%22%3A%5B%22x%22%5D%7D&start=0'],
    ['application/json', '{"name": "A", "throttle": "1/min", "fields": [["a", "b"]]}'],
  ] as const;
  for (let i = 0; i < 300; i++) {
    const [contentType, seed] = seeds[i % 2]!;
    const body = i % 10 === 9 ? randomBytes(random, 200) : mutateText(seed, random);
    for (const path of ['/echo/echo.cmd', '/alerts/definitions/define_alert.cmd', '/system/status.json']) {
      const response = await t.request(path, { method: 'POST', headers: { 'content-type': i % 3 === 0 ? mutateText(contentType, random, 'abcjson/;=-+x8') : contentType }, body });
      assert.ok(response.status < 500, `${path} answered ${response.status} to ${JSON.stringify(String(body))}`);
      if (response.status >= 400) assert.match(String(((await response.json()) as any).code), /^SVC_ERR_/);
    }
  }
  assert.is(failures, 1, 'only the deliberate fault route ever failed');
});

test.run();
