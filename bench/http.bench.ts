/**
 * HTTP figures for a real `svc start` process on loopback, measured from this process:
 * requests per second and latency for a small tracked JSON route (`/system/timestamp.json`)
 * with a session cookie and with basic auth, and the server's memory (its own status report)
 * at idle and after the load. The same client against a bare `node:http` server that answers a
 * constant JSON object gives the ceiling these figures are bounded by. Prints figures; asserts nothing.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REQUESTS = 20_000;
const CONCURRENCY = 8;
const USER = 'bench';
const PASSWORD = 'bench-password';

const configDir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
const server = spawn(process.execPath, ['packages/cli/bin/run.js', 'start', '--port', '0', '--config-dir', configDir, '--user', USER, '--password', PASSWORD], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise<string>((resolve, reject) => {
  let out = '';
  server.stdout!.on('data', (chunk) => {
    out += chunk;
    const match = /is listening on (\S+)/.exec(out);
    if (match) resolve(match[1]!);
  });
  server.on('exit', (code) => reject(new Error(`svc exited with ${code}`)));
});
const url = new URL(`${base}/system/timestamp.json`);
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const basic = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

async function serverRssMiB(): Promise<number> {
  const response = await fetch(`${base}/system/status.json`, { headers: { authorization: basic } });
  const status = (await response.json()) as Record<string, number>;
  return Math.round((status['svc.system.memory.rss']! / 1024) * 10) / 10;
}

function get(headers: Record<string, string>, target = url): Promise<{ status: number; cookie?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(target, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, cookie: res.headers['set-cookie']?.[0] }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function measure(label: string, headers: Record<string, string>, target = url): Promise<void> {
  for (let i = 0; i < 500; i++) await get(headers, target);
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) {
        const t0 = performance.now();
        const { status } = await get(headers, target);
        if (status !== 200) throw new Error(`status ${status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.floor((latencies.length - 1) * p)]!.toFixed(2);
  console.log(`${label}: ${Math.round(REQUESTS / seconds)} requests/s (${CONCURRENCY} connections), p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms`);
}

console.log(`server rss at idle: ${await serverRssMiB()} MiB`);
const { cookie } = await get({ authorization: basic });
await measure('GET /system/timestamp.json, session cookie', { cookie: cookie!.split(';')[0]! });
await measure('GET /system/timestamp.json, basic auth', { authorization: basic });
console.log(`server rss after the load: ${await serverRssMiB()} MiB`);

const baseline = spawn(
  process.execPath,
  ['-e', "const s=require('http').createServer((q,r)=>{r.setHeader('content-type','application/json');r.end(JSON.stringify({t:Date.now()}))});s.listen(0,'127.0.0.1',()=>console.log(s.address().port))"],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const baselinePort = await new Promise<string>((resolve) => baseline.stdout!.once('data', (chunk) => resolve(String(chunk).trim())));
await measure('baseline: bare node:http, same client', {}, new URL(`http://127.0.0.1:${baselinePort}/`));
baseline.kill();
agent.destroy();
server.kill('SIGTERM');
await new Promise((resolve) => server.on('exit', resolve));
rmSync(configDir, { recursive: true, force: true });
