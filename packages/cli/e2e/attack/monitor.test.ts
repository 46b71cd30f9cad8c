/**
 * Attack, issue 31 items 2 and 3: the device monitor at scale, and one key that would take it
 * all. Against a real `svc start` whose 1 000 test devices change 1 000 times a second, 500
 * websockets (two readonly keys) subscribe to `*` at rate 1: every socket gets the changes,
 * status is never starved (`bench/hardening.bench.ts` measures its p99) and a new socket still opens and gets its
 * first push. A socket that stops reading is dropped, not buffered. One readonly key opening
 * 32 sockets of 32 subscriptions gets its 256, and the admin still subscribes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { waitUntil } from '@svc/core/testing';
import { startAttackServer, type AttackServer } from './attack-server.js';
import { openCountingWebSocket, type CountingWebSocket } from './counting-websocket.js';
import { assertStatusNeverStarved, describeLatency, pollStatus } from './status-latency.js';

const SOCKETS = 500;
const CHANGES_PER_SECOND = 1000;
const FIELDS = ['svc.device.base.key', 'svc.device.base.name', 'svc.device.base.last_time', 'svc.device.base.signal/svc.common.signal.last_signal'];

let server: AttackServer;
let ws: string;

test.before(async () => {
  server = await startAttackServer();
  await server.addSource(`testsource-1:devices=1000,pps=${CHANGES_PER_SECOND}`);
  await server.devices(1000);
  ws = server.url.replace('http', 'ws');
});
test.after(async () => server.stop());

const subscribe = async (query: string, subscription: Record<string, unknown>) => {
  const socket = await openCountingWebSocket(`${ws}/devices/monitor.ws?${query}`);
  socket.send(JSON.stringify(subscription));
  return socket;
};

test(`${SOCKETS} sockets on * at rate 1 with ${CHANGES_PER_SECOND} changes a second: every socket gets them, status never starved, a new socket still opens`, async () => {
  const keys = [await server.readonlyKey('wall-1'), await server.readonlyKey('wall-2')];
  const sockets: CountingWebSocket[] = [];
  try {
    for (let n = 0; n < SOCKETS; n++) sockets.push(await subscribe(`SVC=${keys[n % 2]}`, { monitor: '*', request: 1, rate: 1, fields: FIELDS }));
    // Every socket has had its first push (the whole view) before the measurement starts.
    await waitUntil('every socket has its first push', () => sockets.every((socket) => socket.messages >= 1000), { timeoutMs: 60_000, intervalMs: 200 });
    await server.metric('svc_event_loop_lag_max_seconds'); // reading it starts the lag histogram again
    const poller = pollStatus(server.url, server.admin);
    const before = sockets.map((socket) => socket.messages);
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 8000));
    const late = await subscribe(`user=svc&password=${encodeURIComponent(server.svc.password!)}`, { monitor: '*', request: 1, rate: 1, fields: FIELDS });
    await waitUntil('a socket opened now gets its first push', () => late.messages >= 1000, { timeoutMs: 10_000 });
    late.destroy();
    const latency = await poller.stop();
    const seconds = (performance.now() - started) / 1000;
    const rates = sockets.map((socket, index) => (socket.messages - before[index]!) / seconds).sort((a, b) => a - b);
    console.log(`  ${SOCKETS} sockets: pushes per socket and second ${rates[0]!.toFixed(0)} (slowest) to ${rates.at(-1)!.toFixed(0)}; ${describeLatency(latency)}; event loop lag at most ${(await server.metric('svc_event_loop_lag_max_seconds')).toFixed(3)} s`);
    assert.ok(sockets.every((socket) => !socket.ended && socket.errors.length === 0), 'no socket was dropped or refused');
    assert.ok(rates[0]! > CHANGES_PER_SECOND * 0.5, `the slowest socket got ${rates[0]!.toFixed(0)} pushes a second`);
    assertStatusNeverStarved(latency);
  } finally {
    for (const socket of sockets) socket.destroy();
  }
});

test('a socket that stops reading is told and dropped, not buffered', async () => {
  const key = await server.readonlyKey('stalled');
  // Whole records, about a megabyte a second: the socket's buffers fill within seconds.
  const stalled = await subscribe(`SVC=${key}`, { monitor: '*', request: 9, rate: 0.5 });
  await waitUntil('the first push arrived', () => stalled.messages >= 1000, { timeoutMs: 10_000 });
  stalled.pause();
  const dropped = await server.metric('svc_monitor_dropped_sockets_total');
  await waitUntil('the server drops it', async () => (await server.metric('svc_monitor_dropped_sockets_total')) > dropped, { timeoutMs: 60_000, intervalMs: 200 });
  stalled.resume();
  await waitUntil('the socket ends', () => stalled.ended, { timeoutMs: 10_000 });
  // It resumed within the grace: it read the error and the close frame. (Cut at once, it would have neither.)
  assert.equal(stalled.errors.map((error) => [error.code, error.request]), [['SVC_ERR_SLOW_CLIENT', 9]]);
  assert.is(stalled.closeCode, 1008);
});

test('one readonly key opening 32 sockets of 32 subscriptions holds 256 at most; the admin still subscribes', async () => {
  const key = await server.readonlyKey('greedy');
  const sockets: CountingWebSocket[] = [];
  try {
    for (let n = 0; n < 32; n++) {
      const socket = await openCountingWebSocket(`${ws}/devices/views/phy-TESTPHY/monitor.ws?SVC=${key}`);
      for (let request = 0; request < 32; request++) socket.send(JSON.stringify({ monitor: 'AA:BB:CC:DD:EE:FF', request, rate: 60 }));
      sockets.push(socket);
    }
    const refused = () => sockets.reduce((sum, socket) => sum + socket.errors.length, 0);
    await waitUntil('768 subscriptions refused', () => refused() === 32 * 32 - 256, { timeoutMs: 20_000 });
    assert.ok(sockets.every((socket) => socket.errors.every((error) => error.code === 'SVC_ERR_TOO_MANY_SUBSCRIPTIONS' && /monitor_subscriptions_per_login/.test(String(error.error)))));
    assert.is(await server.metric('svc_monitor_subscriptions'), 256);
    const admin = await subscribe(`user=svc&password=${encodeURIComponent(server.svc.password!)}`, { monitor: '*', request: 1, rate: 1, fields: FIELDS });
    await waitUntil('the admin gets its first push', () => admin.messages >= 1000, { timeoutMs: 10_000 });
    assert.equal(admin.errors, []);
    admin.destroy();
  } finally {
    for (const socket of sockets) socket.destroy();
  }
});

test.run();
