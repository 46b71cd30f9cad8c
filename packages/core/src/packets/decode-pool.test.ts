import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Packet, PhyDefinition } from '../index.js';
import { DecodePool } from './decode-pool.js';
import type { DecodedBatch } from './decoded-batch.js';
import { POOL_TEST_LINK_TYPE } from './decode-pool.test-helper.js';

const phy = (transfer: boolean): PhyDefinition => ({
  name: 'POOLTEST',
  description: 'a frame PHY for the ingest pool',
  decoder: {
    module: new URL('./decode-pool.test-helper.js', import.meta.url).href,
    exportName: 'decodePoolTestFrame',
    annotation: 'poolTest',
    linkTypes: [POOL_TEST_LINK_TYPE],
    ...(transfer ? { transfer: { pack: 'packPoolTestFrame', unpack: 'unpackPoolTestFrame' } } : {}),
  },
});
/** Files a batch's answer on every packet, in order, as the packet pump does. */
const fileAll = (decoded: DecodedBatch, batch: readonly Packet[]) => batch.forEach((packet) => decoded.file(packet));
const frame = (first: number, mac = 0x0011_2233_4455, dlt = POOL_TEST_LINK_TYPE): Packet => {
  const data = Buffer.alloc(7);
  data.writeUIntBE(mac, 0, 6);
  data[0] = first;
  data[6] = 40;
  return { tsSec: 1_700_000_000, tsUsec: 0, sourceUuid: 'UUID', dlt, data, annotations: {} };
};

test('a batch is decoded in a worker: annotations unpacked, signal and errors filed, packets marked', async () => {
  const reports: string[] = [];
  const pool = new DecodePool({ list: () => [phy(true)] }, 2, (text) => reports.push(text));
  try {
    const good = frame(0x00);
    const short: Packet = { ...frame(0x00), data: Buffer.alloc(3) };
    const other = frame(0x00, 1, 105);
    const batch = [good, short, other];
    fileAll(await pool.decode(batch), batch);
    assert.equal(good.annotations.poolTest, { mac: 0x0011_2233_4455, thread: 'worker' });
    assert.equal(good.signal, { signalDbm: -40 });
    assert.ok(good.predecoded);
    assert.not.ok(good.error);
    assert.ok(short.error, 'a malformed frame is an error');
    assert.is(short.annotations.poolTest, undefined);
    assert.not.ok(other.predecoded, 'a link type no PHY of the pool takes stays for the main thread');
    assert.equal(reports, []);
  } finally {
    await pool.close();
  }
});

test('the answer is filed on each packet when the pump takes it, not when the batch comes back', async () => {
  const pool = new DecodePool({ list: () => [phy(true)] }, 1, () => undefined);
  try {
    const [first, skipped, second] = [frame(0x00, 0x0000_0000_0001), frame(0x00, 1, 105), frame(0x00, 0x0000_0000_0002)];
    const decoded = await pool.decode([first!, skipped!, second!]);
    assert.is(first!.annotations.poolTest, undefined, 'nothing is unpacked before the pump takes the packet');
    assert.not.ok(first!.predecoded);
    decoded.file(first!);
    decoded.file(skipped!);
    assert.equal(first!.annotations.poolTest, { mac: 1, thread: 'worker' });
    assert.ok(first!.predecoded);
    assert.is(second!.annotations.poolTest, undefined, 'a packet not yet taken waits');
    assert.not.ok(skipped!.predecoded, 'a packet the workers did not take is left alone');
    decoded.file(second!);
    assert.equal(second!.annotations.poolTest, { mac: 2, thread: 'worker' });
    assert.equal(second!.signal, { signalDbm: -40 });
  } finally {
    await pool.close();
  }
});

for (const [how, first, says] of [['dies', 0xff, 'exited with code 3'], ['throws', 0xfe, 'failed: a poison frame']] as const) {
  test(`a worker that ${how} is reported and replaced; its batch is counted as errors and the next batch is decoded`, async () => {
    const reports: string[] = [];
    const pool = new DecodePool({ list: () => [phy(true)] }, 1, (text) => reports.push(text));
    try {
      const batch = [frame(0x00), frame(first), frame(0x00)];
      fileAll(await pool.decode(batch), batch);
      assert.equal(batch.map((packet) => packet.error), [true, true, true]);
      assert.equal(batch.map((packet) => packet.annotations.poolTest), [undefined, undefined, undefined]);
      assert.is(reports.length, 1);
      assert.match(reports[0]!, `ingest worker 1 of 1 ${says}; the 3 frames it was decoding are counted as errors`);
      assert.equal(pool.status, { threads: 1, restarts: 1, failedFrames: 3, disabled: false });
      const after = frame(0x00, 0x000b_0c0d_0e0f);
      fileAll(await pool.decode([after]), [after]);
      assert.equal(after.annotations.poolTest, { mac: 0x000b_0c0d_0e0f, thread: 'worker' });
    } finally {
      await pool.close();
    }
  });
}

test('frames of a link type that a PHY without a transfer also takes are left for the main thread', async () => {
  const mainOnly: PhyDefinition = { ...phy(false), name: 'MAINONLY' };
  const pool = new DecodePool({ list: () => [phy(true), mainOnly] }, 1, () => undefined);
  try {
    const packet = frame(0x00);
    fileAll(await pool.decode([packet]), [packet]);
    assert.not.ok(packet.predecoded);
    assert.is(packet.annotations.poolTest, undefined);
  } finally {
    await pool.close();
  }
});

test.run();
