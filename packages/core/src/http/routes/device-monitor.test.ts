/**
 * End to end: a real listening server, real websocket clients, devices fed through the
 * packet chain by the test source.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { createLogger } from '../../logger.js';
import { createTestService, seriesValue, TEST_ADMIN, TestSource, testPhyPlugin, waitUntil, type TestService } from '../../testing/index.js';

let t: TestService;
let source: TestSource;
let base: string;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.before(async () => {
  t = await createTestService({
    plugins: [testPhyPlugin],
    config: { view: 'ccview:CC devices:svc.device.base.macaddr:^AA:BB:CC', monitor_subscriptions_per_socket: '3', monitor_subscriptions_total: '4' },
    log: createLogger({ write: () => {} }),
  });
  const listener = await t.svc.start();
  base = listener.url.replace('http', 'ws');
  source = new TestSource(t.svc);
  source.send({ mac: 'AA:BB:CC:00:00:01', name: 'one' });
  source.send({ mac: 'AA:BB:CC:00:00:02', name: 'two' });
  source.send({ mac: '02:00:00:00:00:03', name: 'three' });
});
test.after(async () => t.close());

interface Client {
  socket: WebSocket;
  received: Record<string, any>[];
  send(message: unknown): void;
}

async function connect(path = '/devices/monitor.ws'): Promise<Client> {
  const socket = new WebSocket(`${base}${path}?user=${TEST_ADMIN.user}&password=${TEST_ADMIN.password}`);
  const received: Record<string, any>[] = [];
  socket.on('message', (data) => received.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, received, send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)) };
}

const names = (messages: Record<string, any>[]) => messages.map((m) => m['svc.device.base.name']).sort();
const keyOf = (mac: string) => `${t.svc.devices.phy('TESTPHY')!.keyPrefix}_${mac.replaceAll(':', '')}`;

test('* pushes every device first, then only the ones that changed, simplified by fields', async () => {
  const client = await connect();
  client.send({ monitor: '*', request: 1, rate: 0.2, fields: ['svc.device.base.name', ['svc.device.base.packets.total', 'packets']] });
  await sleep(150);
  assert.equal(names(client.received), ['one', 'three', 'two']);
  assert.equal(Object.keys(client.received[0]!), ['svc.device.base.name', 'packets']);
  client.received.length = 0;
  source.send({ mac: '02:00:00:00:00:03', name: 'three' });
  await sleep(400);
  assert.equal(client.received, [{ 'svc.device.base.name': 'three', packets: 2 }]);
  client.socket.close();
});

test('a device key (in any case) and a MAC mask subscribe to just those devices', async () => {
  const client = await connect();
  client.send({ monitor: keyOf('AA:BB:CC:00:00:02').toLowerCase(), request: 1, rate: 0.2, fields: ['svc.device.base.name'] });
  client.send({ monitor: 'AA:BB:CC:00:00:00/FF:FF:FF:00:00:00', request: 2, rate: 0.2, fields: ['svc.device.base.name'] });
  await sleep(150);
  assert.equal(names(client.received), ['one', 'two', 'two']);
  client.received.length = 0;
  source.send({ mac: 'AA:BB:CC:00:00:01', name: 'one' });
  await sleep(400);
  assert.equal(names(client.received), ['one'], 'only the mask subscription matches device one');
  client.received.length = 0;
  source.send({ mac: 'AA:BB:CC:00:00:02', name: 'two' });
  await sleep(400);
  assert.equal(names(client.received), ['two', 'two'], 'the key subscription, given in lower case, follows its device');
  client.socket.close();
});

test('rate limits pushes: many changes within one interval give one push', async () => {
  const client = await connect();
  client.send({ monitor: keyOf('AA:BB:CC:00:00:01'), request: 5, rate: 1, fields: ['svc.device.base.packets.total'] });
  await sleep(100);
  client.received.length = 0;
  for (let i = 0; i < 10; i++) source.send({ mac: 'AA:BB:CC:00:00:01', name: 'one' });
  await sleep(1200);
  assert.is(client.received.length, 1, `pushes: ${JSON.stringify(client.received)}`);
  client.socket.close();
});

test('cancel stops a subscription; reusing an id replaces it; each bad message gets one JSON error and changes nothing', async () => {
  const client = await connect();
  client.send({ monitor: 'AA:BB:CC:00:00:02', request: 7, rate: 0.2, fields: ['svc.device.base.name'] });
  client.send({ monitor: '02:00:00:00:00:03', request: 8, rate: 0.2, fields: ['svc.device.base.name'] });
  await sleep(150);
  client.send({ monitor: 'AA:BB:CC:00:00:01', request: 7, rate: 0.2, fields: ['svc.device.base.name'] });
  client.send({ cancel: 8 });
  await sleep(100);
  client.received.length = 0;
  for (const junk of ['nope', '[]', '{"monitor": 5, "request": 1, "rate": 1}', '{"monitor": "zz:zz", "request": 9, "rate": 1}', '{"monitor": "*", "request": 10, "rate": 1, "fields": "x"}', '{"monitor": "*", "request": 11}', '{"cancel": "8"}']) client.send(junk);
  client.socket.send(Buffer.from([1, 2, 3]));
  await sleep(150);
  assert.equal(client.received.map((message) => [message.code, message.request]), [
    ['SVC_ERR_BAD_JSON', undefined],
    ['SVC_ERR_BAD_JSON', undefined],
    ['SVC_ERR_BAD_REQUEST', 1],
    ['SVC_ERR_BAD_REQUEST', 9],
    ['SVC_ERR_BAD_FIELDS', 10],
    ['SVC_ERR_BAD_REQUEST', 11],
    ['SVC_ERR_BAD_REQUEST', undefined],
    ['SVC_ERR_BAD_JSON', undefined],
  ]);
  assert.match(String(client.received[0]!.error), 'the message is not valid JSON');
  assert.is(client.received[3]!.error, "monitor 'zz:zz' is not a device key, MAC, MAC/mask or *");
  assert.match(String(client.received[5]!.error), 'a subscription needs monitor');
  client.received.length = 0;
  for (const [mac, name] of [['AA:BB:CC:00:00:01', 'one'], ['AA:BB:CC:00:00:02', 'two'], ['02:00:00:00:00:03', 'three']]) source.send({ mac: mac!, name });
  await sleep(400);
  assert.equal(names(client.received), ['one'], 'only the replacing subscription 7 remains');
  assert.is(client.socket.readyState, WebSocket.OPEN);
  client.socket.close();
});

test('a rate past the longest interval is clamped to it, not turned into a 1 ms timer', async () => {
  const client = await connect();
  client.send({ monitor: keyOf('AA:BB:CC:00:00:02'), request: 1, rate: 1e9, fields: ['svc.device.base.name'] });
  await sleep(100);
  assert.equal(names(client.received), ['two'], 'the first push comes at once');
  client.received.length = 0;
  source.send({ mac: 'AA:BB:CC:00:00:02', name: 'two' });
  await sleep(300);
  assert.equal(client.received, [], 'the next push waits for the clamped interval (an hour)');
  client.socket.close();
});

test('subscriptions past the per-socket cap are refused with an error naming the limit; a cancel makes room', async () => {
  const client = await connect();
  for (let id = 0; id < 5; id++) client.send({ monitor: keyOf('AA:BB:CC:00:00:01'), request: id, rate: 10, fields: ['svc.device.base.name'] });
  await sleep(150);
  const refusals = client.received.filter((message) => message.code);
  assert.equal(refusals.map((message) => message.request), [3, 4]);
  assert.equal(refusals[0], {
    error: 'this socket has 3 subscriptions, the most one socket may hold (monitor_subscriptions_per_socket); cancel one first',
    code: 'SVC_ERR_TOO_MANY_SUBSCRIPTIONS',
    request: 3,
  });
  client.received.length = 0;
  client.send({ monitor: keyOf('AA:BB:CC:00:00:02'), request: 0, rate: 10, fields: ['svc.device.base.name'] });
  client.send({ cancel: 1 });
  client.send({ monitor: keyOf('AA:BB:CC:00:00:02'), request: 9, rate: 10, fields: ['svc.device.base.name'] });
  await sleep(150);
  assert.equal(client.received, [{ 'svc.device.base.name': 'two' }, { 'svc.device.base.name': 'two' }], 'replacing an id and filling a freed place both work');
  client.socket.close();
});

test('the server-wide cap counts every socket and frees places when sockets close', async () => {
  const first = await connect();
  const second = await connect();
  for (let id = 0; id < 3; id++) first.send({ monitor: keyOf('AA:BB:CC:00:00:01'), request: id, rate: 10 });
  await sleep(100);
  for (let id = 0; id < 3; id++) second.send({ monitor: keyOf('AA:BB:CC:00:00:01'), request: id, rate: 10 });
  await sleep(100);
  const refused = second.received.filter((message) => message.code);
  assert.equal(refused.map((message) => message.request), [1, 2]);
  assert.match(String(refused[0]!.error), 'the server holds 4 monitor subscriptions, its limit (monitor_subscriptions_total)');
  first.socket.close();
  await sleep(100);
  second.received.length = 0;
  second.send({ monitor: keyOf('AA:BB:CC:00:00:01'), request: 5, rate: 10, fields: ['svc.device.base.name'] });
  await sleep(100);
  assert.equal(second.received, [{ 'svc.device.base.name': 'one' }]);
  second.socket.close();
});

test('one login cannot take the whole monitor: a cap per login, and a reserve of the server\'s cap only admins may use', async () => {
  const capped = await createTestService({
    plugins: [testPhyPlugin],
    config: { monitor_subscriptions_total: '6', monitor_subscriptions_per_login: '3', monitor_subscriptions_admin_reserve: '2' },
    log: createLogger({ write: () => {} }),
  });
  try {
    const url = (await capped.svc.start()).url.replace('http', 'ws');
    const key = async (name: string) => (await (await capped.command('/auth/apikey/generate.cmd', { name, role: 'readonly', duration: 0 })).text()).trim();
    const open = async (query: string) => {
      const socket = new WebSocket(`${url}/devices/monitor.ws?${query}`);
      const errors: Record<string, any>[] = [];
      socket.on('message', (data) => errors.push(JSON.parse(String(data))));
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      return { socket, errors };
    };
    const held = async () => seriesValue(await (await capped.request('/metrics')).text(), 'svc_monitor_subscriptions');
    /** Sends `count` subscriptions and waits until the server holds `heldAfter` and has refused `refused` of them. */
    const subscribe = async (client: Awaited<ReturnType<typeof open>>, count: number, heldAfter: number, refused: number) => {
      for (let request = 0; request < count; request++) client.socket.send(JSON.stringify({ monitor: '*', request, rate: 10 }));
      await waitUntil(`the server holds ${heldAfter} subscriptions`, async () => (await held()) === heldAfter && client.errors.length === refused);
    };
    // The attacker spreads over sockets; its login's cap counts them all.
    const attacker = await key('attacker');
    const first = await open(`SVC=${attacker}`);
    const second = await open(`SVC=${attacker}`);
    await subscribe(first, 2, 2, 0);
    await subscribe(second, 2, 3, 1);
    const other = await open(`SVC=${await key('grafana')}`);
    await subscribe(other, 2, 4, 1);
    const admin = await open(`user=${TEST_ADMIN.user}&password=${TEST_ADMIN.password}`);
    await subscribe(admin, 3, 6, 1);
    assert.equal(second.errors, [{
      error: 'this login holds 3 monitor subscriptions, the most one login may hold (monitor_subscriptions_per_login); cancel one first',
      code: 'SVC_ERR_TOO_MANY_SUBSCRIPTIONS',
      request: 1,
    }]);
    assert.equal(other.errors, [{
      error: 'the server holds 4 monitor subscriptions, its limit for logins other than admin (monitor_subscriptions_total less monitor_subscriptions_admin_reserve); try again later',
      code: 'SVC_ERR_TOO_MANY_SUBSCRIPTIONS',
      request: 1,
    }]);
    assert.equal(admin.errors.map((error) => [error.request, error.code]), [[2, 'SVC_ERR_TOO_MANY_SUBSCRIPTIONS']], 'the admin gets the two reserved places');
    for (const client of [first, second, other, admin]) client.socket.close();
  } finally {
    await capped.close();
  }
});

