/**
 * End to end: a real listening server, real websocket clients, devices fed through the
 * packet chain by the test source.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { createLogger } from '../../logger.js';
import { createTestService, TEST_ADMIN, TestSource, testPhyPlugin, type TestService } from '../../testing/index.js';

let t: TestService;
let source: TestSource;
let base: string;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.before(async () => {
  t = await createTestService({ plugins: [testPhyPlugin], config: { view: 'ccview:CC devices:svc.device.base.macaddr:^AA:BB:CC' }, log: createLogger({ write: () => {} }) });
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

test('a device key and a MAC mask subscribe to just those devices', async () => {
  const client = await connect();
  client.send({ monitor: keyOf('AA:BB:CC:00:00:02'), request: 1, rate: 0.2, fields: ['svc.device.base.name'] });
  client.send({ monitor: 'AA:BB:CC:00:00:00/FF:FF:FF:00:00:00', request: 2, rate: 0.2, fields: ['svc.device.base.name'] });
  await sleep(150);
  assert.equal(names(client.received), ['one', 'two', 'two']);
  client.received.length = 0;
  source.send({ mac: 'AA:BB:CC:00:00:01', name: 'one' });
  await sleep(400);
  assert.equal(names(client.received), ['one'], 'only the mask subscription matches device one');
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

test('cancel stops a subscription; reusing an id replaces it; bad messages change nothing', async () => {
  const client = await connect();
  client.send({ monitor: 'AA:BB:CC:00:00:02', request: 7, rate: 0.2, fields: ['svc.device.base.name'] });
  client.send({ monitor: '02:00:00:00:00:03', request: 8, rate: 0.2, fields: ['svc.device.base.name'] });
  await sleep(150);
  client.send({ monitor: 'AA:BB:CC:00:00:01', request: 7, rate: 0.2, fields: ['svc.device.base.name'] });
  client.send({ cancel: 8 });
  for (const junk of ['nope', '[]', '{"monitor": 5, "request": 1, "rate": 1}', '{"monitor": "zz:zz", "request": 9, "rate": 1}', '{"monitor": "*", "request": 10, "rate": 1, "fields": "x"}']) client.send(junk);
  client.socket.send(Buffer.from([1, 2, 3]));
  await sleep(150);
  client.received.length = 0;
  for (const [mac, name] of [['AA:BB:CC:00:00:01', 'one'], ['AA:BB:CC:00:00:02', 'two'], ['02:00:00:00:00:03', 'three']]) source.send({ mac: mac!, name });
  await sleep(400);
  assert.equal(names(client.received), ['one'], 'only the replacing subscription 7 remains');
  assert.is(client.socket.readyState, WebSocket.OPEN);
  client.socket.close();
});

test('a view monitor only pushes devices of that view', async () => {
  const client = await connect('/devices/views/ccview/monitor.ws');
  client.send({ monitor: '*', request: 1, rate: 0.2, fields: ['svc.device.base.name'] });
  await sleep(150);
  assert.equal(names(client.received), ['one', 'two']);
  client.socket.close();
});

test('an unknown view is refused with 404 before the upgrade', async () => {
  const socket = new WebSocket(`${base}/devices/views/nosuch/monitor.ws?user=${TEST_ADMIN.user}&password=${TEST_ADMIN.password}`);
  const status = await new Promise<number>((resolve, reject) => {
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('open', () => reject(new Error('the socket opened')));
    socket.once('error', () => {});
  });
  assert.is(status, 404);
  socket.terminate();
});

test.run();
