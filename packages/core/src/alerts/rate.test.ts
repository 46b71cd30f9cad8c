import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isSvcError } from '../errors.js';
import { mutateText, seededRandom } from '../testing/fuzz.js';
import { parseTimestamp } from '../time/timestamp.js';
import { formatRate, parseRate, Throttle } from './rate.js';

test('rate strings: N/unit with every unit spelling; bare N is per minute', () => {
  const cases: [string, string][] = [
    ['5/sec', '5/sec'],
    ['5/second', '5/sec'],
    ['10/min', '10/min'],
    ['10/minute', '10/min'],
    ['2/hr', '2/hour'],
    ['2/hour', '2/hour'],
    ['1/day', '1/day'],
    ['7', '7/min'],
    [' 3 / SEC ', '3/sec'],
    ['0/min', '0/min'],
  ];
  for (const [input, expected] of cases) assert.is(formatRate(parseRate(input)), expected, input);
});

test('bad rate strings are 400s naming the value', () => {
  for (const bad of ['', '/sec', '5/fortnight', '-1/sec', '1.5/sec', 'five/min', '5/sec/extra']) {
    try {
      parseRate(bad, 'throttle');
      assert.unreachable(bad);
    } catch (error) {
      assert.ok(isSvcError(error, 'SVC_ERR_BAD_RATE'), bad);
      assert.match((error as Error).message, `throttle '${bad}'`);
    }
  }
});

test('throttle: the burst limit applies within a burst unit, then resets', () => {
  const throttle = new Throttle(parseRate('100/min'), parseRate('2/sec'));
  assert.ok(throttle.tryAcquire(1000));
  assert.ok(throttle.tryAcquire(1000.2));
  assert.not.ok(throttle.tryAcquire(1000.5), 'third in the same second is throttled');
  assert.ok(throttle.tryAcquire(1001.3), 'a second after the last send the burst resets');
});

test('throttle: the overall limit holds across bursts until a limit unit passes', () => {
  const throttle = new Throttle(parseRate('3/min'), parseRate('5/sec'));
  const sent = [0, 2, 4, 6, 8].map((t) => throttle.tryAcquire(t));
  assert.equal(sent, [true, true, true, false, false]);
  assert.is(throttle.totalSent, 3);
  assert.ok(throttle.tryAcquire(4 + 60), 'a minute after the last send the limit resets');
  assert.is(throttle.totalSent, 1);
});

test('throttle: a rate of 0 silences the alert', () => {
  assert.not.ok(new Throttle(parseRate('0/min'), parseRate('1/sec')).tryAcquire(1));
  assert.not.ok(new Throttle(parseRate('5/min'), parseRate('0/sec')).tryAcquire(1));
});

test('fuzz: mutated rate strings and timestamps parse or fail with their 400 code', () => {
  const random = seededRandom(433);
  for (let i = 0; i < 3000; i++) {
    const rate = mutateText(['5/sec', '10/minute', '2/hr', '7'][i % 4]!, random);
    try {
      const parsed = parseRate(rate);
      assert.ok(Number.isInteger(parsed.count) && parsed.count >= 0);
    } catch (error) {
      assert.ok(isSvcError(error, 'SVC_ERR_BAD_RATE'), `${JSON.stringify(rate)}: ${String(error)}`);
    }
    const stamp = mutateText(['1700000000.123456', '-60', '0'][i % 3]!, random);
    try {
      assert.ok(Number.isFinite(parseTimestamp(stamp, 1_800_000_000)));
    } catch (error) {
      assert.ok(isSvcError(error, 'SVC_ERR_BAD_TIMESTAMP'), `${JSON.stringify(stamp)}: ${String(error)}`);
    }
  }
});

test('throttle: wouldAllow answers as tryAcquire would, without counting', () => {
  const throttle = new Throttle(parseRate('2/min'), parseRate('1/sec'));
  assert.ok(throttle.wouldAllow(100));
  assert.ok(throttle.wouldAllow(100), 'asking twice still allows');
  assert.is(throttle.totalSent, 0);
  assert.ok(throttle.tryAcquire(100));
  assert.not.ok(throttle.wouldAllow(100.5), 'burst used up within the second');
  assert.ok(throttle.wouldAllow(101.5), 'a new burst a second later');
  assert.ok(throttle.tryAcquire(101.5));
  assert.not.ok(throttle.wouldAllow(110), 'the overall limit is used up within the minute');
  assert.ok(throttle.wouldAllow(170), 'a minute after the last send the limit resets');
  assert.not.ok(new Throttle(parseRate('0/min'), parseRate('1/sec')).wouldAllow(1), 'a rate of 0 never allows');
});

test.run();
