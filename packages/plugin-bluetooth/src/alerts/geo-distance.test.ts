/**
 * The distance on the sphere against what geometry says: a degree of a great circle (a meridian,
 * the equator) is the radius times pi/180 wherever it is, a quarter turn is a quarter of the
 * circumference, a degree of longitude shrinks with the cosine of the latitude, and the distance
 * is the same both ways.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { distanceMeters } from './geo-distance.js';

const RADIUS = 6_371_008.8;
const DEGREE = (RADIUS * Math.PI) / 180;
const near = (actual: number, expected: number, tolerance = 1e-6) => assert.ok(Math.abs(actual - expected) <= tolerance * Math.max(1, expected), `${actual} vs ${expected}`);

test('a degree of a meridian or of the equator, anywhere', () => {
  near(distanceMeters({ lat: 48, lon: 2 }, { lat: 49, lon: 2 }), DEGREE);
  near(distanceMeters({ lat: -10, lon: 170 }, { lat: -11, lon: 170 }), DEGREE);
  near(distanceMeters({ lat: 0, lon: 179.5 }, { lat: 0, lon: -179.5 }), DEGREE);
});

test('a quarter turn, and a degree of longitude at 60° (half of one at the equator)', () => {
  near(distanceMeters({ lat: 0, lon: 0 }, { lat: 90, lon: 0 }), (Math.PI / 2) * RADIUS);
  near(distanceMeters({ lat: 60, lon: 10 }, { lat: 60, lon: 10.001 }), 0.001 * DEGREE * 0.5, 1e-4);
});

test('the same both ways, and nothing between a point and itself', () => {
  const a = { lat: 48.8566, lon: 2.3522 };
  const b = { lat: 51.5074, lon: -0.1278 };
  assert.is(distanceMeters(a, b), distanceMeters(b, a));
  assert.is(distanceMeters(a, a), 0);
});

test.run();
