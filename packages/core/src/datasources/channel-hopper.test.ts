import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seededRandom } from '../testing/fuzz.js';
import { hopOrder, nextHopChannel, splitOffsets } from './channel-hopper.js';

test('hop order: the list as given, or a shuffle of the same channels', () => {
  const channels = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11'];
  assert.equal(hopOrder(channels, false), channels);
  const shuffled = hopOrder(channels, true, seededRandom(3));
  assert.not.equal(shuffled, channels);
  assert.equal([...shuffled].sort(), [...channels].sort());
});

test('split: n sources sharing a list start evenly spread; positions wrap around', () => {
  assert.equal(splitOffsets(1, 11), [0]);
  assert.equal(splitOffsets(3, 12), [0, 4, 8]);
  assert.equal(splitOffsets(2, 11), [0, 5]);
  const source = { hopOrder: ['1', '6', '11'], hopOffset: 2, hopPosition: 0 };
  assert.equal([0, 1, 2, 3].map((hopPosition) => nextHopChannel({ ...source, hopPosition })), ['11', '1', '6', '11']);
  assert.is(nextHopChannel({ hopOrder: [], hopOffset: 0, hopPosition: 0 }), undefined);
});

test.run();
