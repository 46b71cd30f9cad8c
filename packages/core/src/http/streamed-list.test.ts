import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FieldRegistry } from '../fields/field-registry.js';
import type { RouteFormat } from './route-registry.js';
import { serialize } from './serializers.js';
import { StreamedList, type ListEnvelope } from './streamed-list.js';
import { TurnBudget } from '../util/turn-budget.js';

const fields = new FieldRegistry();
fields.register('svc.device.base.name', 'string', 'name');
fields.register('svc.device.base.seenby', 'map[uuid,object]', 'sources that saw it');
fields.register('svc.messagebus.timestamp', 'uint64_t', 'server time');
fields.register('svc.messagebus.list', 'vector[object]', 'the messages');

const record = (n: number) => ({ 'svc.device.base.name': `device ${n} ${'x'.repeat(n % 300)}`, 'svc.device.base.seenby': { '1': { 'a.b': n } }, other: [n, { 'c.d': null }] });
const streamed = async (list: StreamedList<number>, format: RouteFormat) => {
  const chunks: number[] = [];
  let text = '';
  const reader = list.toStream(format, fields).getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value.byteLength);
    text += decoder.decode(value, { stream: true });
  }
  return { text, chunks };
};

const FORMATS: RouteFormat[] = ['json', 'ekjson', 'itjson', 'prettyjson'];

test('a streamed list writes exactly what the one-string serializer writes, in every format, with and without an envelope', async () => {
  const envelopes: (ListEnvelope | undefined)[] = [
    undefined,
    { head: { draw: 3 }, listKey: 'data', tail: { recordsTotal: 9, recordsFiltered: 2 } },
    { head: {}, listKey: 'data', tail: { last_page: 1, 'svc.messagebus.timestamp': 5 } },
    { head: { 'svc.messagebus.timestamp': 5 }, listKey: 'svc.messagebus.list', tail: {} },
  ];
  for (const count of [0, 1, 2, 700]) {
    const items = Array.from({ length: count }, (_, n) => n);
    for (const envelope of envelopes) {
      const whole = envelope ? { ...envelope.head, [envelope.listKey]: items.map(record), ...envelope.tail } : items.map(record);
      for (const format of FORMATS) {
        const { text } = await streamed(new StreamedList(items, record, envelope), format);
        assert.is(text, serialize(whole, format, fields), `${count} items, ${format}, ${JSON.stringify(envelope)}`);
      }
    }
  }
});

test('a long list arrives in chunks of about 64 KB, not as one string', async () => {
  const items = Array.from({ length: 5000 }, (_, n) => n);
  const { text, chunks } = await streamed(new StreamedList(items, record), 'json');
  assert.is(JSON.parse(text).length, 5000);
  assert.ok(chunks.length > 10, `${chunks.length} chunks`);
  assert.ok(Math.max(...chunks) < 80 * 1024, `largest chunk ${Math.max(...chunks)} bytes`);
});

test('records are made as the reader pulls, so a reader that stops early costs only what it read', async () => {
  let made = 0;
  const list = new StreamedList(Array.from({ length: 100_000 }, (_, n) => n), (n) => (made++, record(n)));
  const reader = list.toStream('json', fields).getReader();
  await reader.read();
  await reader.cancel();
  assert.ok(made > 0 && made < 2000, `${made} records made`);
});

test('a reader that takes every chunk at once still lets the event loop turn: a callback due meanwhile runs before the list ends', async () => {
  const busy = (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until);
  };
  // About half a second of records; each pull is a promise continuation, so without the
  // budget's turns nothing else would run until the last one.
  const items = Array.from({ length: 500 }, (_, n) => n);
  let made = 0;
  let madeWhenImmediateRan = -1;
  setImmediate(() => (madeWhenImmediateRan = made));
  const list = new StreamedList(items, (n) => (busy(1), made++, record(n)));
  const reader = list.toStream('json', fields, undefined, new TurnBudget(10)).getReader();
  for (;;) if ((await reader.read()).done) break;
  assert.is(made, 500);
  assert.ok(madeWhenImmediateRan >= 0 && madeWhenImmediateRan < 100, `the immediate ran after ${madeWhenImmediateRan} of 500 records`);
});

test('ended runs once: when the list is written whole, and when its reader gives up', async () => {
  let ends = 0;
  const whole = new StreamedList([1, 2, 3], record).toStream('json', fields, () => ends++).getReader();
  while (!(await whole.read()).done);
  assert.is(ends, 1);
  const abandoned = new StreamedList(Array.from({ length: 5000 }, (_, n) => n), record).toStream('json', fields, () => ends++).getReader();
  await abandoned.read();
  await abandoned.cancel();
  assert.is(ends, 2);
});

test.run();
