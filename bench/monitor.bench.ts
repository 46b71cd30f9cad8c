/**
 * Device monitor websocket figures (issue: 1,000 subscribed devices changing every second are
 * pushed without falling behind). 100,000 devices are tracked; every second 1,000 of them get a
 * packet through the real chain. A real websocket client on a real listening server watches
 * them two ways: 1,000 subscriptions by device key on one connection, and one `*` subscription.
 * Prints pushes per second against the 1,000 expected, and how long after a change its push
 * arrived (median and worst). Prints figures only. The per-socket and per-login subscription
 * limits are raised to the 1,000 watched keys (their defaults, 32 and 256, guard a shared server
 * against one greedy client).
 */
import WebSocket from 'ws';
import { createLogger } from '@svc/core';
import { createTestService, TEST_ADMIN, testPhyPlugin, TestSource } from '@svc/core/testing';

const DEVICES = 100_000;
const WATCHED = 1_000;
const SECONDS = 8;
const mac = (n: number) => `02:${[(n >> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255, 9].map((b) => b.toString(16).padStart(2, '0')).join(':')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const t = await createTestService({
  plugins: [testPhyPlugin],
  log: createLogger({ level: 'error' }),
  config: { monitor_subscriptions_per_socket: String(WATCHED), monitor_subscriptions_per_login: String(WATCHED) },
});
const source = new TestSource(t.svc);
for (let i = 0; i < DEVICES; i++) source.send({ mac: mac(i), name: `device-${i}`, signal: -40 });
const prefix = t.svc.devices.phy('TESTPHY')!.keyPrefix;
const watchedKeys = Array.from({ length: WATCHED }, (_, i) => `${prefix}_${mac(i * 97).replaceAll(':', '')}`);
const listener = await t.svc.start();

async function run(label: string, subscribe: (socket: WebSocket) => void): Promise<void> {
  const socket = new WebSocket(`${listener.url.replace('http', 'ws')}/devices/monitor.ws?user=${TEST_ADMIN.user}&password=${TEST_ADMIN.password}`);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let changedAt = 0;
  let counting = false;
  let pushes = 0;
  const lags: number[] = [];
  socket.on('message', () => {
    if (!counting) return;
    pushes++;
    lags.push(performance.now() - changedAt);
  });
  subscribe(socket);
  await sleep(1500); // the first push carries every watched device; let it pass
  counting = true;
  for (let second = 0; second < SECONDS; second++) {
    changedAt = performance.now();
    for (let i = 0; i < WATCHED; i++) source.send({ mac: mac(i * 97), name: `device-${i * 97}`, signal: -40 - (second % 20) });
    await sleep(1000);
  }
  await sleep(1100);
  counting = false;
  socket.close();
  lags.sort((a, b) => a - b);
  const median = lags[Math.floor(lags.length / 2)] ?? NaN;
  const worst = lags[lags.length - 1] ?? NaN;
  console.log(`${label}: ${Math.round(pushes / SECONDS)} pushes/s for ${WATCHED} changes/s; change to push median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms (rate 1 s)`);
}

const fields = ['svc.device.base.key', 'svc.device.base.name', 'svc.device.base.signal/svc.common.signal.last_signal'];
await run(`monitor: ${WATCHED} key subscriptions on one socket, ${DEVICES / 1000}k devices`, (socket) => {
  watchedKeys.forEach((key, request) => socket.send(JSON.stringify({ monitor: key, request, rate: 1, fields })));
});
await run(`monitor: one '*' subscription, ${WATCHED} of ${DEVICES / 1000}k devices changing`, (socket) => {
  socket.send(JSON.stringify({ monitor: '*', request: 1, rate: 1, fields }));
});
await t.close();
