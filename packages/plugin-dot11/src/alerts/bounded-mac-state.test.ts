/** The bounded per-MAC state: state is created once per MAC, and the oldest MAC is forgotten when full. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BoundedMacState } from './bounded-mac-state.js';

test('obtain creates once; get does not create; past the capacity the oldest MAC goes', () => {
  let created = 0;
  const table = new BoundedMacState((mac) => ({ mac, n: ++created }), 3);
  const first = table.obtain(0x0200000000a1);
  assert.is(table.obtain(0x0200000000a1), first);
  assert.is(table.get(0x0200000000b2), undefined);
  table.obtain(0x0200000000b2);
  table.obtain(0xffffffffffff);
  assert.equal([table.size, created], [3, 3]);
  table.obtain(0x0200000000c3);
  assert.is(table.size, 3);
  assert.is(table.get(0x0200000000a1), undefined, 'the oldest is forgotten');
  assert.ok(table.get(0xffffffffffff));
  for (let mac = 0; mac < 1000; mac++) table.obtain(mac);
  assert.is(table.size, 3, 'a flood of MACs keeps the bound');
});

test.run();
