import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Packet } from '../packets/packet.js';
import { createPacketQueue } from './packet-queue.js';

const packet = (n: number): Packet => ({ tsSec: n, tsUsec: 0, sourceUuid: 'U', dlt: 0, annotations: {} });

test('batches carry everything pushed, in order; end finishes after the queued packets', async () => {
  const queue = createPacketQueue(4);
  for (let n = 0; n < 3; n++) assert.ok(queue.push(packet(n)));
  assert.not.ok(queue.push(packet(3)), 'at the high-water mark push says pause');
  let drained = false;
  const waiting = queue.drained().then(() => (drained = true));
  queue.end();
  const seen: number[] = [];
  for await (const batch of queue.batches) seen.push(...batch.map((p) => p.tsSec));
  await waiting;
  assert.equal(seen, [0, 1, 2, 3]);
  assert.ok(drained, 'taking the batch releases a paused producer');
  assert.not.ok(queue.push(packet(9)), 'nothing is accepted after the end');
});

test('a failure is thrown after the queued packets', async () => {
  const queue = createPacketQueue();
  queue.push(packet(1));
  queue.fail(new Error('device unplugged'));
  const seen: number[] = [];
  try {
    for await (const batch of queue.batches) seen.push(...batch.map((p) => p.tsSec));
    assert.unreachable('no failure');
  } catch (error) {
    assert.is((error as Error).message, 'device unplugged');
  }
  assert.equal(seen, [1]);
});

test('a consumer waiting on an empty queue wakes for the next push', async () => {
  const queue = createPacketQueue();
  const first = (queue.batches as AsyncGenerator<Packet[]>).next();
  setTimeout(() => queue.push(packet(7)), 10);
  assert.equal((await first).value!.map((p: Packet) => p.tsSec), [7]);
});

test.run();
