/**
 * Kismet's system routes svc added for issue 37, over a real listener: the echo websocket
 * (admin only; each message back as sent; a client that does not read is cut off) and the
 * plugin list (plugins from packages, with their package's description, author and version, and
 * their web app module; not the core's own features).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../logger.js';
import { definePlugin } from '../../plugin.js';
import { createTestService, TEST_ADMIN, type TestService } from '../../testing/index.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-system-routes-'));
writeFileSync(join(dir, 'panel.js'), 'export default function register() {}\n');
const packaged = definePlugin({
  name: '@acme/svc-plugin-radio',
  apply(svc) {
    svc.hooks.uiModules.tap('@acme/svc-plugin-radio', (modules) => modules.add({ name: 'acme-radio', description: 'the acme panel', file: join(dir, 'panel.js') }));
  },
});
const bare = definePlugin({ name: 'bare-plugin', apply() {} });
const failing = definePlugin({
  name: 'failing-plugin',
  apply() {
    throw new Error('no radio');
  },
});

let t: TestService;
let url: string;
test.before(async () => {
  t = await createTestService({
    plugins: [{ plugin: packaged, package: { name: '@acme/svc-plugin-radio', version: '2.1.0', description: 'acme radios', author: 'Ada', directory: join(dir, 'svc-plugin-radio') } }, bare, failing],
    log: createLogger({ write: () => {} }),
  });
  url = (await t.svc.start()).url;
});
test.after(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Opens a websocket with a query-string login; resolves with the socket, or rejects with the refusal's status. */
function connect(path: string, login = `user=${TEST_ADMIN.user}&password=${TEST_ADMIN.password}`): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}${path}?${login}`);
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) => reject(new Error(String(response.statusCode))));
    socket.once('error', reject);
  });
}

test('/debug/echo.ws sends each message back as it came, text as text and binary as binary', async () => {
  const socket = await connect('/debug/echo.ws');
  const received: [string, boolean][] = [];
  socket.on('message', (data, isBinary) => received.push([isBinary ? Buffer.from(data as Buffer).toString('hex') : String(data), isBinary]));
  socket.send('{"hello": "svc"}');
  socket.send(Buffer.from([0, 1, 2, 255]));
  socket.send('zwei');
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(received, [['{"hello": "svc"}', false], ['000102ff', true], ['zwei', false]]);
  socket.close();
});

test('/debug/echo.ws takes admin: a readonly login is refused with 403, none with 401', async () => {
  const token = await (await t.command('/auth/apikey/generate.cmd', { name: 'reader', role: 'readonly' })).text();
  const refusal = (login: string) => connect('/debug/echo.ws', login).then((socket) => (socket.close(), 'opened'), (error: Error) => error.message);
  assert.is(await refusal(`SVC=${token.trim()}`), '403');
  assert.is(await refusal(''), '401');
});

test('a client that sends without reading its echoes is closed (1008) before they pile up past 1 MiB', async () => {
  const socket = await connect('/debug/echo.ws');
  const raw = (socket as unknown as { _socket: import('node:net').Socket })._socket;
  raw.pause();
  const chunk = 'x'.repeat(64 * 1024);
  for (let index = 0; index < 96; index++) socket.send(chunk);
  let echoes = 0;
  socket.on('message', () => echoes++);
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve) => setTimeout(resolve, 500));
  raw.resume();
  const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('still open after 10 s'), 10_000).unref());
  assert.is(await Promise.race([closed, timeout]), 1008);
  assert.ok(echoes < 96, `only part of what it sent came back (${echoes} of 96)`);
});

test("/plugins/all_plugins.json lists the plugins from packages in Kismet's shape, not the core's own features", async () => {
  const plugins = (await (await t.request('/plugins/all_plugins.json')).json()) as Record<string, unknown>[];
  assert.equal(plugins, [
    {
      'svc.plugin.name': '@acme/svc-plugin-radio',
      'svc.plugin.description': 'acme radios',
      'svc.plugin.author': 'Ada',
      'svc.plugin.version': '2.1.0',
      'svc.plugin.dirname': 'svc-plugin-radio',
      'svc.plugin.path': join(dir, 'svc-plugin-radio'),
      'svc.plugin.jsmodule': 'ui/modules/acme-radio.js',
      'svc.plugin.state': 'applied',
      'svc.plugin.error': '',
    },
    { 'svc.plugin.name': 'bare-plugin', 'svc.plugin.description': '', 'svc.plugin.author': '', 'svc.plugin.version': '', 'svc.plugin.dirname': '', 'svc.plugin.path': '', 'svc.plugin.jsmodule': '', 'svc.plugin.state': 'applied', 'svc.plugin.error': '' },
    {
      'svc.plugin.name': 'failing-plugin',
      'svc.plugin.description': '',
      'svc.plugin.author': '',
      'svc.plugin.version': '',
      'svc.plugin.dirname': '',
      'svc.plugin.path': '',
      'svc.plugin.jsmodule': '',
      'svc.plugin.state': 'failed',
      'svc.plugin.error': "SVC_ERR_PLUGIN_APPLY: plugin 'failing-plugin' failed in apply(): no radio",
    },
  ]);
  const pretty = await (await t.request('/plugins/all_plugins.prettyjson')).text();
  assert.match(pretty, '"description.svc.plugin.version": "string, ');
});

test.run();
