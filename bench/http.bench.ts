/**
 * HTTP figures for a real `svc start` process on loopback, measured from this process:
 * requests per second and latency for a small tracked JSON route (`/system/timestamp.json`)
 * with a session cookie and with basic auth, and the server's memory (its own status report)
 * at idle and after the load. The same client against a bare `node:http` server that answers a
 * constant JSON object gives the ceiling these figures are bounded by. Then the server is given
 * 100,000 devices (the test datasource): load figures for `/system/status.json` and a
 * datatables page, and the server's memory and the time while it serves a full dump of them
 * (`all_devices.ekjson`, streamed). Prints figures; asserts nothing.
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { addTestDevices, startBenchServer } from './bench-server.js';

const REQUESTS = 20_000;
const CONCURRENCY = 8;

const DEVICES = 100_000;
const server = await startBenchServer();
const { base, basic } = server;
const url = new URL(`${base}/system/timestamp.json`);
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

async function serverRssMiB(): Promise<number> {
  const response = await fetch(`${base}/system/status.json`, { headers: { authorization: basic } });
  const status = (await response.json()) as Record<string, number>;
  return Math.round((status['svc.system.memory.rss']! / 1024) * 10) / 10;
}

function get(headers: Record<string, string>, target = url, body?: string): Promise<{ status: number; cookie?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(target, { agent, headers, method: body === undefined ? 'GET' : 'POST' }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, cookie: res.headers['set-cookie']?.[0] }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function measure(label: string, headers: Record<string, string>, target = url, body?: string): Promise<void> {
  for (let i = 0; i < 500; i++) await get(headers, target, body);
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) {
        const t0 = performance.now();
        const { status } = await get(headers, target, body);
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

// 100,000 devices from the test datasource, then the figures that depend on the tracker's size.
await addTestDevices(server, DEVICES);
console.log(`server rss with ${DEVICES} devices: ${await serverRssMiB()} MiB`);
const session = (await get({ authorization: basic })).cookie!.split(';')[0]!;
await measure(`GET /system/status.json, ${DEVICES} devices, session cookie`, { cookie: session }, new URL(`${base}/system/status.json`));
const pageBody = new URLSearchParams({
  json: JSON.stringify({ datatable: true, fields: ['svc.device.base.key', 'svc.device.base.name', 'svc.device.base.macaddr', 'svc.device.base.channel', 'svc.device.base.last_time'], colmap: { '1': 'svc.device.base.name' } }),
  start: '5000',
  length: '50',
  draw: '1',
  'order[0][column]': '1',
  'order[0][dir]': 'asc',
}).toString();
await measure(`POST datatables page (50 of ${DEVICES}, 5 fields, sorted by name)`, { cookie: session, 'content-type': 'application/x-www-form-urlencoded' }, new URL(`${base}/devices/views/all/devices.json`), pageBody);

// A full dump, streamed: the server's RSS (its own report, sampled every 100 ms) and the time.
const rssBefore = await serverRssMiB();
let rssPeak = rssBefore;
let dumping = true;
const sampler = (async () => {
  while (dumping) {
    rssPeak = Math.max(rssPeak, await serverRssMiB());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
})();
const dumpStart = performance.now();
const dump = await fetch(`${base}/devices/all_devices.ekjson`, { headers: { authorization: basic } });
let dumpBytes = 0;
for await (const chunk of dump.body as unknown as AsyncIterable<Uint8Array>) dumpBytes += chunk.byteLength;
const dumpSeconds = (performance.now() - dumpStart) / 1000;
dumping = false;
await sampler;
console.log(
  `full dump all_devices.ekjson of ${DEVICES} devices: ${(dumpBytes / 1e6).toFixed(0)} MB in ${dumpSeconds.toFixed(1)} s (${(dumpBytes / 1e6 / dumpSeconds).toFixed(0)} MB/s); server rss ${rssBefore} MiB before, ${rssPeak} MiB at most during it`,
);

const baseline = spawn(
  process.execPath,
  ['-e', "const s=require('http').createServer((q,r)=>{r.setHeader('content-type','application/json');r.end(JSON.stringify({t:Date.now()}))});s.listen(0,'127.0.0.1',()=>console.log(s.address().port))"],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const baselinePort = await new Promise<string>((resolve) => baseline.stdout!.once('data', (chunk) => resolve(String(chunk).trim())));
await measure('baseline: bare node:http, same client', {}, new URL(`http://127.0.0.1:${baselinePort}/`));
baseline.kill();
agent.destroy();
await server.stop();
