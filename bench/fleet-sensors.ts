/**
 * The simulated sensors of `fleet.bench.ts`, in a process of their own so the bench process's
 * CPU and heap are the fleet view's alone: `SENSORS` test services with the test PHY and the
 * fleet plugin publishing to the NATS server of argv[2], `DEVICES` devices between them. It
 * prints `populated` once every sensor has published its first devices, then churns for
 * argv[3] seconds: each second, each sensor replaces its share of the 10 % a minute of devices
 * by new ones (named after the wall clock time of their first frame, in ms, which the view reads
 * back for the latency) and hears as many known ones again. Prints `done` and exits on SIGTERM.
 */
import { createLogger } from '@svc/core';
import { createTestService, TestSource, testPhyPlugin } from '@svc/core/testing';
import fleetPlugin from '@svc/plugin-fleet';

const SENSORS = 8;
const DEVICES = 100_000;
/** Devices replaced by new ones per minute, as a share of all. */
const CHURN_PER_MINUTE = 0.1;

const [url, secondsText] = process.argv.slice(2);
const seconds = Number(secondsText);
const mac = (sensor: number, n: number) => `0a:00:${sensor.toString(16).padStart(2, '0')}:${[(n >> 16) & 255, (n >> 8) & 255, n & 255].map((b) => b.toString(16).padStart(2, '0')).join(':')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const services = await Promise.all(
  Array.from({ length: SENSORS }, (_, index) =>
    createTestService({ plugins: [testPhyPlugin, fleetPlugin], log: createLogger({ write: () => {} }), config: { server_name: `bench-${index}`, fleet_publish: url!, fleet_site: 'bench', fleet_backlog_max: '100000' } }),
  ),
);
for (const t of services) await t.svc.start();
const sources = services.map((t) => new TestSource(t.svc));
const perSensor = DEVICES / SENSORS;
const next = sources.map(() => 0);
for (const [index, source] of sources.entries()) for (; next[index]! < perSensor; next[index]!++) source.send({ mac: mac(index, next[index]!), name: 'initial', signal: -60 });

const pending = async () => {
  let total = 0;
  for (const t of services) {
    const status = (await (await t.request('/fleet/status.json')).json()) as Record<string, number>;
    total += status['svc.fleet.devices_pending']! + status['svc.fleet.queued']! + status['svc.fleet.in_flight']!;
  }
  return total;
};
while ((await pending()) > 0) await sleep(200);
console.log('populated');

const perSecond = Math.round((DEVICES * CHURN_PER_MINUTE) / 60 / SENSORS);
const end = Date.now() + seconds * 1000;
const oldest = sources.map(() => 0);
while (Date.now() < end) {
  const tick = Date.now();
  for (const [index, source] of sources.entries()) {
    for (let i = 0; i < perSecond; i++) source.send({ mac: mac(index, next[index]!++), name: `first:${Date.now()}`, signal: -50 });
    // As many known devices heard again, the oldest first.
    for (let i = 0; i < perSecond; i++) source.send({ mac: mac(index, oldest[index]!++ % perSensor), signal: -55 });
  }
  await sleep(Math.max(0, 1000 - (Date.now() - tick)));
}
console.log('done');
process.on('SIGTERM', async () => {
  for (const t of services) await t.close();
  process.exit(0);
});
