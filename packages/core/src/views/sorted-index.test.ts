import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seededRandom } from '../testing/fuzz.js';
import { TrackedDevice, type PhyState } from '../tracker/tracked-device.js';
import { compareEntries, type SortKey } from './sort-key.js';
import { SortedIndex } from './sorted-index.js';

const phy: PhyState = { name: 'P', description: '', id: 0, keyPrefix: '0'.repeat(16), deviceCount: 0, packetCount: 0 };
const makeDevice = (n: number) => new TrackedDevice(`k${n}`, n, phy, 'Unknown', 0);

/** The index under test beside a plain sorted reference. */
function harness() {
  const keys = new Map<TrackedDevice, SortKey>();
  const index = new SortedIndex((device) => keys.get(device));
  const reference = () =>
    [...keys.keys()].filter((device) => index.has(device)).sort((a, b) => compareEntries(keys.get(a), a, keys.get(b), b));
  return { keys, index, reference };
}

test('pages read from the index equal a full sort, in both directions, after many random edits', () => {
  const random = seededRandom(7);
  const { keys, index, reference } = harness();
  const devices = Array.from({ length: 3000 }, (_, n) => makeDevice(n));
  const randomKey = (): SortKey => {
    const r = random();
    if (r < 0.1) return undefined;
    if (r < 0.4) return `name-${Math.floor(random() * 50)}`;
    return Math.floor(random() * 200); // many equal keys: ties fall back to the serial
  };
  for (const device of devices.slice(0, 1000)) keys.set(device, randomKey());
  index.rebuild(devices.slice(0, 1000));
  for (let step = 0; step < 20_000; step++) {
    const device = devices[Math.floor(random() * devices.length)]!;
    if (random() < 0.2) index.delete(device);
    else {
      keys.set(device, randomKey());
      index.upsert(device);
    }
    if (step % 2000 === 0) {
      const expected = reference();
      assert.is(index.size, expected.length);
      assert.equal(index.page(0, Infinity, false), expected);
      assert.equal(index.page(0, Infinity, true), [...expected].reverse());
    }
  }
  const expected = reference();
  for (const start of [0, 1, 511, 512, 513, 1024, expected.length - 3, expected.length + 5]) {
    assert.equal(index.page(start, 50, false), expected.slice(start, start + 50), `ascending from ${start}`);
    assert.equal(index.page(start, 50, true), [...expected].reverse().slice(start, start + 50), `descending from ${start}`);
  }
});

test('numbers sort before strings, absent values last; equal keys keep creation order', () => {
  const { keys, index } = harness();
  const [a, b, c, d, e] = [1, 2, 3, 4, 5].map(makeDevice) as [TrackedDevice, TrackedDevice, TrackedDevice, TrackedDevice, TrackedDevice];
  keys.set(a, 'beta').set(b, undefined).set(c, 10).set(d, 'alpha').set(e, 10);
  for (const device of [a, b, c, d, e]) index.upsert(device);
  assert.equal(index.page(0, 10, false), [c, e, d, a, b]);
  assert.equal(index.page(0, 10, true), [b, a, d, e, c]);
});

test('deleting what is not indexed does nothing; an unchanged key is not moved', () => {
  const { keys, index } = harness();
  const a = makeDevice(1);
  index.delete(a);
  keys.set(a, 5);
  index.upsert(a);
  index.upsert(a);
  assert.is(index.size, 1);
  index.delete(a);
  assert.is(index.size, 0);
  assert.equal(index.page(0, 10, false), []);
});

test.run();
