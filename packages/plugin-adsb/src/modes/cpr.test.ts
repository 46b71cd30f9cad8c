/** CPR arithmetic away from real data: NL zone counts, local decoding limits and surface quadrants. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cprNL, globalSurfacePosition, localAirbornePosition, localPosition } from './cpr.js';

test('NL: 59 zones at the equator, 1 at the poles, and the published transition latitudes', () => {
  assert.is(cprNL(0), 59);
  assert.is(cprNL(10.47047129), 59);
  assert.is(cprNL(10.47047131), 58);
  assert.is(cprNL(-10.47047131), 58);
  assert.is(cprNL(86.99), 2);
  assert.is(cprNL(87), 2);
  assert.is(cprNL(87.01), 1);
  assert.is(cprNL(-90), 1);
});

test('a local decode lands in the zone nearest its reference, so a far reference gives a wrong zone', () => {
  const cpr = { odd: false, lat: 39848, lon: 83951 }; // 49.8241 N 6.06785 E
  assert.ok(Math.abs(localAirbornePosition({ lat: 49, lon: 6 }, cpr)!.lat - 49.8241) < 1e-4);
  assert.ok(Math.abs(localAirbornePosition({ lat: 46, lon: 6 }, cpr)!.lat - (49.8241 - 6)) < 1e-4, 'one 6-degree zone south');
});

test('surface: the quadrant nearest the reference is chosen, north and south', () => {
  // The LFBO frame decoded locally gives the position; a pair from the same position decodes back to it.
  const odd = { odd: true, lat: 78587, lon: 84090 };
  const here = localPosition({ lat: 43.63, lon: 1.37 }, odd, true)!;
  assert.ok(Math.abs(here.lat - 43.62646) < 1e-4 && Math.abs(here.lon - 1.37476) < 1e-4, JSON.stringify(here));
  const even = encodeSurface(here, false);
  const pair = globalSurfacePosition(even, odd, true, { lat: 40, lon: 0 })!;
  assert.ok(Math.abs(pair.lat - here.lat) < 1e-4 && Math.abs(pair.lon - here.lon) < 1e-4, JSON.stringify(pair));
  assert.ok(globalSurfacePosition(even, odd, true, { lat: -40, lon: 0 })!.lat < 0, 'southern reference');
});

/** Surface CPR encoding (DO-260B A.1.7.3) of a position, to make the even partner of a real odd frame. */
function encodeSurface(position: { lat: number; lon: number }, odd: boolean): { odd: boolean; lat: number; lon: number } {
  const dLat = 90 / (odd ? 59 : 60);
  const yz = Math.floor(131072 * ((((position.lat % dLat) + dLat) % dLat) / dLat) + 0.5);
  const rLat = dLat * (yz / 131072 + Math.floor(position.lat / dLat));
  const dLon = 90 / Math.max(cprNL(rLat) - (odd ? 1 : 0), 1);
  const xz = Math.floor(131072 * ((((position.lon % dLon) + dLon) % dLon) / dLon) + 0.5);
  return { odd, lat: yz % 131072, lon: xz % 131072 };
}

test.run();
