/**
 * Geofences: circles measured on the sphere (a point 999 m from the centre is inside a 1 km
 * circle, one 1001 m away is not), polygons by ray casting (inside, outside, a concave notch), and
 * the config lines they are read from.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { insideGeofence, parseGeofence, parseGeofences } from './geofence.js';
import { distanceMetres } from './great-circle.js';

test('distances: one degree of latitude is 111.2 km; Helsinki to Tallinn is 82 km', () => {
  assert.ok(Math.abs(distanceMetres({ lat: 0, lon: 0 }, { lat: 1, lon: 0 }) - 111_195) < 1);
  assert.ok(Math.abs(distanceMetres({ lat: 60.1699, lon: 24.9384 }, { lat: 59.437, lon: 24.7536 }) - 82_200) < 1_000);
});

test('a circle holds what is within its radius', () => {
  const fence = parseGeofence('airport:circle=60.3172, 24.9633, 1000');
  assert.equal(fence, { name: 'airport', kind: 'circle', centre: { lat: 60.3172, lon: 24.9633 }, radius: 1000 });
  const north = (metres: number) => ({ lat: 60.3172 + metres / 111_195, lon: 24.9633 });
  assert.ok(insideGeofence(fence, north(999)));
  assert.not.ok(insideGeofence(fence, north(1001)));
});

test('a polygon holds what is inside its corners, not what is in its notch', () => {
  // A U shape: the notch between the arms is outside.
  const fence = parseGeofence('u:polygon=0,0;0,3;3,3;3,2;1,2;1,1;3,1;3,0');
  const inside = (lat: number, lon: number) => insideGeofence(fence, { lat, lon });
  assert.ok(inside(0.5, 0.5));
  assert.ok(inside(2, 0.5));
  assert.ok(inside(2, 2.5));
  assert.not.ok(inside(2, 1.5), 'the notch');
  assert.not.ok(inside(4, 1));
  assert.not.ok(inside(-0.1, 1));
});

test('bad lines are refused with the reason; names are unique', () => {
  assert.throws(() => parseGeofence('x:circle=91,0,100'), /'91,0' is not a latitude,longitude/);
  assert.throws(() => parseGeofence('x:circle=1,2,0'), /a circle is lat,lon,radius in metres \(above 0\)/);
  assert.throws(() => parseGeofence('x:polygon=1,2;3'), /'3' is not a latitude,longitude/);
  assert.throws(() => parseGeofences(['a:circle=1,2,3', 'a:circle=4,5,6']), /the fence name 'a' is already in use/);
});

test.run();
