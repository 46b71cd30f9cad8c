/**
 * The bounded per-MAC state: state is created once per MAC, the oldest MAC is forgotten when
 * full, and lookups stay right through growth and the deletions eviction makes (checked
 * against a Map).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seededRandom } from '@svc/core/testing';
import { BoundedMacState } from './bounded-mac-state.js';

test('obtain creates once; get does not create; past the capacity the oldest MAC goes', () => {
  let created = 0;
  const table = new BoundedMacState(() => ({ n: ++created }), 3);
  const first = table.obtain(0x020000, 0xa1);
  assert.is(table.obtain(0x020000, 0xa1), first);
  assert.is(table.get(0x020000, 0xb2), undefined);
  table.obtain(0x020000, 0xb2);
  table.obtain(0xffffff, 0xffffff);
  assert.equal([table.size, created], [3, 3]);
  table.obtain(0x020000, 0xc3);
  assert.is(table.size, 3);
  assert.is(table.get(0x020000, 0xa1), undefined, 'the oldest is forgotten');
  assert.ok(table.get(0xffffff, 0xffffff));
  for (let mac = 0; mac < 1000; mac++) table.obtain(0, mac);
  assert.is(table.size, 3, 'a flood of MACs keeps the bound');
});

test('random MACs past several growths and evictions: the same answers as a Map of the last capacity MACs', () => {
  const random = seededRandom(48);
  const capacity = 5000;
  const table = new BoundedMacState(() => ({}), capacity);
  const order: string[] = [];
  const model = new Map<string, object>();
  for (let i = 0; i < 40_000; i++) {
    const high = Math.floor(random() * 64);
    const low = Math.floor(random() * 0x1000000);
    const key = `${high}:${low}`;
    const state = table.obtain(high, low);
    if (!model.has(key)) {
      if (order.length === capacity) model.delete(order.shift()!);
      order.push(key);
      model.set(key, state);
    }
    assert.is(state, model.get(key));
  }
  assert.is(table.size, model.size);
  for (const [key, state] of model) {
    const [high, low] = key.split(':').map(Number);
    assert.is(table.get(high!, low!), state);
  }
});

test.run();
