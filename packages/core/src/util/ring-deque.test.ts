/** The ring deque against a plain array doing the same operations, across many ring growths and wraps. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { RingDeque } from './ring-deque.js';

test('push, unshift and shift in a seeded random order give what an array gives', () => {
  const deque = new RingDeque<number>();
  const array: number[] = [];
  let seed = 7;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  for (let step = 0; step < 20_000; step++) {
    const roll = random();
    if (roll < 0.4) {
      deque.push(step);
      array.push(step);
    } else if (roll < 0.6) {
      deque.unshift(step);
      array.unshift(step);
    } else {
      assert.is(deque.shift(), array.shift(), `step ${step}`);
    }
    assert.is(deque.length, array.length);
  }
  while (array.length) assert.is(deque.shift(), array.shift());
  assert.is(deque.shift(), undefined, 'empty');
});

test('an item put back at the front of a full ring comes out first, the rest in order', () => {
  const deque = new RingDeque<string>();
  for (let i = 0; i < 16; i++) deque.push(`m${i}`);
  deque.unshift('resent');
  assert.equal(Array.from({ length: 17 }, () => deque.shift()), ['resent', ...Array.from({ length: 16 }, (_, i) => `m${i}`)]);
});

test.run();
