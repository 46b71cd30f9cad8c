/**
 * The packet chain's records: the peak record keeps the busiest second per minute and per hour,
 * the queue record the largest backlog, and a capture's backlog and libpcap-style drop counter
 * reach its source and the chain's records through the datasource tracker's sampling (a
 * scripted capture here; the real chain and captures are checked end to end in
 * packages/cli/e2e/kismet-read-routes.test.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { definePlugin } from '../plugin.js';
import { createPacketQueue } from '../datasources/packet-queue.js';
import type { DatasourceTypeDefinition } from '../datasources/datasource-type.js';
import { createTestService, waitUntil } from '../testing/index.js';
import { PeakRrd } from '../tracker/peak-rrd.js';
import { PacketStats } from './packet-stats.js';

const T = 1_700_000_000 - (1_700_000_000 % 86_400);
const vec = (record: Record<string, unknown>, name: string) => record[`svc.common.rrd.${name}`] as number[];

test('a sum peak record: per-second sums, the busiest second per minute and per hour', () => {
  const rrd = new PeakRrd('sum');
  rrd.add(T, 5);
  rrd.add(T, 7);
  rrd.add(T + 1, 3);
  rrd.add(T + 61, 20);
  const record = rrd.toRecord(T + 61);
  assert.is(vec(record, 'minute_vec')[0], 0, 'second 60 had nothing; second 0 was blanked when the clock passed it');
  assert.is(vec(record, 'minute_vec')[1], 20, 'second 61 lands in slot 1');
  assert.is(vec(record, 'hour_vec')[0], 12, 'minute 0: its busiest second');
  assert.is(vec(record, 'hour_vec')[1], 20);
  assert.is(vec(record, 'day_vec')[Math.floor(T / 3600) % 24], 20, 'the hour: its busiest second');
  assert.is(record['svc.common.rrd.last_value'], 20);
  const later = rrd.toRecord(T + 3600 * 30);
  assert.is(Math.max(...vec(later, 'minute_vec'), ...vec(later, 'hour_vec'), ...vec(later, 'day_vec')), 0, 'a day later everything is blank');
});

test('a max peak record keeps the largest sample of each second', () => {
  const rrd = new PeakRrd('max');
  rrd.add(T, 5);
  rrd.add(T, 2);
  rrd.add(T + 1, 9);
  const record = rrd.toRecord(T + 1);
  assert.equal(vec(record, 'minute_vec').slice(0, 2), [5, 9]);
  assert.is(vec(record, 'hour_vec')[0], 9);
});

test('packet stats: batches counted once, errors apart, drops only when new', () => {
  const stats = new PacketStats();
  stats.addBatch(T, 512, 3);
  stats.addBatch(T, 100, 0);
  stats.sample(T, 40, 0);
  stats.sample(T + 1, 10, 6);
  const records = stats.records(T + 1);
  const sumOf = (field: string) => vec(records[field] as Record<string, unknown>, 'minute_vec').reduce((a, b) => a + b, 0);
  assert.is(sumOf('svc.packetchain.packets_rrd'), 612);
  assert.is(sumOf('svc.packetchain.processed_packets_rrd'), 612);
  assert.is(sumOf('svc.packetchain.error_packets_rrd'), 3);
  assert.is(sumOf('svc.packetchain.dropped_packets_rrd'), 6);
  assert.equal(vec(records['svc.packetchain.queued_packets_rrd'] as Record<string, unknown>, 'minute_vec').slice(0, 2), [40, 10]);
  assert.equal([stats.packets, stats.errors, stats.dropped, stats.queued], [612, 3, 6, 10]);
});

test("a capture's backlog and drops reach its source and the packet chain's records, across a reopen", async () => {
  const queue = { current: createPacketQueue(), dropped: 0 };
  const type: DatasourceTypeDefinition = {
    name: 'dropping',
    description: 'a capture that reports drops',
    capabilities: { probe: false, list: false, local: true, remote: false, passive: false, tune: false, hop: false },
    async open(_definition, context) {
      queue.current = createPacketQueue();
      queue.dropped = 0;
      for (let i = 0; i < 3; i++) queue.current.push({ tsSec: T, tsUsec: 0, sourceUuid: context.uuid, dlt: 0, annotations: {} });
      return { info: {}, packets: queue.current.batches, backlog: () => queue.current.queued, dropped: () => queue.dropped, close: async () => queue.current.end() };
    },
  };
  const t = await createTestService({ plugins: [definePlugin({ name: 'dropping', apply: (svc) => void svc.hooks.datasourceTypes.tap('dropping', (types) => types.add(type)) })] });
  try {
    const source = await t.svc.datasources.add('drop0:type=dropping');
    await waitUntil('the first packets are taken', () => source.numPackets === 3);
    queue.dropped = 5;
    t.svc.datasources.sampleCaptures(T + 10);
    assert.is(source.numDroppedPackets, 5);
    assert.is(source.backlog, 0);
    await t.svc.datasources.close(source);
    await t.svc.datasources.open(source);
    queue.dropped = 2;
    t.svc.datasources.sampleCaptures(T + 11);
    assert.is(source.numDroppedPackets, 7, 'a new capture counts from 0 again; the source keeps the total');
    assert.is(t.svc.datasources.packetStats.dropped, 7);
  } finally {
    await t.close();
  }
});

test.run();
