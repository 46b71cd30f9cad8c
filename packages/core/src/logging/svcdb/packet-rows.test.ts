/**
 * Packet rows on their own: every row's strings (PHY, datasource, device key, tags) resolve to
 * the packet's own in the batch that carries it, across batches and with sources and PHYs
 * alternating, since the collector remembers the last PHY and datasource it numbered.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Packet } from '../../packets/packet.js';
import { NONE, PacketColumn, PacketRows, type PacketRowBatch } from './packet-rows.js';

function packet(index: number, sourceUuid: string, phyName: string): Packet {
  return { tsSec: 1_700_000_000 + index, tsUsec: 0, sourceUuid, phyName, dlt: 127, data: Buffer.from([index]), annotations: {}, tags: index % 3 === 0 ? ['DOT11_BEACON_SSID'] : undefined };
}

/** Each row's PHY, datasource and tags as the writer thread reads them. */
function rows(batch: PacketRowBatch): string[] {
  const out: string[] = [];
  for (let index = 0; index < batch.count; index++) {
    const row = index * PacketColumn.Count;
    const tags = batch.numbers[row + PacketColumn.Tags]!;
    out.push(`${batch.strings[batch.numbers[row + PacketColumn.Phy]!]} ${batch.strings[batch.numbers[row + PacketColumn.Datasource]!]} ${tags < 0 ? '-' : batch.strings[tags]}`);
  }
  return out;
}

test('strings resolve in every batch, with sources and PHYs alternating', () => {
  const collector = new PacketRows(100, 1 << 16);
  const plan: [string, string][] = [
    ['A', 'IEEE802.11'],
    ['A', 'IEEE802.11'],
    ['B', 'IEEE802.11'],
    ['B', 'RFSENSOR'],
    ['A', 'IEEE802.11'],
  ];
  const expected = (from: number) => plan.map(([source, phy], offset) => `${phy} ${source} ${(from + offset) % 3 === 0 ? 'DOT11_BEACON_SSID' : '-'}`);
  plan.forEach(([source, phy], index) => collector.add(packet(index, source, phy), index));
  assert.equal(rows(collector.take()), expected(0));
  // The same PHY and source as the last packet of the batch before: their strings are in the new batch too.
  plan.forEach(([source, phy], index) => collector.add(packet(5 + index, source, phy), 5 + index));
  const second = collector.take();
  assert.equal(rows(second), expected(5));
  collector.add(packet(10, 'A', 'IEEE802.11'), 10);
  assert.equal(rows(collector.take()), ['IEEE802.11 A -']);
});

test('a hash the packet carries (the duplicate filter made it) goes with its row; without one the writer computes it', () => {
  const collector = new PacketRows(10, 1 << 12);
  collector.add({ ...packet(0, 'A', 'IEEE802.11'), hash: 0xdeadbeef }, 0);
  collector.add(packet(1, 'A', 'IEEE802.11'), 1);
  const batch = collector.take();
  assert.is(batch.numbers[PacketColumn.Hash], 0xdeadbeef);
  assert.is(batch.numbers[PacketColumn.Count + PacketColumn.Hash], NONE);
});

test('arrays the writer hands back are filled again, and rows read from them are the new packets\' alone', () => {
  const collector = new PacketRows(4, 1 << 12);
  for (let index = 0; index < 4; index++) collector.add({ ...packet(index, 'A', 'IEEE802.11'), data: Buffer.alloc(64, 0xaa) }, index);
  const first = collector.take();
  collector.recycle({ numbers: first.numbers, bytes: first.bytes });
  collector.add(packet(5, 'A', 'IEEE802.11'), 5);
  // The batch being filled when the arrays came back was started in fresh ones; the next one is in the arrays handed back.
  assert.ok(collector.take().numbers !== first.numbers);
  collector.add({ ...packet(7, 'B', 'RFSENSOR'), data: Buffer.from([1, 2, 3]) }, 7);
  const third = collector.take();
  assert.ok(third.numbers === first.numbers && third.bytes === first.bytes, 'the handed-back arrays are reused');
  assert.is(third.count, 1);
  assert.equal(rows(third), ['RFSENSOR B -']);
  assert.is(third.numbers[PacketColumn.PacketId], 7);
  const offset = third.numbers[PacketColumn.BytesOffset]!;
  assert.equal([...third.bytes.subarray(offset, offset + third.numbers[PacketColumn.BytesLength]!)], [1, 2, 3]);
  collector.recycle({ numbers: new Float64Array(3), bytes: new Uint8Array(1 << 12) });
  collector.take();
  assert.is(collector.take().numbers.length, 4 * PacketColumn.Count, 'arrays of another size are not taken');
});

test.run();
