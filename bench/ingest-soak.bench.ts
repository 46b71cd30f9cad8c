/**
 * The ingest soak (issue 38, "Checked by"): the bench's 1,000,000-frame 802.11 capture replayed
 * in a loop into one service, pass after pass, for `SVC_BENCH_SOAK_SECONDS` (600 by default, the
 * issue's ten minutes) in each mode: decoding on the main thread (`ingest_threads=0`) and in two
 * worker threads (`ingest_threads=2`). Every pass removes the source and adds it again with the
 * same definition (so the same UUID: the devices' seen-by lists do not grow with the passes).
 * The heap is sampled after a full GC every `SVC_BENCH_SOAK_SAMPLE_SECONDS` (5) while frames
 * flow, and after every pass; the bench prints the heap after the first pass, at the end, the
 * growth between them, the largest sample, and the RSS. The devices are the same on every pass,
 * so a heap that grows after the first pass is a leak. Prints figures only.
 */
import { createLogger } from '@svc/core';
import { createTestService } from '@svc/core/testing';
import dot11Plugin from '@svc/plugin-dot11';
import { BIG_CAPTURE_FRAMES, bigCapture } from './big-capture.js';

const SECONDS = Number(process.env.SVC_BENCH_SOAK_SECONDS ?? 600);
const SAMPLE_SECONDS = Number(process.env.SVC_BENCH_SOAK_SAMPLE_SECONDS ?? 5);
const MODES = [0, 2];
const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('the soak measures the heap after a full GC: run it with --expose-gc (npm run bench does)');

function heapAfterGc(): number {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
}

const capture = bigCapture();
const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

for (const threads of MODES) {
  const t = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }), config: { ingest_threads: String(threads) } });
  try {
    const started = performance.now();
    const afterPass: number[] = [];
    const samples: number[] = [];
    let passes = 0;
    let frames = 0;
    let nextSample = performance.now() + SAMPLE_SECONDS * 1000;
    while (passes === 0 || performance.now() - started < SECONDS * 1000) {
      const source = await t.svc.datasources.add(`${capture}:name=soak`);
      while (source.numPackets < BIG_CAPTURE_FRAMES && source.state !== 'error') {
        await sleep(2);
        if (performance.now() >= nextSample) {
          samples.push(heapAfterGc());
          nextSample = performance.now() + SAMPLE_SECONDS * 1000;
        }
      }
      if (source.numPackets !== BIG_CAPTURE_FRAMES) throw new Error(`pass ${passes + 1} stopped at ${source.numPackets} frames: ${source.state}`);
      frames += source.numPackets;
      await t.svc.datasources.remove(source);
      passes++;
      afterPass.push(heapAfterGc());
    }
    const seconds = (performance.now() - started) / 1000;
    const first = afterPass[0]!;
    const last = afterPass[afterPass.length - 1]!;
    const laterPasses = afterPass.slice(1);
    console.log(
      `soak, ingest_threads=${threads}: ${passes} passes of ${BIG_CAPTURE_FRAMES.toLocaleString('en')} frames in ${seconds.toFixed(0)} s (${Math.round(frames / seconds).toLocaleString('en')} frames/s), ` +
        `${t.svc.devices.size.toLocaleString('en')} devices; heap after GC: ${mib(first)} after the first pass, ${mib(last)} after the last, growth ${mib(last - first)} ` +
        `(after each pass: ${afterPass.map((heap) => (heap / MiB).toFixed(1)).join(', ')} MiB${laterPasses.length > 0 ? `; later passes ${mib(Math.min(...laterPasses))} to ${mib(Math.max(...laterPasses))}` : ''}); ` +
        `largest of ${samples.length} samples while frames flowed ${samples.length > 0 ? mib(Math.max(...samples)) : 'none'}; RSS ${mib(process.memoryUsage().rss)}`,
    );
  } finally {
    await t.close();
  }
}
