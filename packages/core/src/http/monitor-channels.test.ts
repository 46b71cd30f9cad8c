/**
 * Shared monitor pushes (issue 31, item 2), end to end: a real listening server, real websocket
 * clients, devices changed through the packet chain by the test source.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { createLogger } from '../logger.js';
import { createTestService, seriesValue, TEST_ADMIN, TestSource, testPhyPlugin, waitUntil, type TestService } from '../testing/index.js';

let t: TestService;
let source: TestSource;
let base: string;

test.before(async () => {
  t = await createTestService({ plugins: [testPhyPlugin], log: createLogger({ write: () => {} }) });
  base = (await t.svc.start()).url.replace('http', 'ws');
  source = new TestSource(t.svc);
  ['one', 'two', 'three'].forEach((name, index) => source.send({ mac: `AA:BB:CC:00:00:0${index + 1}`, name }));
});
test.after(async () => t.close());

interface Client {
  socket: WebSocket;
  messages: string[];
}

async function subscribe(subscription: Record<string, unknown>): Promise<Client> {
  const socket = new WebSocket(`${base}/devices/monitor.ws?user=${TEST_ADMIN.user}&password=${TEST_ADMIN.password}`);
  const messages: string[] = [];
  socket.on('message', (data) => messages.push(String(data)));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify(subscription));
  return { socket, messages };
}

const metric = async (name: string) => seriesValue(await (await t.request('/metrics')).text(), name) ?? 0;

test('sockets that ask for the same fields at the same rate share one channel and get the same pushes; other fields get their own', async () => {
  const same = { monitor: '*', request: 1, rate: 0.2, fields: ['svc.device.base.name'] };
  const clients = await Promise.all([same, same, same, { ...same, fields: ['svc.device.base.name', ['svc.device.base.packets.total', 'packets']] }].map(subscribe));
  await waitUntil('every client has its first push', () => clients.every((client) => client.messages.length === 3));
  assert.equal([await metric('svc_monitor_channels'), await metric('svc_monitor_subscriptions')], [2, 4]);
  for (const client of clients) client.messages.length = 0;
  source.send({ mac: 'AA:BB:CC:00:00:03', name: 'three' });
  await waitUntil('every client has the change', () => clients.every((client) => client.messages.length === 1));
  assert.equal(clients.map((client) => JSON.parse(client.messages[0]!)), [
    { 'svc.device.base.name': 'three' },
    { 'svc.device.base.name': 'three' },
    { 'svc.device.base.name': 'three' },
    { 'svc.device.base.name': 'three', packets: 2 },
  ]);
  for (const client of clients) client.socket.close();
  await waitUntil('the channels close with their last member', async () => (await metric('svc_monitor_channels')) === 0);
});

test('a socket that does not read its pushes is told and dropped, not buffered; a socket that reads goes on', async () => {
  const slow = await subscribe({ monitor: '*', request: 7, rate: 0.1 });
  const reader = await subscribe({ monitor: '*', request: 8, rate: 0.1, fields: ['svc.device.base.name'] });
  await waitUntil('both have their first push', () => slow.messages.length === 3 && reader.messages.length === 3);
  slow.socket.pause();
  const closed = new Promise<number>((resolve) => slow.socket.once('close', resolve));
  // 2 000 devices changing every 100 ms: about 2 MB of full records a push for the slow socket.
  let round = 0;
  await waitUntil('the server drops the slow socket', async () => {
    round++;
    for (let n = 0; n < 2000; n++) source.send({ mac: `02:00:00:00:${((n >> 8) & 0xff).toString(16).padStart(2, '0')}:${(n & 0xff).toString(16).padStart(2, '0')}`, name: `device-${n}-${round}` });
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (await metric('svc_monitor_dropped_sockets_total')) === 1;
  }, { timeoutMs: 60_000, intervalMs: 0 });
  slow.socket.resume();
  assert.is(await closed, 1008);
  const told = slow.messages.map((message) => JSON.parse(message) as Record<string, unknown>).find((message) => message.code);
  assert.equal(told, {
    error: 'this socket did not read its monitor pushes in time (more than 1048576 bytes waiting); it is closed: read faster, ask for fewer fields or a slower rate',
    code: 'SVC_ERR_SLOW_CLIENT',
    request: 7,
  });
  assert.is(reader.socket.readyState, WebSocket.OPEN);
  const before = reader.messages.length;
  source.send({ mac: 'AA:BB:CC:00:00:01', name: 'one' });
  await waitUntil('the reader still gets pushes', () => reader.messages.slice(before).some((message) => message.includes('"one"')));
  reader.socket.close();
});

test.run();
