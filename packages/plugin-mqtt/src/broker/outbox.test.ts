import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DroppedError, Outbox, type OutboxEntry } from './outbox.js';

const entry = (topic: string, settled?: (string | undefined)[]): OutboxEntry => ({ topic, payload: topic, retain: false, settle: settled && ((error) => settled.push(error && `${topic}: ${error.constructor.name}`)) });
const drain = (outbox: Outbox) => {
  const topics: string[] = [];
  for (let next = outbox.shift(); next; next = outbox.shift()) topics.push(next.topic);
  return topics;
};

test('keeps order, grows past its first slots, and drops the oldest past the bound', () => {
  const settled: (string | undefined)[] = [];
  const outbox = new Outbox(40, () => 0);
  for (let i = 0; i < 100; i++) outbox.push(entry(`m${i}`, settled));
  assert.is(outbox.length, 40);
  assert.is(outbox.dropped, 60);
  assert.is(settled.length, 60);
  assert.is(settled[0], 'm0: DroppedError');
  assert.equal(drain(outbox), Array.from({ length: 40 }, (_, i) => `m${i + 60}`), 'the newest 40 remain, oldest first');
});

test('entries in flight count toward the bound; a full outbox with nothing waiting drops the new entry', () => {
  let inFlight = 3;
  const outbox = new Outbox(3, () => inFlight);
  const settled: (string | undefined)[] = [];
  outbox.push(entry('late', settled));
  assert.is(outbox.length, 0);
  assert.equal(settled, ['late: DroppedError']);
  inFlight = 1;
  outbox.push(entry('a'));
  outbox.push(entry('b'));
  outbox.push(entry('c'));
  assert.equal(drain(outbox), ['b', 'c']);
});

test('front puts a resend or a status first, also across the ring boundary', () => {
  const outbox = new Outbox(100, () => 0);
  for (let i = 0; i < 20; i++) outbox.push(entry(`m${i}`));
  for (let i = 0; i < 10; i++) outbox.shift();
  outbox.push(entry('first'), true);
  for (let i = 20; i < 30; i++) outbox.push(entry(`m${i}`));
  const topics = drain(outbox);
  assert.is(topics[0], 'first');
  assert.equal(topics.slice(1), Array.from({ length: 20 }, (_, i) => `m${i + 10}`));
  assert.ok(new DroppedError(5).message.includes('5 messages'));
});

test.run();
