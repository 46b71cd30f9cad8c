import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TurnBudget } from '../util/turn-budget.js';
import { pacedBody } from './paced-body.js';

test('chunks queued in a pushed body reach a fast reader over several turns of the event loop, in order, and a cancel reaches the source', async () => {
  let cancelled = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const pushed = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c), cancel: () => void (cancelled = true) }, { highWaterMark: Number.POSITIVE_INFINITY });
  for (let n = 0; n < 300; n++) controller.enqueue(new Uint8Array([n & 0xff]));
  const busy = () => {
    const until = performance.now() + 1;
    while (performance.now() < until);
  };
  let readWhenImmediateRan = -1;
  let read = 0;
  setImmediate(() => (readWhenImmediateRan = read));
  const reader = pacedBody(pushed, new TurnBudget(5)).getReader();
  const bytes: number[] = [];
  while (read < 300) {
    const { value } = await reader.read();
    bytes.push(value![0]!);
    read++;
    busy();
  }
  assert.equal(bytes, Array.from({ length: 300 }, (_, n) => n & 0xff));
  assert.ok(readWhenImmediateRan >= 0 && readWhenImmediateRan < 100, `the immediate ran after ${readWhenImmediateRan} of 300 chunks`);
  await reader.cancel();
  assert.ok(cancelled);
});

test.run();
