import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seededRandom } from '../testing/fuzz.js';
import { hopOrder, nextHopChannel, splitOffsets } from './channel-hopper.js';
import { firstYes } from './datasource-tracker.js';

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

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

test('probing asks every type at once: the first yes wins even when a slower no or a hang is pending', async () => {
  const asked: string[] = [];
  let aborted = false;
  const started = Date.now();
  const winner = await firstYes([
    { value: 'slow-no', ask: () => (asked.push('slow-no'), after(300, false)) },
    { value: 'hangs', ask: (signal) => (asked.push('hangs'), new Promise<boolean>(() => signal.addEventListener('abort', () => (aborted = true)))) },
    { value: 'yes', ask: () => (asked.push('yes'), after(20, true)) },
    { value: 'throws', ask: () => Promise.reject(new Error('broken probe')) },
  ]);
  assert.is(winner, 'yes');
  assert.equal(asked, ['slow-no', 'hangs', 'yes']);
  assert.ok(Date.now() - started < 250, 'did not wait for the slower answers');
  assert.ok(aborted, 'the other probes are aborted');
});

test('probing: no yes means none; a probe that never answers times out after 2 s', async () => {
  const started = Date.now();
  const none = await firstYes([
    { value: 'no', ask: () => after(5, false) },
    { value: 'hangs', ask: () => new Promise<boolean>(() => {}) },
  ]);
  const waited = Date.now() - started;
  assert.is(none, undefined);
  assert.ok(waited >= 1900 && waited < 3500, `waited ${waited} ms`);
  assert.is(await firstYes([]), undefined);
});

test.run();
