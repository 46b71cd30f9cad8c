/**
 * Attack, issue 31 item 6: lists a client grows without end. Against a real `svc start`, the
 * watchlists and the ingest filter take 10 000 entries and rules through the API (their default
 * limits), and one more of either is refused with a 400 naming the limit; eight readonly
 * readers then read the 10 000 entries at once, as fast as they can, while status is never starved
 * (it stalled 6.3 s behind eight reads of 150 000; `bench/hardening.bench.ts` measures its p99).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startAttackServer, type AttackServer } from './attack-server.js';
import { readFast } from './fast-readers.js';
import { assertStatusNeverStarved, describeLatency, pollStatus } from './status-latency.js';

const LIMIT = 10_000;
const BATCH = 2000;
/** Rounds of eight reads, for enough status samples. */
const ROUNDS = 30;

let server: AttackServer;
test.before(async () => {
  server = await startAttackServer();
});
test.after(async () => server.stop());

const mac = (n: number) => `AC:DE:48:${((n >> 16) & 255).toString(16).padStart(2, '0')}:${((n >> 8) & 255).toString(16).padStart(2, '0')}:${(n & 255).toString(16).padStart(2, '0')}`.toUpperCase();
const macs = (from: number, count: number) => Array.from({ length: count }, (_, n) => mac(from + n));
const answer = async (path: string, dictionary: Record<string, unknown>) => {
  const response = await server.command(path, dictionary);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

test(`the watchlists take ${LIMIT} entries through the API and refuse one more`, async () => {
  for (let from = 0; from < LIMIT; from += BATCH) assert.is((await answer('/devices/alerts/mac/found/add.cmd', { macs: macs(from, BATCH) })).status, 200);
  const refused = await answer('/devices/alerts/mac/lost/add.cmd', { mac: mac(LIMIT) });
  assert.equal([refused.status, refused.body.code], [400, 'SVC_ERR_LIST_FULL']);
  assert.match(String(refused.body.error), `the limit is ${LIMIT} (watchlist_max_entries)`);
});

test(`the ingest filter takes ${LIMIT} rules through the API (Kismet's set_filter) and refuses one more`, async () => {
  for (let from = 0; from < LIMIT; from += BATCH) {
    const filter = Object.fromEntries(macs(from, BATCH).map((text) => [text, true]));
    assert.is((await answer('/filters/packet/ingest/any/any/set_filter.cmd', { filter })).status, 200);
  }
  const refused = await answer('/filters/ingest/add_rule.cmd', { match: mac(LIMIT), action: 'block' });
  assert.equal([refused.status, refused.body.code], [400, 'SVC_ERR_LIST_FULL']);
  assert.match(String(refused.body.error), `the limit is ${LIMIT} (ingest_filter_max_rules)`);
});

test(`eight readonly readers read the ${LIMIT} entries at once as fast as they can, ${ROUNDS} times: status is never starved`, async () => {
  const keys = [await server.readonlyKey('reader-1'), await server.readonlyKey('reader-2')];
  const poller = pollStatus(server.url, server.admin);
  const reads = await readFast(Array.from({ length: 8 }, (_, n) => ({ url: `${server.url}/devices/alerts/mac/both/entries.json`, headers: { cookie: `SVC=${keys[n % 2]}` } })), ROUNDS);
  const latency = await poller.stop();
  console.log(`  ${ROUNDS} × 8 reads of ${LIMIT} entries (${(reads[0]!.bytes / 1e6).toFixed(1)} MB each): ${describeLatency(latency)}`);
  assert.equal(reads.map((read) => read.status), Array(8 * ROUNDS).fill(200));
  assertStatusNeverStarved(latency);
});

test.run();
