/**
 * Status while ingesting at full speed (issue 38: `/system/status.json` p99 under 20 ms): a real
 * `svc start` replays the bench's 1,000,000-frame 802.11 capture from a `pcapfile` source as fast
 * as it can, while a poller in a process of its own asks for `/system/status.json` one request
 * after another (20 ms apart, the attack suite's poller). Each round times status on the idle
 * server first, then during the replay; rounds run with `ingest_threads` 0 and 2 in turn
 * (`SVC_BENCH_STATUS_THREADS`, `0,2` by default). Prints figures only.
 */
import { waitUntil } from '@svc/core/testing';
import { startAttackServer } from '../packages/cli/e2e/attack/attack-server.js';
import { describeLatency, pollStatus, type StatusLatency } from '../packages/cli/e2e/attack/status-latency.js';
import { BIG_CAPTURE_FRAMES, bigCapture } from './big-capture.js';

const ROUNDS = 3;
const THREAD_COUNTS = (process.env.SVC_BENCH_STATUS_THREADS ?? '0,2').split(',').filter((count) => count.trim() !== '').map(Number);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const capture = bigCapture();

interface Round {
  readonly idle: StatusLatency;
  readonly ingesting: StatusLatency;
  readonly rate: number;
}

async function round(threads: number): Promise<Round> {
  const server = await startAttackServer([`ingest_threads=${threads}`]);
  try {
    const idlePoller = pollStatus(server.url, server.admin);
    await sleep(3000);
    const idle = await idlePoller.stop();
    const poller = pollStatus(server.url, server.admin);
    const started = performance.now();
    await server.addSource(`${capture}:name=big`);
    let packets = 0;
    await waitUntil(
      'the replay ends',
      async () => {
        const sources = (await (await fetch(`${server.url}/datasource/all_sources.json`, { headers: { authorization: server.admin } })).json()) as Record<string, unknown>[];
        packets = Number(sources.find((source) => source['svc.datasource.name'] === 'big')?.['svc.datasource.num_packets'] ?? 0);
        return packets >= BIG_CAPTURE_FRAMES;
      },
      { timeoutMs: 300_000, intervalMs: 250, detail: () => `${packets} frames so far` },
    );
    const rate = BIG_CAPTURE_FRAMES / ((performance.now() - started) / 1000);
    return { idle, ingesting: await poller.stop(), rate };
  } finally {
    await server.stop();
  }
}

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const byThreads = new Map<number, Round[]>(THREAD_COUNTS.map((threads) => [threads, []]));
for (let index = 0; index < ROUNDS; index++) {
  for (const threads of THREAD_COUNTS) {
    const result = await round(threads);
    byThreads.get(threads)!.push(result);
    console.log(`round ${index + 1}, ingest_threads=${threads}: ${Math.round(result.rate).toLocaleString('en')} frames/s; while ingesting ${describeLatency(result.ingesting)}; idle ${describeLatency(result.idle)}`);
  }
}
for (const [threads, rounds] of byThreads) {
  console.log(
    `status.json while ingesting at full speed, ingest_threads=${threads}: median p99 ${medianOf(rounds.map((r) => r.ingesting.p99)).toFixed(1)} ms ` +
      `(rounds ${rounds.map((r) => r.ingesting.p99.toFixed(1)).join(', ')} ms; p50 ${medianOf(rounds.map((r) => r.ingesting.p50)).toFixed(1)} ms, worst max ${Math.max(...rounds.map((r) => r.ingesting.max)).toFixed(1)} ms; target p99 < 20 ms), ` +
      `idle p99 ${medianOf(rounds.map((r) => r.idle.p99)).toFixed(1)} ms; replay median ${Math.round(medianOf(rounds.map((r) => r.rate))).toLocaleString('en')} frames/s`,
  );
}
