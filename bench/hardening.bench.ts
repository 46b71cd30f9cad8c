/**
 * What attacks cost a real `svc start` (issue 31), with the attack suite's clients
 * (packages/cli/e2e/attack): status latency while 12 readonly readers (three keys, four each)
 * take full dumps of 100 000 devices as fast as they can; status latency and pushes while 500
 * device monitor websockets (two keys) watch `*` at rate 1 as 1 000 devices change 1 000 times a
 * second; the memory 100 stalled pcapng stream readers hold; and the memory a webhook receiver
 * answering an endless body adds; status latency while eight readers read a 10 000-entry
 * watchlist at once. Prints figures; asserts nothing.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { waitUntil } from '@svc/core/testing';
import { startAttackServer } from '../packages/cli/e2e/attack/attack-server.js';
import { openCountingWebSocket, type CountingWebSocket } from '../packages/cli/e2e/attack/counting-websocket.js';
import { readFast } from '../packages/cli/e2e/attack/fast-readers.js';
import { stalledGet } from '../packages/cli/e2e/attack/stalled-get.js';
import { describeLatency, pollStatus } from '../packages/cli/e2e/attack/status-latency.js';

const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function dumps(): Promise<void> {
  const DEVICES = 100_000;
  const server = await startAttackServer();
  try {
    await server.addSource(`testsource-1:devices=${DEVICES},count=${DEVICES},flood=true`);
    await server.devices(DEVICES);
    const keys = await Promise.all(['one', 'two', 'three'].map((name) => server.readonlyKey(name)));
    const idle = pollStatus(server.url, server.admin);
    await sleep(3000);
    console.log(`status with nothing else to do, ${DEVICES} devices: ${describeLatency(await idle.stop())}`);
    for (const format of ['json', 'ekjson']) {
      const rss = await server.rss();
      let peak = rss;
      let reading = true;
      const sampler = (async () => {
        while (reading) {
          peak = Math.max(peak, await server.rss());
          await sleep(200);
        }
      })();
      const poller = pollStatus(server.url, server.admin);
      const started = performance.now();
      const reads = await readFast(keys.flatMap((key) => Array.from({ length: 4 }, () => ({ url: `${server.url}/devices/views/all/devices.${format}`, headers: { cookie: `SVC=${key}` } }))));
      const seconds = (performance.now() - started) / 1000;
      const latency = await poller.stop();
      reading = false;
      await sampler;
      const bytes = reads.reduce((sum, read) => sum + read.bytes, 0);
      console.log(
        `12 parallel full dumps (.${format}) of ${DEVICES} devices, fast readers: ${(bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s; ${describeLatency(latency)}; server rss ${(rss / MiB).toFixed(0)} MiB before, ${(peak / MiB).toFixed(0)} MiB at most (statuses ${[...new Set(reads.map((read) => read.status))].join(',')})`,
      );
    }
  } finally {
    await server.stop();
  }
}

async function monitors(): Promise<void> {
  const SOCKETS = 500;
  const server = await startAttackServer();
  const sockets: CountingWebSocket[] = [];
  try {
    await server.addSource('testsource-1:devices=1000,pps=1000');
    await server.devices(1000);
    const keys = [await server.readonlyKey('wall-1'), await server.readonlyKey('wall-2')];
    const ws = server.url.replace('http', 'ws');
    const fields = ['svc.device.base.key', 'svc.device.base.name', 'svc.device.base.last_time', 'svc.device.base.signal/svc.common.signal.last_signal'];
    const opening = pollStatus(server.url, server.admin);
    const opened = performance.now();
    for (let n = 0; n < SOCKETS; n++) {
      const socket = await openCountingWebSocket(`${ws}/devices/monitor.ws?SVC=${keys[n % 2]}`);
      socket.send(JSON.stringify({ monitor: '*', request: 1, rate: 1, fields }));
      sockets.push(socket);
    }
    await waitUntil('every socket has its first push', () => sockets.every((socket) => socket.messages >= 1000), { timeoutMs: 120_000, intervalMs: 200 });
    console.log(`${SOCKETS} monitor sockets opened and given the whole view (1 000 devices each) in ${((performance.now() - opened) / 1000).toFixed(1)} s; ${describeLatency(await opening.stop())}`);
    await server.metric('svc_event_loop_lag_max_seconds');
    const before = sockets.map((socket) => socket.messages);
    const cpu = await server.metric('svc_process_cpu_seconds_total');
    const poller = pollStatus(server.url, server.admin);
    const started = performance.now();
    await sleep(20_000);
    const latency = await poller.stop();
    const seconds = (performance.now() - started) / 1000;
    const rates = sockets.map((socket, index) => (socket.messages - before[index]!) / seconds).sort((a, b) => a - b);
    const busy = ((await server.metric('svc_process_cpu_seconds_total')) - cpu) / seconds;
    console.log(
      `${SOCKETS} monitor sockets on * at rate 1, 1 000 device changes a second, 20 s: ${describeLatency(latency)}; pushes per socket and second ${rates[0]!.toFixed(0)} to ${rates.at(-1)!.toFixed(0)}; server CPU ${(busy * 100).toFixed(0)} % of a core, event loop lag at most ${((await server.metric('svc_event_loop_lag_max_seconds')) * 1000).toFixed(1)} ms, rss ${((await server.rss()) / MiB).toFixed(0)} MiB; ${sockets.filter((socket) => socket.ended).length} sockets dropped`,
    );
  } finally {
    for (const socket of sockets) socket.destroy();
    await server.stop();
  }
}

async function streams(): Promise<void> {
  const READERS = 100;
  const server = await startAttackServer([`httpd_max_packet_streams=${READERS}`, `httpd_max_packet_streams_per_login=${READERS}`]);
  const held: IncomingMessage[] = [];
  try {
    await server.addSource('testsource-1:devices=1000,pps=5000,frame_bytes=1000');
    await server.devices(1000);
    const key = await server.readonlyKey('hoarder');
    const rss = await server.rss();
    const poller = pollStatus(server.url, server.admin);
    for (let n = 0; n < READERS; n++) {
      held.push(await stalledGet(`${server.url}/pcap/all_packets.pcapng`, { cookie: `SVC=${key}` }));
    }
    await waitUntil('the streams are full', async () => (await server.metric('svc_packet_stream_buffered_bytes')) > READERS * 3 * MiB, { timeoutMs: 60_000, intervalMs: 250 });
    await sleep(5000);
    const latency = await poller.stop();
    const buffered = await server.metric('svc_packet_stream_buffered_bytes');
    const growth = (await server.rss()) - rss;
    console.log(`${READERS} pcapng stream readers that stop reading, 5 000 frames of 1 KB a second: ${(buffered / READERS / MiB).toFixed(2)} MiB counted a reader, server rss up ${(growth / READERS / MiB).toFixed(2)} MiB a reader (${(growth / MiB).toFixed(0)} MiB); ${describeLatency(latency)}`);
  } finally {
    for (const response of held) response.destroy();
    await server.stop();
  }
}

async function lists(): Promise<void> {
  const LIMIT = 10_000;
  const ROUNDS = 30;
  const server = await startAttackServer();
  try {
    const mac = (n: number) => `AC:DE:48:${[n >> 16, n >> 8, n].map((byte) => (byte & 255).toString(16).padStart(2, '0')).join(':')}`.toUpperCase();
    for (let from = 0; from < LIMIT; from += 2000) {
      await server.command('/devices/alerts/mac/found/add.cmd', { macs: Array.from({ length: 2000 }, (_, n) => mac(from + n)) });
    }
    const keys = [await server.readonlyKey('reader-1'), await server.readonlyKey('reader-2')];
    const poller = pollStatus(server.url, server.admin);
    const reads = await readFast(Array.from({ length: 8 }, (_, n) => ({ url: `${server.url}/devices/alerts/mac/both/entries.json`, headers: { cookie: `SVC=${keys[n % 2]}` } })), ROUNDS);
    const latency = await poller.stop();
    console.log(`8 readonly readers reading a ${LIMIT}-entry watchlist at once as fast as they can, ${ROUNDS} times (${(reads[0]!.bytes / 1e6).toFixed(1)} MB each): ${describeLatency(latency)} (statuses ${[...new Set(reads.map((read) => read.status))].join(',')})`);
  } finally {
    await server.stop();
  }
}

async function webhook(): Promise<void> {
  const receiver = createServer((request, response) => {
    request.resume();
    const chunk = Buffer.alloc(1 << 20, 0x20);
    response.writeHead(200);
    const pump = () => {
      while (!response.destroyed && response.write(chunk));
      if (!response.destroyed) response.once('drain', pump);
    };
    pump();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const server = await startAttackServer([`alert_sink=webhook:url=http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook,headers=SWELL`]);
  try {
    await server.command('/alerts/definitions/define_alert.cmd', { name: 'SWELL', description: 'bench', throttle: '100/min', burst: '100/sec' });
    const rss = await server.rss();
    for (let n = 0; n < 10; n++) await server.command('/alerts/raise_alert.cmd', { name: 'SWELL', text: `alert ${n}` });
    await waitUntil('ten alerts delivered', async () => {
      const sinks = (await (await fetch(`${server.url}/alerts/sinks.json`, { headers: { authorization: server.admin } })).json()) as Record<string, number>[];
      return sinks[0]!['svc.alert.sink.sent'] === 10;
    }, { timeoutMs: 60_000 });
    console.log(`webhook receiver answering 200 with an endless body, 10 alerts: server rss ${(rss / MiB).toFixed(0)} MiB before, ${((await server.rss()) / MiB).toFixed(0)} MiB after`);
  } finally {
    await server.stop();
    receiver.closeAllConnections();
    receiver.close();
  }
}

await dumps();
await monitors();
await streams();
await lists();
await webhook();
