/**
 * The live pcapng stream routes on a real listening server (issue 31, item 5): how many streams
 * are open at once is capped per login and on the server, 429 with `Retry-After` past a cap, a
 * slot back when its client leaves; `/metrics` counts the streams and what they hold.
 */
import { get, type IncomingMessage } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../logger.js';
import { createTestService, seriesValue, TEST_ADMIN, waitUntil, type TestService } from '../testing/index.js';

let t: TestService;
let base: string;
let readerKey: string;
const asAdmin = { authorization: `Basic ${Buffer.from(`${TEST_ADMIN.user}:${TEST_ADMIN.password}`).toString('base64')}` };

test.before(async () => {
  t = await createTestService({ config: { httpd_max_packet_streams: '3', httpd_max_packet_streams_per_login: '2' }, log: createLogger({ write: () => {} }) });
  base = (await t.svc.start()).url;
  readerKey = (await (await t.command('/auth/apikey/generate.cmd', { name: 'reader', role: 'readonly', duration: 0 })).text()).trim();
});
test.after(async () => t.close());

/** Opens the all-packets stream and keeps it open, unread. */
function openStream(headers: Record<string, string>): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    get(`${base}/pcap/all_packets.pcapng`, { headers }, (response) => {
      response.pause();
      resolve(response);
    }).on('error', reject);
  });
}

const metric = async (name: string) => seriesValue(await (await t.request('/metrics')).text(), name);

test('streams past the login\'s cap and the server\'s are refused with 429 and Retry-After; a slot comes back when its client leaves', async () => {
  const asReader = { cookie: `SVC=${readerKey}` };
  const held = await Promise.all([asReader, asReader, asAdmin].map(openStream));
  try {
    assert.equal(held.map((response) => response.statusCode), [200, 200, 200]);
    const refusal = async (headers: Record<string, string>) => {
      const response = await fetch(`${base}/pcap/all_packets.pcapng`, { headers });
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
    };
    assert.equal(await refusal(asReader), {
      status: 429,
      retryAfter: '30',
      body: { error: 'this login has 2 packet streams open, the most one login may have (httpd_max_packet_streams_per_login); close one first', code: 'SVC_ERR_TOO_MANY_STREAMS' },
    });
    assert.equal((await refusal(asAdmin)).body, { error: 'the server has 3 packet streams open, its limit (httpd_max_packet_streams); try again later', code: 'SVC_ERR_TOO_MANY_STREAMS' });
    assert.is(await metric('svc_packet_streams'), 3);
    // Each holds its packing buffer (and nothing queued: no frames came).
    assert.ok((await metric('svc_packet_stream_buffered_bytes'))! > 0);
    assert.is(await metric('svc_packet_stream_dropped_packets_total'), 0);

    held.shift()!.destroy();
    await waitUntil('the stream of the client that left is gone', async () => (await metric('svc_packet_streams')) === 2);
    const again = await openStream(asReader);
    held.push(again);
    assert.is(again.statusCode, 200);
  } finally {
    for (const response of held) response.destroy();
  }
});

test('stream_info.json is one open stream as all_streams.json lists it; close_stream.cmd (GET or POST) ends it; an id not open is 404, not a number 400', async () => {
  const asReader = { cookie: `SVC=${readerKey}` };
  const response = await openStream(asReader);
  try {
    const [listed] = (await (await fetch(`${base}/streams/all_streams.json`, { headers: asReader })).json()) as Record<string, unknown>[];
    const id = listed!['svc.stream.stream_id'];
    const info = await fetch(`${base}/streams/by-id/${id}/stream_info.json`, { headers: asReader });
    assert.equal([info.status, await info.json()], [200, listed]);
    const notOpen = await fetch(`${base}/streams/by-id/9999/stream_info.json`, { headers: asReader });
    assert.equal([notOpen.status, ((await notOpen.json()) as { code: string }).code], [404, 'SVC_ERR_NOT_FOUND']);
    assert.is((await fetch(`${base}/streams/by-id/first/stream_info.json`, { headers: asReader })).status, 400);
    assert.is((await fetch(`${base}/streams/by-id/${id}/close_stream.cmd`, { headers: asReader })).status, 403, 'ending a stream takes admin');
    assert.is((await fetch(`${base}/streams/by-id/${id}/close_stream.cmd`, { headers: asAdmin })).status, 200);
    await waitUntil('the stream is gone', async () => (await fetch(`${base}/streams/by-id/${id}/stream_info.json`, { headers: asReader })).status === 404);
  } finally {
    response.destroy();
  }
});

test.run();
