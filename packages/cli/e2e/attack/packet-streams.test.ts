/**
 * Attack, issue 31 item 5: live pcapng stream readers that stop reading while packets flow.
 * Against a real `svc start` taking 5 000 frames a second, 100 readonly readers (the caps
 * raised to let them all in) open a stream each and read nothing: each stream holds at most the
 * 4 MB the README states, `/metrics` counts what they hold and drop, the server's memory grows
 * by no more than that, and status, measured from before the streams open to after they are
 * full, is never starved (it was 2.7 s; `bench/hardening.bench.ts` measures its p99). With the default caps one key
 * gets 8 streams and the rest are refused with 429.
 */
import type { IncomingMessage } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { waitUntil } from '@svc/core/testing';
import { startAttackServer, type AttackServer } from './attack-server.js';
import { stalledGet } from './stalled-get.js';
import { assertStatusNeverStarved, describeLatency, pollStatus } from './status-latency.js';

const READERS = 100;
const STREAM_BYTES = 4 * 1024 * 1024;
/** What the server may grow by besides the streams' own bytes (buffers freed but not yet returned, sockets). */
const RSS_SLACK_BYTES = 150e6;

test(`${READERS} readers that stop reading: at most 4 MB held each, counted in /metrics; memory and status bounded`, async () => {
  const server = await startAttackServer([`httpd_max_packet_streams=${READERS}`, `httpd_max_packet_streams_per_login=${READERS}`]);
  const streams: IncomingMessage[] = [];
  try {
    await server.addSource('testsource-1:devices=1000,pps=5000,frame_bytes=1000');
    await server.devices(1000);
    const key = await server.readonlyKey('hoarder');
    const before = await server.rss();
    // Status is measured from before the streams open, through their filling, to 5 s after.
    const poller = pollStatus(server.url, server.admin);
    for (let n = 0; n < READERS; n++) streams.push(await stalledGet(`${server.url}/pcap/all_packets.pcapng`, { cookie: `SVC=${key}` }));
    assert.equal(new Set(streams.map((stream) => stream.statusCode)), new Set([200]));
    // Full: every stream's queue has taken what it may and the streams drop packets.
    await waitUntil('every stream is full and dropping', async () => (await server.metric('svc_packet_stream_buffered_bytes')) > READERS * 3 * 1024 * 1024, { timeoutMs: 60_000, intervalMs: 250 });
    const dropped = await server.metric('svc_packet_stream_dropped_packets_total');
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const latency = await poller.stop();
    const buffered = await server.metric('svc_packet_stream_buffered_bytes');
    const growth = (await server.rss()) - before;
    console.log(`  ${READERS} stalled streams hold ${(buffered / READERS / 1048576).toFixed(2)} MiB each (counted); memory grew by ${(growth / READERS / 1048576).toFixed(2)} MiB a reader; ${describeLatency(latency)}`);
    assert.is(await server.metric('svc_packet_streams'), READERS);
    assert.ok(buffered <= READERS * STREAM_BYTES, `the streams hold ${buffered} bytes`);
    assert.ok((await server.metric('svc_packet_stream_dropped_packets_total')) > dropped, 'full streams drop packets');
    assert.ok(growth < READERS * STREAM_BYTES + RSS_SLACK_BYTES, `memory grew by ${(growth / 1e6).toFixed(0)} MB`);
    assertStatusNeverStarved(latency);
  } finally {
    for (const stream of streams) stream.destroy();
    await server.stop();
  }
});

test('with the default caps one readonly key gets 8 streams; the rest are refused with 429 and Retry-After', async () => {
  const server = await startAttackServer();
  const streams: IncomingMessage[] = [];
  try {
    const key = await server.readonlyKey('hoarder');
    for (let n = 0; n < 20; n++) streams.push(await stalledGet(`${server.url}/pcap/all_packets.pcapng`, { cookie: `SVC=${key}` }));
    const statuses = streams.map((stream) => stream.statusCode);
    assert.equal([statuses.filter((status) => status === 200).length, statuses.filter((status) => status === 429).length], [8, 12]);
    assert.is(streams.find((stream) => stream.statusCode === 429)!.headers['retry-after'], '30');
  } finally {
    for (const stream of streams) stream.destroy();
    await server.stop();
  }
});

test.run();
