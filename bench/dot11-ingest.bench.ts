/**
 * 802.11 ingest (issue: at least 250,000 frames per second from a `pcapfile` source to a fully
 * updated tracker, on one core; heap under 4 KB per tracked Wi-Fi device). The capture is the
 * shared generator's 1,000,000-frame file (10,000 devices), made once and cached in the temp
 * dir. Each round replays it into a fresh service with the built dot11 plugin and measures
 * from adding the source until the source has counted every frame; the heap is measured after
 * a full GC, against the heap of the same service before the replay. For scale the bench then
 * times tshark on the same file with the field list of `test-data/README.md` (skip it with
 * SVC_BENCH_SKIP_TSHARK=1). Prints figures only. `npm run bench` runs it under the node flags
 * `svc` runs with (a 32 MB young generation, see scripts/run-bench.mjs).
 */
import { spawnSync } from 'node:child_process';
import { createLogger } from '@svc/core';
import { BIG_CAPTURE_FRAMES, bigCapture } from './big-capture.js';
import { createTestService } from '@svc/core/testing';
import dot11Plugin from '@svc/plugin-dot11';

const FRAMES = BIG_CAPTURE_FRAMES;
const ROUNDS = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const gc = (globalThis as { gc?: () => void }).gc;

const capture = bigCapture();

function heapUsed(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}

const rates: number[] = [];
let perDevice = 0;
for (let round = 0; round < ROUNDS; round++) {
  const t = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }) });
  const before = heapUsed();
  const started = performance.now();
  const source = await t.svc.datasources.add(`${capture}:name=big`);
  while (source.numPackets < FRAMES && source.state !== 'error') await sleep(2);
  const seconds = (performance.now() - started) / 1000;
  if (source.numPackets !== FRAMES) throw new Error(`the replay stopped at ${source.numPackets} frames: ${source.state}`);
  const rate = FRAMES / seconds;
  rates.push(rate);
  const devices = t.svc.devices.size;
  const heap = heapUsed() - before;
  perDevice = heap / devices;
  console.log(
    `round ${round + 1}: ${FRAMES.toLocaleString('en')} frames in ${seconds.toFixed(2)} s = ${Math.round(rate).toLocaleString('en')} frames/s; ` +
      `${devices.toLocaleString('en')} devices, ${source.numErrorPackets} malformed, heap +${(heap / 1048576).toFixed(1)} MB = ${Math.round(perDevice).toLocaleString('en')} bytes/device${gc ? '' : ' (run with --expose-gc for exact heap)'}`,
  );
  await t.close();
}
rates.sort((a, b) => a - b);
const median = rates[Math.floor(rates.length / 2)]!;
console.log(`dot11 ingest, pcapfile -> tracker: median ${Math.round(median).toLocaleString('en')} frames/s (target 250,000); heap ${Math.round(perDevice).toLocaleString('en')} bytes per device (target under 4,096)`);

if (process.env.SVC_BENCH_SKIP_TSHARK !== '1') {
  const fields = ['frame.number', 'wlan.fc.type_subtype', 'wlan.ta', 'wlan.sa', 'wlan.bssid', 'wlan.ssid', 'wlan.ds.current_channel', 'wlan_radio.frequency', 'wlan.fixed.capabilities.privacy', 'wlan.rsn.akms.type', '_ws.malformed'];
  const started = performance.now();
  const tshark = spawnSync('tshark', ['-n', '-r', capture, '-T', 'fields', ...fields.flatMap((field) => ['-e', field])], { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 });
  const seconds = (performance.now() - started) / 1000;
  if (tshark.error || tshark.status !== 0) console.log(`tshark comparison skipped: ${tshark.error?.message ?? `tshark exited with ${tshark.status}`}`);
  else console.log(`tshark -T fields on the same file: ${seconds.toFixed(1)} s = ${Math.round(FRAMES / seconds).toLocaleString('en')} frames/s; svc is ${(median / (FRAMES / seconds)).toFixed(1)}x faster`);
}
