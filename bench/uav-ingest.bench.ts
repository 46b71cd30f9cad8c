/**
 * What drone decoding costs 802.11 ingest (issue 36: no measurable cost without drones). The big
 * synthetic capture of `dot11-ingest.bench.ts` (1,000,000 frames, 10,000 devices, no drone) is
 * replayed from a `pcapfile` source into a fresh service with the 802.11 and Bluetooth plugins,
 * alternately without and with `@svc/plugin-uav`, three rounds each; the figures are frames per
 * second and the process's CPU time per frame (less sensitive to other load on the machine), as
 * medians. Then, for scale, a capture of 100,000 Remote ID beacons (a pack of five messages each,
 * 500 drones) is replayed with the plugin: what a frame that does carry a drone costs. Prints
 * figures only; `npm run bench` runs it on the built packages.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, type PluginDefinition } from '@svc/core';
import { createTestService } from '@svc/core/testing';
import bluetoothPlugin from '@svc/plugin-bluetooth';
import dot11Plugin from '@svc/plugin-dot11';
import { pcapFile } from '@svc/plugin-dot11/synthetic';
import uavPlugin from '@svc/plugin-uav';
import { basicIdMessage, DRONE_FRAME_LINK_TYPES, locationMessage, operatorIdMessage, remoteIdBeacon, selfIdMessage, systemMessage } from '@svc/plugin-uav/testing';
import { BIG_CAPTURE_FRAMES, bigCapture } from './big-capture.js';

const ROUNDS = 3;
const DRONE_FRAMES = 100_000;
const DRONES = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Replays `capture` into a fresh service with `plugins`; frames a second, CPU µs a frame, and the drones tracked. */
async function replay(capture: string, frames: number, plugins: readonly PluginDefinition<any>[]): Promise<{ rate: number; cpu: number; drones: number }> {
  const t = await createTestService({ plugins, log: createLogger({ write: () => {} }) });
  try {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const source = await t.svc.datasources.add(`${capture}:name=bench`);
    while (source.numPackets < frames && source.state !== 'error') await sleep(2);
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuStarted);
    if (source.numPackets !== frames) throw new Error(`the replay stopped at ${source.numPackets} frames: ${source.state}`);
    const uav = t.svc.devices.phy('UAV');
    return { rate: frames / seconds, cpu: (cpu.user + cpu.system) / frames, drones: uav?.deviceCount ?? 0 };
  } finally {
    await t.close();
  }
}

const capture = bigCapture();
const without: { rate: number; cpu: number }[] = [];
const withUav: { rate: number; cpu: number }[] = [];
for (let run = 0; run < ROUNDS * 2; run++) {
  const uav = run % 2 === 1;
  const result = await replay(capture, BIG_CAPTURE_FRAMES, uav ? [dot11Plugin, bluetoothPlugin, uavPlugin] : [dot11Plugin, bluetoothPlugin]);
  (uav ? withUav : without).push(result);
  console.log(`round ${Math.floor(run / 2) + 1}, ${uav ? 'with   ' : 'without'} the UAV plugin: ${Math.round(result.rate).toLocaleString('en')} frames/s, ${result.cpu.toFixed(2)} µs CPU a frame, ${result.drones} drones`);
}
const [rateWithout, rateWith] = [medianOf(without.map((r) => r.rate)), medianOf(withUav.map((r) => r.rate))];
const [cpuWithout, cpuWith] = [medianOf(without.map((r) => r.cpu)), medianOf(withUav.map((r) => r.cpu))];
console.log(
  `802.11 ingest without drones: ${Math.round(rateWithout).toLocaleString('en')} frames/s without the UAV plugin, ${Math.round(rateWith).toLocaleString('en')} with it ` +
    `(${(((rateWithout - rateWith) / rateWithout) * 100).toFixed(1)} % slower); CPU ${cpuWithout.toFixed(2)} µs a frame without, ${cpuWith.toFixed(2)} µs with (${(((cpuWith - cpuWithout) / cpuWithout) * 100).toFixed(1)} %)`,
);

const messages = (drone: number, counter: number) => [
  basicIdMessage({ idType: 1, uaType: 2, id: `BENCH${String(drone).padStart(15, '0')}` }),
  locationMessage({ status: 2, lat: 60 + drone * 1e-3 + counter * 1e-6, lon: 24.9, geodeticAltitude: 120, height: 50, speed: 10, direction: 90, timestamp: counter % 36000 / 10 }),
  systemMessage({ operatorLat: 60 + drone * 1e-3, operatorLon: 24.89, operatorLocationType: 1 }),
  selfIdMessage('Benchmark flight'),
  operatorIdMessage(`OP${drone}`),
];
const dronePath = join(tmpdir(), `svc-bench-drones-${DRONE_FRAMES}.pcap`);
writeFileSync(
  dronePath,
  pcapFile(
    DRONE_FRAME_LINK_TYPES.WIFI,
    Array.from({ length: DRONE_FRAMES }, (_, index) => {
      const drone = index % DRONES;
      const counter = Math.floor(index / DRONES);
      const transmitter = `02:00:00:00:${((drone >> 8) & 0xff).toString(16).padStart(2, '0')}:${(drone & 0xff).toString(16).padStart(2, '0')}`;
      return { tsSec: 1_735_819_200 + counter, tsFraction: drone * 1000, data: remoteIdBeacon({ transmitter, counter: counter & 0xff, messages: messages(drone, counter) }) };
    }),
  ),
);
const drones = await replay(dronePath, DRONE_FRAMES, [dot11Plugin, bluetoothPlugin, uavPlugin]);
console.log(`Remote ID beacons (a pack of 5 messages each): ${Math.round(drones.rate).toLocaleString('en')} frames/s, ${drones.cpu.toFixed(2)} µs CPU a frame, ${drones.drones} drones tracked`);
