/**
 * Device tracker figures (issue: 100,000 devices): tracker updates per second, heap per
 * device, and the latency of datatables pages through the real HTTP stack (a listening server,
 * an HTTP client in this process; sequential requests, median and p95). Prints figures only.
 */
import { createLogger, runPacketChain, type Packet } from '@svc/core';
import { createTestService, TEST_ADMIN, testPhyPlugin, TestSource } from '@svc/core/testing';

const DEVICES = 100_000;
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const mac = (n: number) => `02:${[(n >> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255, 7].map((b) => b.toString(16).padStart(2, '0')).join(':')}`;

gc();
const heapBefore = process.memoryUsage().heapUsed;
const t = await createTestService({ plugins: [testPhyPlugin], log: createLogger({ level: 'error' }) });
const source = new TestSource(t.svc);
const now = Date.now() / 1000;
for (let i = 0; i < DEVICES; i++) source.send({ mac: mac(i), name: `device-${i}`, signal: -30 - (i % 60), channel: String(1 + (i % 11)), time: now - (i % 3600) });
gc();
const heapAfter = process.memoryUsage().heapUsed;
console.log(`heap per tracked device (base record, signal, packets rrd, seenby, views): ${Math.round((heapAfter - heapBefore) / DEVICES)} bytes at ${DEVICES} devices`);

// Tracker updates: an existing device, a new packet, through touch() and commit() as the chain does.
const phy = t.svc.devices.phy('TESTPHY')!;
const packet: Packet = { tsSec: Math.floor(now), tsUsec: 0, sourceUuid: source.uuid, dlt: 0, signal: { signalDbm: -50 }, annotations: {} };
// Every device in turn (the worst case for caches); the median of 5 rounds of 1M after one
// uncounted warm-up round (the optimizing compiler and the GC settle during it).
const UPDATES = 1_000_000;
const rates: number[] = [];
for (let round = -1; round < 5; round++) {
  const roundStart = performance.now();
  for (let i = 0; i < UPDATES; i++) {
    t.svc.devices.touch(packet, phy, 0x020000000007 + (i % DEVICES) * 0x100);
    t.svc.devices.commit();
  }
  if (round >= 0) rates.push(UPDATES / ((performance.now() - roundStart) / 1000) / 1e6);
}
rates.sort((a, b) => a - b);
console.log(`tracker updates (existing device, touch + commit): median ${rates[2]!.toFixed(2)} M/s (rounds ${rates.map((r) => r.toFixed(2)).join(', ')})`);

// The same through the whole packet chain with the test PHY (JSON record parse included).
const chainPacket = (i: number): Packet => ({ ...packet, json: { type: 'TESTPHY', text: `{"mac":"${mac(i % DEVICES)}"}` } });
const CHAIN = 200_000;
let started = performance.now();
for (let i = 0; i < CHAIN; i++) runPacketChain(t.svc.hooks, chainPacket(i));
const seconds = (performance.now() - started) / 1000;
console.log(`packets through the chain with the JSON test PHY: ${(CHAIN / seconds / 1e6).toFixed(2)} M/s`);

const listener = await t.svc.start();
const auth = `Basic ${Buffer.from(`${TEST_ADMIN.user}:${TEST_ADMIN.password}`).toString('base64')}`;
const fields = ['svc.device.base.key', 'svc.device.base.name', 'svc.device.base.macaddr', 'svc.device.base.channel', 'svc.device.base.signal/svc.common.signal.last_signal'];
async function page(vars: Record<string, string>): Promise<number> {
  const body = new URLSearchParams({ json: JSON.stringify({ datatable: true, fields, colmap: { '1': 'svc.device.base.name', '2': 'svc.device.base.last_time', '3': 'svc.device.base.first_time' } }), start: '100', length: '50', draw: '1', ...vars });
  const t0 = performance.now();
  const response = await fetch(`${listener.url}/devices/views/all/devices.json`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' }, body });
  const result = (await response.json()) as { data: unknown[] };
  if (result.data.length !== 50 && !vars['search[value]']) throw new Error('short page');
  return performance.now() - t0;
}
async function measure(label: string, vars: Record<string, string>): Promise<void> {
  for (let i = 0; i < 5; i++) await page(vars);
  const times: number[] = [];
  for (let i = 0; i < 40; i++) times.push(await page(vars));
  times.sort((a, b) => a - b);
  console.log(`${label}: median ${times[20]!.toFixed(2)} ms, p95 ${times[38]!.toFixed(2)} ms`);
}
// Repeated requests (a table refreshing) read the view's kept indexes.
await measure('datatables page of 50 of 100k, 5 fields, unsorted', {});
await measure('  ... unsorted, search term', { 'search[value]': 'device-99' });
await measure('  ... sorted by last_time', { 'order[0][column]': '2', 'order[0][dir]': 'desc' });
await measure('  ... sorted by name, search term', { 'order[0][column]': '1', 'order[0][dir]': 'asc', 'search[value]': 'device-99' });

// A live table: 1,000 devices get a packet between two requests, so the indexes catch up first.
async function measureLive(label: string, vars: Record<string, string>): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < 40; i++) {
    for (let n = 0; n < 1000; n++) source.send({ mac: mac((i * 1000 + n * 89) % DEVICES), name: `device-${n}`, signal: -40, time: now + i });
    times.push(await page(vars));
  }
  times.sort((a, b) => a - b);
  console.log(`${label}: median ${times[20]!.toFixed(2)} ms, p95 ${times[38]!.toFixed(2)} ms`);
}
await measureLive('  ... sorted by name, search term, 1,000 devices changed before each request', { 'order[0][column]': '1', 'order[0][dir]': 'asc', 'search[value]': 'device-99' });
await measureLive('  ... sorted by last_time, 1,000 devices changed before each request', { 'order[0][column]': '2', 'order[0][dir]': 'desc' });

// The first request for a new sort column or search term builds its index (one pass over the view).
for (const [label, vars] of [
  ['first request sorted by first_time (builds its index)', { 'order[0][column]': '3', 'order[0][dir]': 'asc' }],
  ['first request with a new search term (builds its match set)', { 'search[value]': 'device-12' }],
] as const) {
  console.log(`${label}: ${(await page(vars)).toFixed(1)} ms`);
}
await t.close();
