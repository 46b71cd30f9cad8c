/**
 * Attack, issue 31 item 4: a webhook receiver that answers 200 with a body without end (where
 * the issue's had 2 GB). Against a real `svc start` with that webhook as an alert sink, two
 * alerts are delivered, the server's memory grows by less than 50 MB (it grew by 1.2 GB an
 * alert), and the receiver's connection is cut after a few kilobytes. A receiver that redirects
 * is not followed.
 */
import { createServer, type Server } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { waitUntil } from '@svc/core/testing';
import { startAttackServer, type AttackServer } from './attack-server.js';

const RSS_GROWTH_BYTES = 50e6;

let receiver: Server;
let server: AttackServer;
/** Bytes the endless answers wrote before their connections were cut, one per answer. */
const written: number[] = [];
const paths: string[] = [];

test.before(async () => {
  receiver = createServer((request, response) => {
    paths.push(request.url ?? '');
    request.resume();
    if (request.url === '/moved') {
      response.writeHead(307, { location: '/endless' });
      response.end();
      return;
    }
    const chunk = Buffer.alloc(1 << 20, 0x20);
    let bytes = 0;
    response.writeHead(200, { 'content-type': 'application/json' });
    const pump = () => {
      for (let more = true; more && !response.destroyed; bytes += chunk.length) more = response.write(chunk);
      if (!response.destroyed) response.once('drain', pump);
    };
    response.on('close', () => written.push(bytes));
    pump();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
  server = await startAttackServer([`alert_sink=webhook:url=${base}/endless,name=greedy,headers=SWELL`, `alert_sink=webhook:url=${base}/moved,name=moved,headers=SWELL,retries=0`]);
});
test.after(async () => {
  await server.stop();
  receiver.closeAllConnections();
  receiver.close();
});

test(`a receiver answering 200 with a body without end: two alerts delivered, memory up by less than ${RSS_GROWTH_BYTES / 1e6} MB, its connection cut`, async () => {
  assert.is((await server.command('/alerts/definitions/define_alert.cmd', { name: 'SWELL', description: 'to the greedy receiver', throttle: '10/min', burst: '10/sec' })).status, 200);
  const before = await server.rss();
  for (let n = 0; n < 2; n++) assert.is((await server.command('/alerts/raise_alert.cmd', { name: 'SWELL', text: `alert ${n}` })).status, 200);
  const sinks = async () => (await (await fetch(`${server.url}/alerts/sinks.json`, { headers: { authorization: server.admin } })).json()) as Record<string, any>[];
  const sink = async (name: string) => (await sinks()).find((record) => record['svc.alert.sink.name'] === name)!;
  await waitUntil('both alerts delivered to greedy, both failed at moved', async () => (await sink('greedy'))['svc.alert.sink.sent'] === 2 && (await sink('moved'))['svc.alert.sink.failed'] === 2, { timeoutMs: 30_000 });
  await waitUntil('the receiver saw both connections end', () => written.length === 2, { timeoutMs: 10_000 });
  const growth = (await server.rss()) - before;
  console.log(`  memory grew by ${(growth / 1e6).toFixed(1)} MB; the receiver wrote ${written.map((bytes) => `${(bytes / 1e6).toFixed(0)} MB`).join(' and ')} before each cut (socket buffers)`);
  assert.ok(growth < RSS_GROWTH_BYTES, `memory grew by ${(growth / 1e6).toFixed(1)} MB`);
  for (const bytes of written) assert.ok(bytes < 64e6, `the receiver wrote ${bytes} bytes before the cut`);
  assert.match((await sink('moved'))['svc.alert.sink.last_error'], /answered 307/);
  assert.equal(paths.filter((path) => path === '/endless').length, 2, 'the redirect was not followed');
});

test.run();
