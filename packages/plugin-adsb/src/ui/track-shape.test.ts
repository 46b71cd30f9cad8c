/** The track's shape: north up, east right, scaled into the box with the same scale both ways, centred. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { trackPolylinePoints } from './track-shape.js';

test('a track flown north then east is drawn up then right, filling the box’s short side', () => {
  // At the equator a degree of longitude is as long as one of latitude.
  const points = trackPolylinePoints([{ lat: 0, lon: 0 }, { lat: 1, lon: 0 }, { lat: 1, lon: 1 }], 120, 100, 10);
  assert.is(points, '20,90 20,10 100,10');
});

test('at 60° north a degree of longitude is drawn half as long as one of latitude', () => {
  const points = trackPolylinePoints([{ lat: 60, lon: 0 }, { lat: 60, lon: 2 }], 100, 100, 0);
  assert.is(points, '0,50 100,50');
  const square = trackPolylinePoints([{ lat: 60, lon: 0 }, { lat: 61, lon: 2 }], 100, 100, 0).split(' ').map((point) => point.split(',').map(Number));
  assert.ok(Math.abs(square[1]![0]! - square[0]![0]! - 100) < 2 && Math.abs(square[0]![1]! - square[1]![1]! - 100) < 2, JSON.stringify(square));
});

test('one position, or none, is no line; two at the same place are a point in the middle', () => {
  assert.is(trackPolylinePoints([{ lat: 52, lon: 4 }], 100, 100, 5), '');
  assert.is(trackPolylinePoints([], 100, 100, 5), '');
  assert.is(trackPolylinePoints([{ lat: 52, lon: 4 }, { lat: 52, lon: 4 }], 100, 80, 5), '50,40 50,40');
});

test.run();
