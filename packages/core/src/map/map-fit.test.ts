/**
 * The fit of a map to an extent, checked with the test's own Web Mercator (the tan form) on
 * random extents and map sizes: the extent fits the map less its padding at the zoom chosen
 * and not at the next (Leaflet's rule, a hundredth of a zoom of slack), centred on the extent;
 * one device gets the deepest zoom allowed; and the box answered holds the map's, one pixel to
 * spare. The real Leaflet's choice for the same extents is checked in Chromium
 * (packages/cli/e2e/web-map.test.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seededRandom } from '../testing/fuzz.js';
import { boxAt, fitPlace } from './map-fit.js';

/** Web Mercator pixel at a zoom, written differently from the code under test. */
function pixel(lat: number, lon: number, zoom: number): [number, number] {
  const scale = 256 * 2 ** zoom;
  const phi = (lat * Math.PI) / 180;
  return [((lon + 180) / 360) * scale, ((1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2) * scale];
}

/** How many times over the extent fits the free pixels at a zoom (1: exactly). */
function room(extent: readonly [number, number, number, number], zoom: number, free: [number, number]): number {
  const [west, south, east, north] = extent;
  const [left, bottom] = pixel(south, west, zoom);
  const [right, top] = pixel(north, east, zoom);
  return Math.min(free[0] / (right - left), free[1] / (bottom - top));
}

test('random extents and maps: the deepest zoom at which the extent fits the padded map, centred on it', () => {
  const random = seededRandom(38);
  for (let run = 0; run < 500; run++) {
    const west = -170 + random() * 300;
    const south = -70 + random() * 120;
    const extent = [west, south, Math.min(180, west + random() ** 3 * 60), Math.min(80, south + random() ** 3 * 40)] as const;
    const frame = { width: 200 + Math.floor(random() * 1800), height: 200 + Math.floor(random() * 1000), padding: Math.floor(random() * 40), maxZoom: 16 };
    const free: [number, number] = [frame.width - 2 * frame.padding, frame.height - 2 * frame.padding];
    const place = fitPlace(extent, frame);
    const label = JSON.stringify({ extent, frame, place });
    assert.ok(Number.isInteger(place.zoom) && place.zoom >= 0 && place.zoom <= 16, label);
    assert.ok(room(extent, place.zoom, free) >= 2 ** -0.01, `fits at its zoom: ${label}`);
    if (place.zoom < 16) assert.ok(room(extent, place.zoom + 1, free) < 2 ** 0.01, `does not fit one zoom deeper: ${label}`);
    const [x, y] = pixel(place.lat, place.lon, place.zoom);
    const [left, bottom] = pixel(extent[1], extent[0], place.zoom);
    const [right, top] = pixel(extent[3], extent[2], place.zoom);
    assert.ok(Math.abs(x - (left + right) / 2) < 1e-6 && Math.abs(y - (top + bottom) / 2) < 1e-6, `centred: ${label}`);
  }
});

test('one device, or devices on one meridian, are fitted at the deepest zoom allowed or by the other side', () => {
  assert.equal(fitPlace([4.89, 52.37, 4.89, 52.37], { width: 800, height: 600, padding: 24, maxZoom: 16 }).zoom, 16);
  const meridian = fitPlace([4.89, 52.0, 4.89, 53.0], { width: 800, height: 600, padding: 24, maxZoom: 16 });
  assert.ok(room([4.89, 52.0, 4.89, 53.0], meridian.zoom, [752, 552]) >= 1 && meridian.zoom < 16, JSON.stringify(meridian));
});

test("the box answered is the map's, a pixel wider on every side; a map wider than the world spans every longitude", () => {
  const place = { lat: 52.37, lon: 4.89, zoom: 12 };
  const box = boxAt(place, 1000, 600);
  const [x, y] = pixel(place.lat, place.lon, 12);
  const [west, north] = pixel(box.north, box.west, 12);
  const [east, south] = pixel(box.south, box.east, 12);
  assert.ok(Math.abs(west - (x - 501)) < 1e-6 && Math.abs(east - (x + 501)) < 1e-6, JSON.stringify(box));
  assert.ok(Math.abs(north - (y - 301)) < 1e-6 && Math.abs(south - (y + 301)) < 1e-6, JSON.stringify(box));
  const wide = boxAt({ lat: 0, lon: 0, zoom: 1 }, 1024, 300);
  assert.equal([wide.west, wide.east], [-180, 180]);
  const across = boxAt({ lat: 0, lon: 179.9, zoom: 10 }, 1000, 600);
  assert.ok(across.west > across.east, `across the antimeridian: ${JSON.stringify(across)}`);
});

test.run();
