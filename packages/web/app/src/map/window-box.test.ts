/** The window's box around a centre: where Web Mercator puts its edges, and which boxes hold which. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { boxAround, boxHolds } from './window-box';

const near = (actual: number, expected: number, what: string) => assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual}, expected ${expected}`);

test('a box is as wide as its pixels are at the zoom, and its edges are where Mercator puts them', () => {
  // At zoom 11 the world is 256 · 2048 pixels wide: 1400 pixels are 1400 · 360 / 524288 degrees.
  const [west, south, east, north] = boxAround(52.37, 4.89, 11, 1400, 900);
  near(east - west, (1400 * 360) / (256 * 2 ** 11), 'width in degrees');
  near((west + east) / 2, 4.89, 'centre longitude');
  // The equator's row at zoom 0 is y = 128: a box 256 pixels tall around it reaches ±85.0511°, Mercator's edge.
  const world = boxAround(0, 0, 0, 100, 256);
  near(world[3], 85.0511287798066, 'north edge of the world');
  near(world[1], -85.0511287798066, 'south edge of the world');
  assert.ok(north - 52.37 < 52.37 - south, 'north of the centre a degree of latitude takes more pixels, so the box reaches less far');
});

test('a box wider than the world spans every longitude; one across the antimeridian is wrapped', () => {
  assert.equal(boxAround(20, 0, 2, 1400, 900).filter((_, index) => index % 2 === 0), [-180, 180]);
  const [west, , east] = boxAround(0, 179.9, 10, 1000, 500);
  assert.ok(west > 0 && east < 0 && west > east, `across the antimeridian: ${west} to ${east}`);
});

test('a box holds the boxes inside it, and none that crosses its edge or the antimeridian unless it spans every longitude', () => {
  const outer = [4, 52, 6, 53] as const;
  assert.ok(boxHolds(outer, [4.5, 52.1, 5.5, 52.9]));
  assert.ok(boxHolds(outer, outer));
  assert.not.ok(boxHolds(outer, [3.9, 52.1, 5.5, 52.9]), 'past the west edge');
  assert.not.ok(boxHolds(outer, [4.5, 52.1, 5.5, 53.1]), 'past the north edge');
  assert.not.ok(boxHolds(outer, [5, 52.1, 4.5, 52.9]), 'across the antimeridian');
  assert.ok(boxHolds([-180, -80, 180, 80], [170, 10, -170, 20]), 'every longitude holds a box across the antimeridian');
  assert.not.ok(boxHolds([170, 10, -170, 20], [175, 11, -175, 19]), 'a box across the antimeridian is not compared');
});

test.run();
