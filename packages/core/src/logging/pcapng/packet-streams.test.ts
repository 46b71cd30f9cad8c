/**
 * Live packet streams on their own: a client that reads keeps up and gets every frame in a
 * valid pcapng; a client that stops reading costs bounded memory, its stream drops and counts
 * chunks, and what it then reads is still a valid pcapng whose interfaces all precede their
 * packets; a client that goes away ends its stream.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Packet } from '../../packets/packet.js';
import { MAX_STREAM_BYTES, PacketStreams } from './packet-streams.js';

const names = (uuid: string) => ({ name: `source-${uuid}` });

function packet(index: number, sourceUuid: string, length = 1500): Packet {
  const data = Buffer.alloc(length, index & 0xff);
  data.writeUInt32LE(index, 0);
  return { tsSec: 1_700_000_000 + index, tsUsec: index % 1_000_000, sourceUuid, dlt: 105, data, annotations: {} };
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of body as unknown as AsyncIterable<Uint8Array>) parts.push(part);
  return Buffer.concat(parts);
}

/** Walks a pcapng buffer: interface ids declared and packet blocks with their interface and first 4 data bytes. */
function walk(file: Buffer): { interfaces: number; packets: { interfaceId: number; index: number }[] } {
  assert.is(file.readUInt32LE(0), 0x0a0d0d0a, 'starts with a section header');
  let interfaces = 0;
  const packets: { interfaceId: number; index: number }[] = [];
  for (let offset = 0; offset < file.length; ) {
    const type = file.readUInt32LE(offset);
    const length = file.readUInt32LE(offset + 4);
    assert.is(file.readUInt32LE(offset + length - 4), length, `block at ${offset} ends with its length`);
    if (type === 1) interfaces++;
    if (type === 6) {
      const interfaceId = file.readUInt32LE(offset + 8);
      assert.ok(interfaceId < interfaces, `packet at ${offset} names interface ${interfaceId}, declared ${interfaces}`);
      packets.push({ interfaceId, index: file.readUInt32LE(offset + 28) });
    }
    offset += length;
  }
  return { interfaces, packets };
}

test('a reading client gets every accepted frame, in order, one interface per source', async () => {
  const streams = new PacketStreams(names);
  const { stream, body } = streams.open({ name: 'a.pcapng', description: 'source A and B', key: 'not-c', accepts: (p) => p.sourceUuid !== 'C' });
  const reading = readAll(body);
  // Packets come in batches, as the chain delivers them, between which the client reads.
  for (let index = 0; index < 3000; index++) {
    streams.packet(packet(index, index % 3 === 0 ? 'A' : index % 3 === 1 ? 'B' : 'C'));
    if (index % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
  }
  assert.ok(streams.close(stream.id));
  const { interfaces, packets } = walk(await reading);
  assert.is(interfaces, 2);
  assert.is(packets.length, 2000);
  assert.equal(
    packets.map((p) => p.index),
    [...Array(3000).keys()].filter((index) => index % 3 !== 2),
  );
  assert.is(stream.packets, 2000);
  assert.is(stream.droppedPackets, 0);
  assert.not.ok(streams.active, 'a closed stream is gone');
});

test('a client that stops reading: memory bounded, chunks dropped and counted, the file stays valid', async () => {
  const streams = new PacketStreams(names);
  const { stream, body } = streams.open({ name: 'slow.pcapng', description: 'slow client', key: 'all', accepts: () => true });
  const fed = 20_000;
  // 30 MB of frames, far past the 4 MB a stream may hold for its client; new sources keep
  // appearing so dropped chunks carry interface blocks.
  let most = 0;
  for (let index = 0; index < fed; index++) {
    streams.packet(packet(index, `S${Math.floor(index / 1000)}`));
    most = Math.max(most, stream.buffered);
  }
  assert.ok(stream.droppedPackets > 0, 'chunks were dropped');
  assert.is(streams.droppedPackets, stream.droppedPackets, 'the streams count every drop');
  // What the response writes to the socket (a chunk) is the rest of the bound.
  assert.ok(most + 320 * 1024 <= MAX_STREAM_BYTES, `held ${most} bytes for the client`);
  assert.is(streams.buffered, stream.buffered);
  streams.close(stream.id);
  const file = await readAll(body);
  assert.ok(file.length <= MAX_STREAM_BYTES, `held ${file.length} bytes for the client`);
  const { packets } = walk(file);
  assert.is(packets.length, stream.packets);
  assert.is(stream.packets + stream.droppedPackets, fed);
  const indexes = packets.map((p) => p.index);
  assert.ok(indexes.every((value, at) => at === 0 || value > indexes[at - 1]!), 'packets keep their order');
});

test('readers of the same packets share the packing: a reader that stops drops and counts, a reader that joins late and one that reads on each get a valid file', async () => {
  const streams = new PacketStreams(names);
  const open = (name: string) => streams.open({ name, description: name, key: 'all', accepts: () => true });
  const reader = open('reader.pcapng');
  const stalled = open('stalled.pcapng');
  const reading = readAll(reader.body);
  let late: ReturnType<typeof open> | undefined;
  let lateReading: Promise<Buffer> | undefined;
  // 20 MB of frames in batches, the reader reading between them; new sources keep appearing.
  for (let index = 0; index < 14_000; index++) {
    streams.packet(packet(index, `S${Math.floor(index / 1000)}`));
    if (index === 7000) {
      late = open('late.pcapng');
      lateReading = readAll(late.body);
    }
    if (index % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
  }
  for (const stream of [reader.stream, stalled.stream, late!.stream]) streams.close(stream.id);
  const read = walk(await reading);
  assert.is(read.packets.length, 14_000, 'the reader got every packet');
  assert.is(reader.stream.droppedPackets, 0);
  assert.ok(stalled.stream.droppedPackets > 0 && stalled.stream.packets + stalled.stream.droppedPackets === 14_000, 'the stalled reader dropped and counted the rest');
  const stalledFile = walk(await readAll(stalled.body));
  assert.is(stalledFile.packets.length, stalled.stream.packets, 'what the stalled reader got is a valid file');
  const lateFile = walk(await lateReading!);
  assert.ok(lateFile.packets.length >= 7000 - 1000 && lateFile.packets.at(-1)!.index === 13_999, 'the late reader got the packets from about when it came');
});

test('a client that goes away ends its stream, once', async () => {
  const streams = new PacketStreams(names);
  let ended = 0;
  const { stream, body } = streams.open({ name: 'gone.pcapng', description: 'leaves', key: 'all', accepts: () => true, ended: () => ended++ });
  assert.ok(streams.active);
  await body.cancel();
  assert.not.ok(streams.active);
  assert.not.ok(streams.close(stream.id), 'it is gone from the list');
  assert.is(ended, 1);
  streams.packet(packet(1, 'A'));
});

test.run();
