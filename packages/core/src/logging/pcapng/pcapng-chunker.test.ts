/**
 * The pcapng chunker on its own: every packet block names the interface of its own datasource
 * and link type, however the sources interleave (the last interface is remembered, so a wrong
 * memory would show here); blocks carry the time, lengths and zero padding; and the interface
 * blocks declared so far can be had again, for a reader that missed the chunks declaring them.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Packet } from '../../packets/packet.js';
import { PcapngChunker } from './pcapng-chunker.js';

function packet(index: number, sourceUuid: string, dlt: number): Packet {
  const data = Buffer.alloc(5 + (index % 4), 0xee);
  data.writeUInt32LE(index, 0);
  return { tsSec: 1_700_000_000 + index, tsUsec: 250_000, sourceUuid, dlt, data, annotations: {} };
}

interface Walked {
  interfaces: { dlt: number; name: string }[];
  packets: { interfaceId: number; index: number; micros: bigint; captured: number; padding: number[] }[];
}

/** Walks the blocks of a pcapng byte string. */
function walk(file: Buffer, interfaces: Walked['interfaces'] = []): Walked {
  const packets: Walked['packets'] = [];
  for (let offset = 0; offset < file.length; ) {
    const type = file.readUInt32LE(offset);
    const length = file.readUInt32LE(offset + 4);
    assert.is(file.readUInt32LE(offset + length - 4), length, `block at ${offset} ends with its length`);
    if (type === 1) {
      const nameLength = file.readUInt16LE(offset + 18);
      interfaces.push({ dlt: file.readUInt16LE(offset + 8), name: file.toString('utf8', offset + 20, offset + 20 + nameLength) });
    }
    if (type === 6) {
      const captured = file.readUInt32LE(offset + 20);
      const micros = (BigInt(file.readUInt32LE(offset + 12)) << 32n) | BigInt(file.readUInt32LE(offset + 16));
      const padding = [...file.subarray(offset + 28 + captured, offset + length - 4)];
      packets.push({ interfaceId: file.readUInt32LE(offset + 8), index: file.readUInt32LE(offset + 28), micros, captured, padding });
    }
    offset += length;
  }
  return { interfaces, packets };
}

test('each packet names the interface of its own source and link type, however they interleave', () => {
  const chunker = new PcapngChunker((uuid) => ({ name: `source-${uuid}` }), 'svc test');
  const plan = ['A', 'A', 'B', 'A', 'B', 'B', 'C', 'A', 'C', 'C'];
  plan.forEach((uuid, index) => chunker.add(packet(index, uuid, uuid === 'C' ? 127 : 105)));
  chunker.add(packet(plan.length, 'A', 127));
  const { interfaces, packets } = walk(chunker.take()!);
  assert.equal(interfaces, [
    { dlt: 105, name: 'source-A' },
    { dlt: 105, name: 'source-B' },
    { dlt: 127, name: 'source-C' },
    { dlt: 127, name: 'source-A' },
  ]);
  assert.equal(
    packets.map((p) => interfaces[p.interfaceId]!.name),
    [...plan, 'A'].map((uuid) => `source-${uuid}`),
  );
  assert.is(interfaces[packets.at(-1)!.interfaceId]!.dlt, 127, "the same source's second link type is its own interface");
  const first = packets[1]!;
  assert.is(first.micros, 1_700_000_001_250_000n);
  assert.is(first.captured, 6);
  assert.equal(first.padding, [0, 0], 'padded to four bytes with zeros');
  assert.equal(packets[3]!.padding, [], 'an eight-byte frame needs no padding');
});

test('a reader that missed chunks gets their interface blocks again, and reads the next chunk whole', () => {
  const chunker = new PcapngChunker((uuid) => ({ name: `source-${uuid}` }), 'svc test');
  chunker.take(); // the section header
  chunker.add(packet(0, 'A', 105));
  chunker.add(packet(1, 'B', 105));
  assert.is(chunker.interfacesTaken, 0);
  chunker.take(); // missed by the reader
  assert.is(chunker.interfacesTaken, 2);
  chunker.add(packet(2, 'B', 105));
  chunker.add(packet(3, 'C', 105));
  const missed = chunker.interfaceBlocks(0, 2);
  const { interfaces, packets } = walk(Buffer.concat([missed, chunker.take()!]));
  assert.equal(interfaces.map((i) => i.name), ['source-A', 'source-B', 'source-C']);
  assert.equal(
    packets.map((p) => [p.index, interfaces[p.interfaceId]!.name]),
    [
      [2, 'source-B'],
      [3, 'source-C'],
    ],
  );
  assert.is(chunker.interfacesTaken, 3);
});

test.run();
