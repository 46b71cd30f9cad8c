/**
 * 802.11 ingest (issue: at least 250,000 frames per second from a `pcapfile` source to a fully
 * updated tracker, on one core; heap under 4 KB per tracked Wi-Fi device). The capture is svc's
 * own bulk generator's 1,000,000-frame file (10,000 devices, `big-capture.ts`), made once and
 * cached in the temp dir. Each round replays it into a fresh service with the built dot11 plugin and measures
 * from adding the source until the source has counted every frame; the heap is measured after
 * a full GC, against the heap of the same service before the replay. For scale the bench then
 * times tshark on the same file, asking for the fields svc's ingest reads (skip it with
 * SVC_BENCH_SKIP_TSHARK=1). Prints figures only. `npm run bench` runs it under the node flags
 * `svc` runs with (a 32 MB young generation, see scripts/run-bench.mjs).
 *
 * Each round is run twice, alternately: with the packet-chain timing of `/metrics` on (the
 * default, one packet in 128 timed) and off (`metrics_chain_sampling=0`), so the
 * cost of the metrics on the chain is measured on the same machine at the same time, in frames per
 * second and in the process's CPU time per frame (less sensitive to other load on the machine).
 * Those rounds decode on the main thread (`ingest_threads=0`); then rounds with 0, 1, 2 and 4
 * ingest worker threads decoding (chain timing on, taken in turn) give each setting's rate, CPU
 * time per frame (all threads) and RSS growth; `SVC_BENCH_THREADS` picks the counts (`0,1,2,4`
 * by default, empty for none).
 */
import { spawnSync } from 'node:child_process';
import { createLogger, lookupManufacturer } from '@svc/core';
import { createTestService } from '@svc/core/testing';
import dot11Plugin from '@svc/plugin-dot11';
import { BIG_CAPTURE_DEVICES, BIG_CAPTURE_FRAMES, bigCapture } from './big-capture.js';

const FRAMES = BIG_CAPTURE_FRAMES;
const ROUNDS = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const gc = (globalThis as { gc?: () => void }).gc;

const capture = bigCapture();
// The OUI registry loads on the first lookup: loaded here, its 8 MB or so are not counted as the
// first round's devices' heap (the first round read 3 374 bytes a device, the later ones 2 600).
lookupManufacturer(0);

function heapUsed(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}

const rates: number[] = [];
const ratesWithoutTiming: number[] = [];
/** CPU microseconds per frame, with and without the chain timing. */
const cpuWith: number[] = [];
const cpuWithout: number[] = [];
let perDevice = 0;
for (let run = 0; run < ROUNDS * 2; run++) {
  const round = Math.floor(run / 2);
  const timing = run % 2 === 0;
  const t = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }), config: { metrics_chain_sampling: timing ? '128' : '0', ingest_threads: '0' } });
  const before = heapUsed();
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const source = await t.svc.datasources.add(`${capture}:name=big`);
  while (source.numPackets < FRAMES && source.state !== 'error') await sleep(2);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  (timing ? cpuWith : cpuWithout).push((cpu.user + cpu.system) / FRAMES);
  if (source.numPackets !== FRAMES) throw new Error(`the replay stopped at ${source.numPackets} frames: ${source.state}`);
  const rate = FRAMES / seconds;
  (timing ? rates : ratesWithoutTiming).push(rate);
  const devices = t.svc.devices.size;
  const heap = heapUsed() - before;
  perDevice = heap / devices;
  console.log(
    `round ${round + 1}, chain timing ${timing ? 'on ' : 'off'}: ${FRAMES.toLocaleString('en')} frames in ${seconds.toFixed(2)} s = ${Math.round(rate).toLocaleString('en')} frames/s; ` +
      `${devices.toLocaleString('en')} devices, ${source.numErrorPackets} malformed, heap +${(heap / 1048576).toFixed(1)} MB = ${Math.round(perDevice).toLocaleString('en')} bytes/device${gc ? '' : ' (run with --expose-gc for exact heap)'}`,
  );
  await t.close();
}
const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const median = medianOf(rates);
const medianWithoutTiming = medianOf(ratesWithoutTiming);
console.log(`dot11 ingest, pcapfile -> tracker: median ${Math.round(median).toLocaleString('en')} frames/s (target 250,000); heap ${Math.round(perDevice).toLocaleString('en')} bytes per device (target 3,000, issue 38)`);
console.log(
  `packet-chain timing for /metrics: ${Math.round(median).toLocaleString('en')} frames/s with it, ${Math.round(medianWithoutTiming).toLocaleString('en')} without ` +
    `(${(((medianWithoutTiming - median) / medianWithoutTiming) * 100).toFixed(1)} % slower with it; rounds with ${rates.map((rate) => Math.round(rate / 1000)).join(', ')} k, without ${ratesWithoutTiming.map((rate) => Math.round(rate / 1000)).join(', ')} k)`,
);
const cpuMedianWith = medianOf(cpuWith);
const cpuMedianWithout = medianOf(cpuWithout);
console.log(
  `CPU time per frame: ${cpuMedianWith.toFixed(2)} µs with the chain timing, ${cpuMedianWithout.toFixed(2)} µs without ` +
    `(${(((cpuMedianWith - cpuMedianWithout) / cpuMedianWithout) * 100).toFixed(1)} %; rounds with ${cpuWith.map((value) => value.toFixed(2)).join(', ')}, without ${cpuWithout.map((value) => value.toFixed(2)).join(', ')} µs)`,
);

