/**
 * httpd_uri_prefix over a real listener: every route and websocket under the prefix, nothing
 * outside it, the bare prefix redirected to itself with a slash.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { createLogger } from '../logger.js';
import { createTestService, TEST_ADMIN } from '../testing/index.js';
import { parseUriPrefix } from './uri-prefix.js';

const authorization = `Basic ${Buffer.from(`${TEST_ADMIN.user}:${TEST_ADMIN.password}`).toString('base64')}`;

test('the prefix is a path; trailing slashes are dropped; anything else is a config error', () => {
  assert.is(parseUriPrefix(undefined), '');
  assert.is(parseUriPrefix(''), '');
  assert.is(parseUriPrefix('/svc/'), '/svc');
  assert.is(parseUriPrefix('/a/b'), '/a/b');
  for (const bad of ['svc', '/s v c', '/../x', '/x?y', 'http://x/svc']) assert.throws(() => parseUriPrefix(bad), /httpd_uri_prefix must be a path/, bad);
});

test('under /svc: routes and websockets answer there, nothing answers outside it, /svc redirects to /svc/', async () => {
  const t = await createTestService({ config: { httpd_uri_prefix: '/svc' }, log: createLogger({ write: () => {} }) });
  try {
    const listener = await t.svc.start();
    assert.match(listener.url, /^http:\/\/127\.0\.0\.1:\d+\/svc$/);
    const origin = new URL(listener.url).origin;
    assert.is((await fetch(`${listener.url}/system/status.json`, { headers: { authorization } })).status, 200);
    const outside = await fetch(`${origin}/system/status.json`, { headers: { authorization } });
    assert.equal([outside.status, ((await outside.json()) as { code: string }).code], [404, 'SVC_ERR_NOT_FOUND']);
    const bare = await fetch(`${origin}/svc?x=1`, { redirect: 'manual' });
    assert.equal([bare.status, bare.headers.get('location')], [308, '/svc/?x=1']);
    const posted = await fetch(`${listener.url}/alerts/definitions/define_alert.cmd`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'PREFIXED', description: 'd', throttle: '1/min', burst: '1/sec' }),
    });
    assert.is(posted.status, 200, 'a POST body passes through the prefix');
    const socket = new WebSocket(`${listener.url.replace('http', 'ws')}/eventbus/events.ws?user=${TEST_ADMIN.user}&password=${TEST_ADMIN.password}`);
    const stamp = await new Promise<string>((resolve, reject) => {
      socket.once('open', () => socket.send('{"SUBSCRIBE": "TIMESTAMP"}'));
      socket.once('message', (data) => resolve(String(data)));
      socket.once('error', reject);
    });
    assert.match(stamp, '"TIMESTAMP"');
    socket.close();
  } finally {
    await t.close();
  }
});

test.run();
