/** The map's likely size: the window less the inset remembered when the map last showed, or the app's usual inset. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { likelyMapSize, rememberMapSize } from './map-inset';

/** The browser's storage and window size, as the app reads them. */
const stored = new Map<string, string>();
const page = globalThis as unknown as { localStorage?: unknown; innerWidth: number; innerHeight: number };
page.localStorage = {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
};
test.before.each(() => {
  stored.clear();
  page.innerWidth = 1400;
  page.innerHeight = 900;
});

test("before the map has shown, the window less the map page's usual bars and borders", () => {
  assert.equal(likelyMapSize(), [1366, 794]);
});

test('once it has shown, the window less what was around it then, whatever the window is now', () => {
  rememberMapSize(900, 700);
  assert.equal(likelyMapSize(), [900, 700]);
  page.innerWidth = 1000;
  page.innerHeight = 600;
  assert.equal(likelyMapSize(), [500, 400]);
  page.innerWidth = 400;
  assert.equal(likelyMapSize(), [1, 400], 'never less than a pixel');
});

test('a remembered inset that is not two whole pixel counts is ignored', () => {
  for (const bad of ['[1,2,3]', '"x"', '{', '[-4, 10]', '[1.5, 2]']) {
    stored.set('svc.map.inset', bad);
    assert.equal(likelyMapSize(), [1366, 794], bad);
  }
});

test.run();