/**
 * One replay with `threads` ingest workers: frames per second, the whole process's CPU time per
 * frame (main thread and workers), and how much the process's RSS grew (10,000 devices tracked).
 */
async function replayWithWorkers(threads: number): Promise<{ rate: number; cpu: number; rss: number }> {
  const t = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }), config: { ingest_threads: String(threads) } });
  try {
    heapUsed();
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const source = await t.svc.datasources.add(`${capture}:name=big`);
    while (source.numPackets < FRAMES && source.state !== 'error') await sleep(2);
    if (source.numPackets !== FRAMES) throw new Error(`the replay with ${threads} ingest workers stopped at ${source.numPackets} frames: ${source.state}`);
    const rate = FRAMES / ((performance.now() - started) / 1000);
    const cpu = process.cpuUsage(cpuStarted);
    return { rate, cpu: (cpu.user + cpu.system) / FRAMES, rss: process.memoryUsage().rss - rssBefore };
  } finally {
    await t.close();
  }
}
/** `SVC_BENCH_THREADS=0,2` picks the worker counts compared (empty: none, for profiling the main thread). */
const THREAD_COUNTS = (process.env.SVC_BENCH_THREADS ?? '0,1,2,4').split(',').filter((count) => count.trim() !== '').map(Number);
const byThreads = new Map<number, { rate: number; cpu: number; rss: number }[]>(THREAD_COUNTS.map((threads) => [threads, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const threads of THREAD_COUNTS) byThreads.get(threads)!.push(await replayWithWorkers(threads));
}
const mainRate = byThreads.has(0) ? medianOf(byThreads.get(0)!.map((run) => run.rate)) : Number.NaN;
for (const threads of THREAD_COUNTS) {
  const runs = byThreads.get(threads)!;
  const rate = medianOf(runs.map((run) => run.rate));
  console.log(
    `ingest_threads=${threads}${threads === 0 ? ' (main thread)' : ''}: median ${Math.round(rate).toLocaleString('en')} frames/s (${(rate / mainRate).toFixed(2)}x the main thread's, rounds ${runs.map((run) => Math.round(run.rate / 1000)).join(', ')} k); ` +
      `CPU ${medianOf(runs.map((run) => run.cpu)).toFixed(2)} µs a frame, all threads; RSS +${(medianOf(runs.map((run) => run.rss)) / 1048576).toFixed(0)} MiB for ${BIG_CAPTURE_DEVICES.toLocaleString('en')} devices`,
  );
}

if (process.env.SVC_BENCH_SKIP_TSHARK !== '1') {
  const fields = ['frame.number', 'wlan.fc.type_subtype', 'wlan.ta', 'wlan.sa', 'wlan.bssid', 'wlan.ssid', 'wlan.ds.current_channel', 'wlan_radio.frequency', 'wlan.fixed.capabilities.privacy', 'wlan.rsn.akms.type', '_ws.malformed'];
  const started = performance.now();
  const tshark = spawnSync('tshark', ['-n', '-r', capture, '-T', 'fields', ...fields.flatMap((field) => ['-e', field])], { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 });
  const seconds = (performance.now() - started) / 1000;
  if (tshark.error || tshark.status !== 0) console.log(`tshark comparison skipped: ${tshark.error?.message ?? `tshark exited with ${tshark.status}`}`);
  else console.log(`tshark -T fields on the same file: ${seconds.toFixed(1)} s = ${Math.round(FRAMES / seconds).toLocaleString('en')} frames/s; svc is ${(median / (FRAMES / seconds)).toFixed(1)}x faster`);
}
