import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seededRandom } from '../testing/fuzz.js';
import { MacTable } from './mac-table.js';

test('stores, replaces and deletes across the whole 48-bit range', () => {
  const table = new MacTable<string>();
  for (const mac of [0, 1, 0xffffffff, 0x100000000, 0xffffffffffff, 0x001f334528a0]) table.set(mac, `v${mac}`);
  assert.is(table.size, 6);
  assert.is(table.get(0xffffffffffff), `v${0xffffffffffff}`);
  assert.is(table.get(0x001f334528a1), undefined);
  table.set(0, 'zero');
  assert.is(table.get(0), 'zero');
  assert.is(table.size, 6);
  assert.ok(table.delete(0x100000000));
  assert.not.ok(table.delete(0x100000000));
  assert.is(table.get(0x100000000), undefined);
  assert.is(table.size, 5);
  assert.throws(() => table.set(-1, 'x'), /not a 48-bit MAC number: -1/);
  assert.throws(() => table.set(2 ** 48, 'x'), /not a 48-bit MAC number/);
  assert.throws(() => table.set(1.5, 'x'), /not a 48-bit MAC number/);
});

test('agrees with a Map through 200 000 random sets, gets and deletes, growing and shrinking', () => {
  const random = seededRandom(48);
  const table = new MacTable<number>();
  const reference = new Map<number, number>();
  // Few distinct high parts and clustered low parts make long probe runs, the case deletion must get right.
  const mac = () => Math.floor(random() * 4) * 0x1000000000 + Math.floor(random() * 20_000);
  for (let i = 0; i < 200_000; i++) {
    const key = mac();
    const action = random();
    if (action < 0.5) {
      table.set(key, i);
      reference.set(key, i);
    } else if (action < 0.8) {
      assert.is(table.delete(key), reference.delete(key));
    } else {
      assert.is(table.get(key), reference.get(key));
    }
  }
  assert.is(table.size, reference.size);
  for (const [key, value] of reference) assert.is(table.get(key), value);
  assert.equal([...table.values()].sort((a, b) => a - b), [...reference.values()].sort((a, b) => a - b));
});

test.run();
