/**
 * Shared element tag lists: records with equal lists hold one array, exactly as long as the list
 * and detached from the parser's array it came from; an empty list is the shared empty one.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { NO_TAGS, sharedTags } from './tag-lists.js';
import { sameTagsOr } from './ssid-record.js';

test('equal lists from different frames come back as one shared array', () => {
  const fromFrame = [0, 1, 50, 45, 221];
  const shared = sharedTags(fromFrame);
  assert.equal(shared, [0, 1, 50, 45, 221]);
  assert.ok(shared !== fromFrame, 'the shared copy is not the array the parser built');
  assert.is(sharedTags([0, 1, 50, 45, 221]), shared);
  fromFrame.push(48);
  assert.equal(shared, [0, 1, 50, 45, 221], 'a later change to the parsed array does not reach the shared one');
  assert.ok(sharedTags([0, 1, 50, 45]) !== shared, 'a different list is another array');
});

test('an empty list is the shared empty list', () => {
  assert.is(sharedTags([]), NO_TAGS);
  assert.ok(Object.isFrozen(NO_TAGS));
});

test('a record keeps its list while frames repeat it and takes the shared one when it changes', () => {
  const current = sharedTags([0, 1, 3]);
  assert.is(sameTagsOr(current, [0, 1, 3]), current);
  const changed = sameTagsOr(current, [0, 1, 3, 48]);
  assert.equal(changed, [0, 1, 3, 48]);
  assert.is(sameTagsOr(NO_TAGS, [0, 1, 3, 48]), changed);
});

test('the table of shared lists stays bounded and keeps answering equal lists', () => {
  for (let list = 0; list < 10_000; list++) sharedTags([list & 0xff, list >> 8]);
  const again = sharedTags([7, 9]);
  assert.is(sharedTags([7, 9]), again);
});

test.run();
