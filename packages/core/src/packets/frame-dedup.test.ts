/**
 * The duplicate filter's ring on its own: a frame heard by a second source is a duplicate, the
 * same frame twice from one source is not, and a frame older than the ring is forgotten.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FrameDedup } from './frame-dedup.js';

test('a frame another source delivered moments before is a duplicate; from the same source it is not', () => {
  const dedup = new FrameDedup(8);
  assert.is(dedup.isDuplicate(0xdeadbeef, 'A'), false, 'first heard');
  assert.is(dedup.isDuplicate(0xdeadbeef, 'B'), true, 'the same frame from a second radio');
  assert.is(dedup.isDuplicate(0xdeadbeef, 'C'), true, 'and from a third');
  assert.is(dedup.isDuplicate(0xdeadbeef, 'A'), false, 'a second transmission heard by the first radio');
  assert.is(dedup.isDuplicate(0x12345678, 'B'), false, 'another frame');
});

test('frames older than the ring are forgotten, newer ones kept', () => {
  const dedup = new FrameDedup(4);
  for (const hash of [1, 2, 3, 4]) assert.is(dedup.isDuplicate(hash, 'A'), false);
  assert.is(dedup.isDuplicate(1, 'B'), true, 'the oldest of four is still in a ring of four');
  assert.is(dedup.isDuplicate(5, 'A'), false, 'a fifth frame pushes the first out');
  assert.is(dedup.isDuplicate(1, 'B'), false, 'so it is no longer a duplicate, and B now holds it');
  assert.is(dedup.isDuplicate(1, 'A'), true);
  assert.is(dedup.isDuplicate(4, 'B'), true, 'the fourth is still there');
});

test('a hash remembered again keeps its newest slot when an older copy leaves the ring', () => {
  const dedup = new FrameDedup(3);
  dedup.isDuplicate(7, 'A');
  dedup.isDuplicate(8, 'A');
  dedup.isDuplicate(7, 'A'); // slot 2: the newest copy of 7
  dedup.isDuplicate(9, 'A'); // overwrites slot 0, the older copy of 7
  assert.is(dedup.isDuplicate(7, 'B'), true, 'the newer copy still answers');
});

test.run();
