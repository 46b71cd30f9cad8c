/**
 * The fleet (issue 39): 8 simulated sensors (`fleet-sensors.ts`, a process of their own) feed
 * one fleet view over a real `nats-server -js` on a free loopback port, with the device-change
 * rate of 100 000 devices churning 10 % a minute. The fleet view runs in this process. Prints
 * how long the first 100 000 devices took to reach the view, then, over a minute of churn, the
 * time from a new device's first frame at its sensor to its creation in the view's tracker
 * (median and p99; target p99 under 2 s, given the sensors' once-a-second publication), the
 * view's CPU over that minute, and its heap per device. Sensors, NATS and the view share this
 * machine's cores, so the figures include their contention.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createLogger } from '@svc/core';
import { createTestService, testPhyPlugin } from '@svc/core/testing';
import fleetPlugin from '@svc/plugin-fleet';
import { startNatsServer } from '@svc/plugin-fleet/testing';

const CHURN_SECONDS = Number(process.env.SVC_FLEET_BENCH_SECONDS ?? 60);
const DEVICES = 100_000;
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!;

const nats = await startNatsServer();
gc();
const heapBefore = process.memoryUsage().heapUsed;
const view = await createTestService({ plugins: [testPhyPlugin, fleetPlugin], log: createLogger({ write: () => {} }), config: { server_name: 'bench-view', fleet_view: nats.url } });
const latencies: number[] = [];
view.svc.hooks.deviceCreated.tap('bench', (device) => {
  if (device.name.startsWith('first:')) latencies.push(Date.now() - Number(device.name.slice('first:'.length)));
});
await view.svc.start();

const started = performance.now();
const sensors = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./fleet-sensors.ts', import.meta.url)), nats.url, String(CHURN_SECONDS)], { stdio: ['ignore', 'pipe', 'inherit'] });
let said = '';
sensors.stdout!.on('data', (chunk) => (said += chunk));
const heard = async (line: string) => {
  while (!said.includes(`${line}\n`)) {
    if (sensors.exitCode !== null) throw new Error(`the sensors exited: ${said}`);
    await sleep(50);
  }
};
await heard('populated');
while (view.svc.devices.size < DEVICES) await sleep(50);
console.log(`8 sensors, ${DEVICES.toLocaleString('en')} devices: all in the fleet view ${((performance.now() - started) / 1000).toFixed(1)} s after the sensors started (their start included)`);
gc();
const heapPopulated = process.memoryUsage().heapUsed;
console.log(`fleet view heap per device: ${Math.round((heapPopulated - heapBefore) / view.svc.devices.size).toLocaleString('en')} bytes at ${view.svc.devices.size.toLocaleString('en')} devices (merged record, one seen-by entry with its signal)`);

const cpuBefore = process.cpuUsage();
const churnStarted = performance.now();
await heard('done');
await sleep(2000);
const cpu = process.cpuUsage(cpuBefore);
const wall = (performance.now() - churnStarted) / 1000;
console.log(`churn of 10 %/min for ${CHURN_SECONDS} s: ${latencies.length.toLocaleString('en')} new devices; first frame at a sensor to the fleet view: median ${percentile(latencies, 0.5)} ms, p99 ${percentile(latencies, 0.99)} ms, max ${Math.max(...latencies)} ms`);
console.log(`fleet view CPU during the churn: ${(((cpu.user + cpu.system) / 1e6 / wall) * 100).toFixed(1)} % of one core (user ${(cpu.user / 1e6).toFixed(1)} s, system ${(cpu.system / 1e6).toFixed(1)} s over ${wall.toFixed(1)} s)`);

sensors.kill('SIGTERM');
await new Promise((resolve) => sensors.once('exit', resolve));
await view.close();
await nats.stop();
