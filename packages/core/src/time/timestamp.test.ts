import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isSvcError } from '../errors.js';
import { nowSeconds, parseTimestamp, splitSeconds } from './timestamp.js';

test('absolute timestamps, with or without a fraction, are taken as they are', () => {
  assert.is(parseTimestamp('1700000000', 1_800_000_000), 1_700_000_000);
  assert.is(parseTimestamp('1700000000.25', 1_800_000_000), 1_700_000_000.25);
});

test('negative timestamps are seconds before now', () => {
  assert.is(parseTimestamp('-60', 1_800_000_000), 1_799_999_940);
  assert.is(parseTimestamp('-0.5', 100), 99.5);
});

test('anything else is a 400', () => {
  for (const bad of ['', 'now', '1e9', '0x10', '12abc', '--1', 'Infinity']) {
    assert.throws(() => parseTimestamp(bad), (error: unknown) => isSvcError(error, 'SVC_ERR_BAD_TIMESTAMP'), bad);
  }
});

test('nowSeconds strictly increases even within one millisecond', () => {
  const samples = Array.from({ length: 1000 }, () => nowSeconds());
  for (let i = 1; i < samples.length; i++) assert.ok(samples[i]! > samples[i - 1]!);
  assert.ok(Math.abs(samples[999]! - Date.now() / 1000) < 1);
});

test('splitSeconds gives whole seconds and microseconds', () => {
  assert.equal(splitSeconds(1700000000.123456), { sec: 1700000000, usec: 123456 });
  assert.equal(splitSeconds(5), { sec: 5, usec: 0 });
});

test.run();
