import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFieldSpecs } from '../fields/field-spec.js';
import { createLogger } from '../logger.js';
import { createTestService, seededRandom, TestSource, testPhyPlugin } from '../testing/index.js';
import { nowSeconds } from '../time/timestamp.js';
import { runDeviceQuery, type DeviceQuery } from './device-query.js';
import { queryView } from './view-query.js';

const quiet = createLogger({ write: () => {} });
const mac = (n: number) => `02:00:00:00:${((n >> 8) & 255).toString(16).padStart(2, '0')}:${(n & 255).toString(16).padStart(2, '0')}`;

test('indexed answers equal the scanning pipeline while devices arrive, change, leave views and are evicted', async () => {
  const t = await createTestService({ plugins: [testPhyPlugin], config: { tracker_max_devices: '400' }, log: quiet });
  try {
    const random = seededRandom(11);
    const source = new TestSource(t.svc);
    const base = Date.now() / 1000;
    const sendSome = (count: number) => {
      for (let i = 0; i < count; i++) {
        const n = Math.floor(random() * 600);
        const named = random() < 0.8;
        source.send({ mac: mac(n), name: named ? `dev-${Math.floor(random() * 90)}` : '', signal: -30 - Math.floor(random() * 60), channel: String(1 + Math.floor(random() * 11)), time: base + Math.floor(random() * 100) });
      }
    };
    const specs = parseFieldSpecs(['svc.device.base.name', 'svc.device.base.macaddr', 'svc.device.base.channel', 'svc.device.base.signal/svc.common.signal.last_signal']);
    const sorts = [undefined, ['svc.device.base.last_time'], ['svc.device.base.name'], ['svc.device.base.signal', 'svc.common.signal.last_signal'], ['svc.device.base.channel']];
    const searches = [undefined, 'dev-1', 'DEV-4', ':01:', 'nothing-matches', 'dev'];
    let checked = 0;
    for (let round = 0; round < 30; round++) {
      sendSome(round === 0 ? 500 : Math.floor(random() * 120));
      for (const viewId of ['all', 'test-named']) {
        const view = t.svc.deviceViews.get(viewId)!;
        const sortPath = sorts[Math.floor(random() * sorts.length)];
        const query: DeviceQuery = {
          specs,
          filters: [],
          search: searches[Math.floor(random() * searches.length)],
          sort: sortPath ? { path: sortPath, descending: random() < 0.5 } : undefined,
          window: { start: Math.floor(random() * 60), length: 1 + Math.floor(random() * 40) },
        };
        const now = nowSeconds();
        const indexed = await queryView(view, t.svc.devices, query, now);
        const scanned = await runDeviceQuery(view.members, query, now);
        const label = `round ${round}, ${viewId}, ${JSON.stringify(query.search)}, ${sortPath?.join('/')}`;
        assert.is(indexed.total, scanned.total, label);
        assert.is(indexed.filtered, scanned.filtered, label);
        if (query.sort) assert.equal(indexed.page, scanned.page, label);
        else {
          // Unsorted order is unspecified: the same number of devices, each one a match.
          assert.is(indexed.page.length, scanned.page.length, label);
          const all = new Set((await runDeviceQuery(view.members, { ...query, window: undefined }, now)).page);
          for (const device of indexed.page) assert.ok(all.has(device), label);
        }
        checked++;
      }
    }
    assert.ok(t.svc.devices.evicted > 0, 'the scenario evicts devices');
    assert.is(checked, 60);
  } finally {
    await t.close();
  }
});

test('a renamed device moves in the sorted index and joins or leaves the search at the next read', async () => {
  const t = await createTestService({ plugins: [testPhyPlugin], log: quiet });
  try {
    const source = new TestSource(t.svc);
    for (const [n, name] of ['carol', 'alice', 'bob'].entries()) source.send({ mac: mac(n), name });
    const view = t.svc.deviceViews.get('all')!;
    const query = async (search?: string): Promise<string[]> =>
      (await queryView(view, t.svc.devices, { specs: parseFieldSpecs(['svc.device.base.name']), filters: [], search, sort: { path: ['svc.device.base.name'], descending: false } }, nowSeconds())).page.map((device) => device.name);
    assert.equal(await query(), ['alice', 'bob', 'carol']);
    assert.equal(await query('o'), ['bob', 'carol']);
    source.send({ mac: mac(1), name: 'zoe' });
    assert.equal(await query(), ['bob', 'carol', 'zoe']);
    assert.equal(await query('o'), ['bob', 'carol', 'zoe']);
    source.send({ mac: mac(0), name: 'anna' });
    assert.equal(await query(), ['anna', 'bob', 'zoe']);
    assert.equal(await query('o'), ['bob', 'zoe']);
    assert.equal(view.indexes.counts, { sorted: 1, searches: 1 });
  } finally {
    await t.close();
  }
});

test.run();
