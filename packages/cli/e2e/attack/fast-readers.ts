/**
 * Readers that take an answer as fast as the network gives it, from a process of their own as
 * they would be on a network: a reader in the test process would share its event loop with the
 * test and could not outrun the server. Each reads its URL to the end and reports the status
 * and the bytes it got.
 */
import { spawn } from 'node:child_process';

/** What one reader got. */
export interface FastRead {
  readonly status: number;
  readonly bytes: number;
  readonly retryAfter: string | null;
}

const READERS = `
const http = require('http');
const [requests, rounds] = JSON.parse(process.argv[1]);
const read = ({ url, headers }) => new Promise((resolve) => {
  http.get(url, { headers }, (response) => {
    let bytes = 0;
    response.on('data', (chunk) => (bytes += chunk.length));
    response.on('end', () => resolve({ status: response.statusCode, bytes, retryAfter: response.headers['retry-after'] ?? null }));
    response.on('error', () => resolve({ status: response.statusCode, bytes, retryAfter: null }));
  }).on('error', (error) => resolve({ status: 0, bytes: 0, retryAfter: String(error) }));
});
(async () => {
  const results = [];
  for (let round = 0; round < rounds; round++) results.push(...(await Promise.all(requests.map(read))));
  process.stdout.write(JSON.stringify(results));
})();
`;

/**
 * Reads every URL at once, each as fast as it comes, `rounds` times over (one round after the
 * other, from the same process); resolves with every read when the last has ended.
 */
export function readFast(requests: readonly { url: string; headers: Record<string, string> }[], rounds = 1): Promise<FastRead[]> {
  const child = spawn(process.execPath, ['-e', READERS, JSON.stringify([requests, rounds])], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_OPTIONS: '', NO_COLOR: undefined, FORCE_COLOR: undefined } });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as FastRead[]) : reject(new Error(`the readers exited with ${code}`)))),
  );
}
