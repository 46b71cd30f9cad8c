/**
 * Attack, issue 31 item 1: readers that take full dumps as fast as they come. Against a real
 * `svc start` tracking 50 000 devices, twelve readonly readers (three keys, four each) dump
 * the whole view as JSON while an admin dumps it as ekjson and prettyjson: status is never
 * starved (`bench/hardening.bench.ts` measures its p99 with 100 000 devices). A login's fifth dump at once, and a dump past the server's
 * sixteen, are refused with a 429 and Retry-After.
 */
import type { IncomingMessage } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startAttackServer, type AttackServer } from './attack-server.js';
import { readFast } from './fast-readers.js';
import { stalledGet } from './stalled-get.js';
import { assertStatusNeverStarved, describeLatency, pollStatus } from './status-latency.js';

const DEVICES = 50_000;

let server: AttackServer;
let keys: string[];

test.before(async () => {
  server = await startAttackServer();
  await server.addSource(`testsource-1:devices=${DEVICES},count=${DEVICES},flood=true`);
  await server.devices(DEVICES);
  keys = await Promise.all(['one', 'two', 'three', 'four'].map((name) => server.readonlyKey(name)));
});
test.after(async () => server.stop());

const viewUrl = (format: string) => `${server.url}/devices/views/all/devices.${format}`;
const asKey = (key: string) => ({ cookie: `SVC=${key}` });

test(`twelve readonly readers and an admin dump ${DEVICES} devices as fast as they can: status is never starved`, async () => {
  const poller = pollStatus(server.url, server.admin);
  const reads = await readFast([
    ...keys.slice(0, 3).flatMap((key) => Array.from({ length: 4 }, () => ({ url: viewUrl('json'), headers: asKey(key) }))),
    { url: viewUrl('ekjson'), headers: { authorization: server.admin } },
    { url: viewUrl('prettyjson'), headers: { authorization: server.admin } },
  ]);
  const latency = await poller.stop();
  console.log(`  12 JSON dumps, 1 ekjson, 1 prettyjson of ${DEVICES} devices (${(reads.reduce((sum, read) => sum + read.bytes, 0) / 1e6).toFixed(0)} MB): ${describeLatency(latency)}`);
  assert.equal(reads.map((read) => read.status), Array(14).fill(200));
  assert.ok(reads.every((read) => read.bytes > 10e6), 'every dump was read whole');
  assertStatusNeverStarved(latency);
});

test('a login\'s fifth dump at once and the server\'s seventeenth are refused with 429 and Retry-After', async () => {
  const held: IncomingMessage[] = [];
  try {
    for (const key of keys.slice(0, 3)) for (let n = 0; n < 4; n++) held.push(await stalledGet(viewUrl('json'), asKey(key)));
    const refusal = async (headers: Record<string, string>) => {
      const response = await fetch(viewUrl('json'), { headers });
      return [response.status, response.headers.get('retry-after'), ((await response.json()) as { code: string }).code];
    };
    assert.equal(await refusal(asKey(keys[0]!)), [429, '5', 'SVC_ERR_TOO_MANY_DUMPS']);
    for (let n = 0; n < 4; n++) held.push(await stalledGet(viewUrl('json'), { authorization: server.admin }));
    assert.equal(held.map((response) => response.statusCode), Array(16).fill(200));
    assert.equal(await refusal(asKey(keys[3]!)), [429, '5', 'SVC_ERR_TOO_MANY_DUMPS'], 'the server is at its sixteen');
  } finally {
    for (const response of held) response.destroy();
  }
});

test.run();
