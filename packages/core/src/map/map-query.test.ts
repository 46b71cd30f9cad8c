/**
 * The map query over devices at known positions: devices in the box one by one with their
 * layer, unlocated and outside ones left out, the extent and counts over all; a box across the
 * antimeridian; hidden layers; and past the point limit, clusters checked against a grouping
 * the test makes itself (its own Mercator formula, squares of 64 pixels at the zoom): every
 * device is in exactly one cluster or point, and each cluster sits at its members' mean.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seededRandom } from '../testing/fuzz.js';
import { TrackedDevice, type PhyState } from '../tracker/tracked-device.js';
import { startEstimate } from '../tracker/location-estimate.js';
import { NO_LAYER, queryMap, type MapQuery } from './map-query.js';

const phy: PhyState = { name: 'P', description: '', id: 0, keyPrefix: '0'.repeat(16), deviceCount: 0, packetCount: 0 };

function device(n: number, lat?: number, lon?: number): TrackedDevice {
  const made = new TrackedDevice(`k${n}`, n, phy, 'Unknown', 0);
  if (lat !== undefined && lon !== undefined) {
    const point = { lat, lon, alt: 0, fix: 3, time: 0 };
    made.location = { last: point, min: { ...point }, max: { ...point }, sum: { lat, lon, alt: 0, count: 1, altCount: 0 }, fix: 3, estimate: undefined };
  }
  return made;
}

const WORLD = { west: -180, south: -90, east: 180, north: 90 };
const query = (overrides: Partial<MapQuery>): MapQuery => ({ box: WORLD, zoom: 10, layers: [], hidden: new Set(), maxPoints: 1000, cluster: true, ...overrides });
const keys = (points: readonly { device: TrackedDevice }[]) => points.map((point) => point.device.key).sort();

test('devices in the box one by one, at their last position; the counts and extent cover every located device', () => {
  const devices = [device(1, 52.1, 4.1), device(2, 52.5, 4.9), device(3), device(4, 10, 20), device(5, 52.3, 5.5)];
  const answer = queryMap(devices, query({ box: { west: 4, south: 52, east: 5, north: 53 } }));
  assert.equal(keys(answer.points), ['k1', 'k2']);
  assert.equal(answer.points.find((point) => point.device.key === 'k2'), { device: devices[1], lat: 52.5, lon: 4.9, layer: NO_LAYER });
  assert.equal([answer.located, answer.inBox, answer.extent, answer.clusters], [4, 2, [4.1, 10, 20, 52.5], []]);
  assert.equal(queryMap([device(3)], query({})).extent, undefined);
});

test("a device with a signal-weighted estimate is drawn at the estimate, not at its last fix", () => {
  const placed = device(7, 52.0, 4.0);
  placed.location!.estimate = startEstimate({ lat: 52.2, lon: 4.2, alt: 0, fix: 3, time: 0 }, -60);
  const [point] = queryMap([placed], query({})).points;
  assert.ok(point && Math.abs(point.lat - 52.2) < 1e-9 && Math.abs(point.lon - 4.2) < 1e-9, JSON.stringify(point));
});

test('a box across the antimeridian holds both of its sides', () => {
  const devices = [device(1, 0, 179.5), device(2, 0, -179.5), device(3, 0, 0)];
  assert.equal(keys(queryMap(devices, query({ box: { west: 179, south: -1, east: -179, north: 1 } })).points), ['k1', 'k2']);
});

test('a device is in the first layer whose view holds it; hidden layers and the devices of none can be left out', () => {
  const devices = [device(1, 1, 1), device(2, 2, 2), device(3, 3, 3)];
  const layers = [(d: TrackedDevice) => d.mac === 1, (d: TrackedDevice) => d.mac <= 2];
  const layerOf = (answer: ReturnType<typeof queryMap>) => Object.fromEntries(answer.points.map((point) => [point.device.key, point.layer]));
  assert.equal(layerOf(queryMap(devices, query({ layers }))), { k1: 0, k2: 1, k3: NO_LAYER });
  const hidden = queryMap(devices, query({ layers, hidden: new Set([0, NO_LAYER]) }));
  assert.equal(layerOf(hidden), { k2: 1 });
  assert.is(hidden.located, 1, 'hidden layers are not counted');
});

/** Web Mercator pixel at a zoom, written differently from the code under test (tan form). */
function pixel(lat: number, lon: number, zoom: number): [number, number] {
  const scale = 256 * 2 ** zoom;
  const phi = (lat * Math.PI) / 180;
  return [((lon + 180) / 360) * scale, ((1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2) * scale];
}

test('past the point limit, devices are clustered in 64-pixel squares at the zoom: counts, means and lone devices as the test groups them', () => {
  const random = seededRandom(7);
  const devices = Array.from({ length: 5000 }, (_, n) => device(n, 52.3 + random() * 0.2, 4.8 + random() * 0.3));
  for (const zoom of [9, 12, 15]) {
    const box = { west: 4.85, south: 52.32, east: 5.0, north: 52.45 };
    const answer = queryMap(devices, query({ box, zoom, maxPoints: 200 }));
    const groups = new Map<string, TrackedDevice[]>();
    for (const member of devices) {
      const { lat, lon } = member.location!.last;
      if (lat < box.south || lat > box.north || lon < box.west || lon > box.east) continue;
      const [x, y] = pixel(lat, lon, zoom);
      const cell = `${Math.floor(x / 64)},${Math.floor(y / 64)}`;
      groups.set(cell, [...(groups.get(cell) ?? []), member]);
    }
    const expectedClusters = [...groups.values()]
      .filter((members) => members.length > 1)
      .map((members) => [members.reduce((sum, m) => sum + m.location!.last.lat, 0) / members.length, members.reduce((sum, m) => sum + m.location!.last.lon, 0) / members.length, members.length]);
    const rounded = (list: number[][]) => list.map((entry) => entry.map((value) => Number(value.toFixed(9)))).sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
    assert.equal(rounded(answer.clusters.map((cluster) => [cluster.lat, cluster.lon, cluster.count])), rounded(expectedClusters), `zoom ${zoom}`);
    assert.equal(keys(answer.points), [...groups.values()].filter((members) => members.length === 1).map((members) => members[0]!.key).sort(), `zoom ${zoom}: lone devices`);
    assert.is(answer.clusters.reduce((sum, cluster) => sum + cluster.count, 0) + answer.points.length, answer.inBox);
    assert.ok(answer.clusters.length > 0, `zoom ${zoom} clusters`);
  }
});

test('without clustering, past the limit the first devices up to it, and the count of all in the box', () => {
  const devices = Array.from({ length: 50 }, (_, n) => device(n, 1, 1));
  const answer = queryMap(devices, query({ maxPoints: 10, cluster: false }));
  assert.equal([answer.points.length, answer.inBox, answer.clusters.length], [10, 50, 0]);
  const clustered = queryMap(devices, query({ maxPoints: 10 }));
  assert.equal([clustered.points.length, clustered.clusters], [0, [{ lat: 1, lon: 1, count: 50 }]], 'devices at one spot are one cluster');
});

test.run();