test('a view monitor only pushes devices of that view', async () => {
  const client = await connect('/devices/views/ccview/monitor.ws');
  client.send({ monitor: '*', request: 1, rate: 0.2, fields: ['svc.device.base.name'] });
  await sleep(150);
  assert.equal(names(client.received), ['one', 'two']);
  client.socket.close();
});

test('refused upgrades carry the JSON error body HTTP errors have: 404 for an unknown view, 401 for a wrong password', async () => {
  const refusal = async (path: string) => {
    const socket = new WebSocket(`${base}${path}`);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      socket.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      socket.once('open', () => reject(new Error('the socket opened')));
      socket.once('error', () => {});
    });
    socket.terminate();
    return { status: answer.status, body: JSON.parse(answer.body) };
  };
  assert.equal(await refusal(`/devices/views/nosuch/monitor.ws?user=${TEST_ADMIN.user}&password=${TEST_ADMIN.password}`), {
    status: 404,
    body: { error: "no device view 'nosuch'; /devices/views/all_views.json lists them", code: 'SVC_ERR_NOT_FOUND' },
  });
  assert.equal(await refusal(`/devices/monitor.ws?user=${TEST_ADMIN.user}&password=nope`), { status: 401, body: { error: 'wrong user or password', code: 'SVC_ERR_BAD_CREDENTIALS' } });
  const anonymous = await refusal('/devices/monitor.ws');
  assert.equal([anonymous.status, anonymous.body.code], [401, 'SVC_ERR_UNAUTHORIZED']);
});

test.run();
