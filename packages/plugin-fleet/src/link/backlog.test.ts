/**
 * The backlog's bound: the oldest message goes first and is counted, a device's record is given
 * back rather than dropped, and a message put back after a failed delivery goes out first.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Backlog, type FleetMessage } from './backlog.js';

const message = (id: string, giveBack?: () => void): FleetMessage => ({ subject: `s.${id}`, id, payload: id, giveBack });
const drain = (backlog: Backlog) => {
  const ids: string[] = [];
  for (let next = backlog.shift(); next; next = backlog.shift()) ids.push(next.id);
  return ids;
};

test('past its bound the backlog drops the oldest messages and counts them', () => {
  const backlog = new Backlog(3);
  for (let i = 0; i < 10; i++) backlog.push(message(String(i)));
  assert.is(backlog.length, 3);
  assert.is(backlog.dropped, 7);
  assert.equal(drain(backlog), ['7', '8', '9']);
});

test("a device's record pushed out is given back, not counted as dropped", () => {
  const given: string[] = [];
  const backlog = new Backlog(2);
  backlog.push(message('device', () => given.push('device')));
  backlog.push(message('a'));
  backlog.push(message('b'));
  assert.equal(given, ['device']);
  assert.is(backlog.dropped, 0);
  assert.equal(drain(backlog), ['a', 'b']);
});

test('a message put back goes out first, and the bound still holds', () => {
  const backlog = new Backlog(2);
  backlog.push(message('a'));
  backlog.push(message('b'));
  backlog.unshift(message('failed'));
  assert.is(backlog.length, 2);
  assert.is(backlog.dropped, 1);
  assert.equal(drain(backlog), ['a', 'b']);
  backlog.push(message('c'));
  backlog.unshift(message('again'));
  assert.equal(drain(backlog), ['again', 'c']);
});

test('a long run through the backlog keeps its order', () => {
  const backlog = new Backlog(5000);
  const seen: string[] = [];
  for (let i = 0; i < 20_000; i++) {
    backlog.push(message(String(i)));
    if (i % 3 === 0) seen.push(backlog.shift()!.id);
  }
  seen.push(...drain(backlog));
  const numbers = seen.map(Number);
  assert.ok(numbers.every((value, index) => index === 0 || value > numbers[index - 1]!), 'in order');
  assert.is(numbers.at(-1), 19_999);
});

test.run();
