/**
 * The duplicate filter's ring on its own: a frame heard by a second source is a duplicate, the
 * same frame twice from one source is not, nor is a frame from a source that began after the
 * first copy's source had stopped; a frame older than the ring is forgotten.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FrameDedup, type DedupSource } from './frame-dedup.js';

const capturing = (since = 0, until?: number): DedupSource => ({ capturingSince: since, capturingUntil: until });

test('a frame another source delivered moments before is a duplicate; from the same source it is not', () => {
  const dedup = new FrameDedup<DedupSource>(8);
  const [a, b, c] = [capturing(), capturing(), capturing()];
  assert.is(dedup.isDuplicate(0xdeadbeef, a), false, 'first heard');
  assert.is(dedup.isDuplicate(0xdeadbeef, b), true, 'the same frame from a second radio');
  assert.is(dedup.isDuplicate(0xdeadbeef, c), true, 'and from a third');
  assert.is(dedup.isDuplicate(0xdeadbeef, a), false, 'a second transmission heard by the first radio');
  assert.is(dedup.isDuplicate(0x12345678, b), false, 'another frame');
});

test('a source that began after the first copy\'s source stopped hears its own frames (a file replayed again)', () => {
  const dedup = new FrameDedup<DedupSource>(8);
  const first = capturing(100, 200);
  assert.is(dedup.isDuplicate(7, first), false);
  assert.is(dedup.isDuplicate(7, capturing(150)), true, 'began while the first was capturing');
  assert.is(dedup.isDuplicate(7, capturing(200)), true, 'began as it stopped');
  assert.is(dedup.isDuplicate(7, capturing(201)), false, 'began after it stopped: not a duplicate, and now the newest copy');
});

test('frames older than the ring are forgotten, newer ones kept', () => {
  const dedup = new FrameDedup<DedupSource>(4);
  const [a, b] = [capturing(), capturing()];
  for (const hash of [1, 2, 3, 4]) assert.is(dedup.isDuplicate(hash, a), false);
  assert.is(dedup.isDuplicate(1, b), true, 'the oldest of four is still in a ring of four');
  assert.is(dedup.isDuplicate(5, a), false, 'a fifth frame pushes the first out');
  assert.is(dedup.isDuplicate(1, b), false, 'so it is no longer a duplicate, and B now holds it');
  assert.is(dedup.isDuplicate(1, a), true);
  assert.is(dedup.isDuplicate(4, b), true, 'the fourth is still there');
});

test('a hash remembered again keeps its newest slot when an older copy leaves the ring', () => {
  const dedup = new FrameDedup<DedupSource>(3);
  const [a, b] = [capturing(), capturing()];
  dedup.isDuplicate(7, a);
  dedup.isDuplicate(8, a);
  dedup.isDuplicate(7, a); // slot 2: the newest copy of 7
  dedup.isDuplicate(9, a); // overwrites slot 0, the older copy of 7
  assert.is(dedup.isDuplicate(7, b), true, 'the newer copy still answers');
});

test.run();
