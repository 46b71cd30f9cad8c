/**
 * The test datasource's device positions: inside the disc, spread evenly (a quarter of the
 * devices within half the radius, as area goes), each device at its own place, and the same
 * place every time it is asked.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testDevicePosition } from './test-device-positions.js';

/** Great-circle distance in metres (haversine). */
function metres(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

test('inside the disc, evenly spread, distinct and fixed', () => {
  const disc = { lat: 52.37, lon: 4.89, radiusMetres: 2000 };
  const count = 10_000;
  const positions = Array.from({ length: count }, (_, n) => testDevicePosition(disc, n, count));
  const distances = positions.map((position) => metres(disc, position));
  assert.ok(Math.max(...distances) < 2000 * 1.003, `farthest ${Math.max(...distances)} m`);
  const inner = distances.filter((distance) => distance < 1000).length / count;
  assert.ok(Math.abs(inner - 0.25) < 0.01, `${inner} within half the radius`);
  assert.is(new Set(positions.map((position) => `${position.lat},${position.lon}`)).size, count);
  assert.equal(testDevicePosition(disc, 77, count), positions[77]);
});

test.run();
