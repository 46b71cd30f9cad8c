/**
 * What the attacks are measured by: how long `/system/status.json` takes while they run. A
 * small client in a process of its own asks for it one request after another (20 ms apart) and
 * reports the latencies when told to stop, so the figures are the server's and not those of the
 * test process, which runs the attack. The first requests (connection set-up) are left out.
 */
import { spawn } from 'node:child_process';

/** Latencies of the status requests made while an attack ran, in milliseconds. */
export interface StatusLatency {
  readonly count: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

/** A poller of status, running. */
export interface StatusPoller {
  /** Stops polling and gives the figures. */
  stop(): Promise<StatusLatency>;
}

const POLLER = `
const [url, authorization] = process.argv.slice(1);
const latencies = [];
let stopping = false;
process.stdin.on('data', () => (stopping = true));
(async () => {
  for (let n = 0; !stopping; n++) {
    const started = performance.now();
    try {
      const response = await fetch(url + '/system/status.json', { headers: { authorization } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error('status ' + response.status);
    } catch (error) {
      process.stdout.write(JSON.stringify({ error: String(error) }));
      process.exit(1);
    }
    if (n >= 3) latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? NaN;
  process.stdout.write(JSON.stringify({ count: latencies.length, p50: at(0.5), p99: at(0.99), max: latencies[latencies.length - 1] ?? NaN }));
  process.exit(0);
})();
`;

/** Starts asking `base` for its status, as `authorization`, until stopped. */
export function pollStatus(base: string, authorization: string): StatusPoller {
  const child = spawn(process.execPath, ['-e', POLLER, base, authorization], { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, NODE_OPTIONS: '', NO_COLOR: undefined, FORCE_COLOR: undefined } });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return {
    async stop() {
      child.stdin.end('stop');
      const code = await exited;
      const result = JSON.parse(out) as StatusLatency & { error?: string };
      if (code !== 0 || result.error) throw new Error(`the status poller failed: ${result.error ?? code}`);
      return result;
    },
  };
}

/**
 * The longest a status request may wait while an attack runs before the test calls the server
 * starved. It is a liveness bound, not a speed target: an attack that blocks the event loop
 * stalls status for seconds (a dump of 150 000 list entries once stalled it 6.3 s), whereas a
 * busy machine only stretches it to a few hundred milliseconds. The percentiles the hardening
 * issue set are measured by `bench/hardening.bench.ts`.
 */
export const STATUS_STARVED_MS = 2000;

/** Fails when any status request waited past {@link STATUS_STARVED_MS}. */
export function assertStatusNeverStarved(latency: StatusLatency): void {
  if (!(latency.max < STATUS_STARVED_MS)) throw new Error(`status starved: ${describeLatency(latency)} (the bound is ${STATUS_STARVED_MS} ms)`);
}

/** One line of figures for a test's log and failure messages. */
export function describeLatency(latency: StatusLatency): string {
  return `status p50 ${latency.p50.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms, max ${latency.max.toFixed(1)} ms over ${latency.count} requests`;
}
