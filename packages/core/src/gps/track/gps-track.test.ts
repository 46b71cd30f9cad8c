/**
 * A track's positions: at its points exactly, between them on the straight line at the share of
 * the time passed (altitude too; speed and course of the point before), held at the ends when
 * replaying, unknown outside its span for packet times, the short way across the antimeridian,
 * and untimed tracks a point a second and no answer for a past time.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { GpsTrack, orderTrackPoints, type TrackPoint } from './gps-track.js';

const T0 = Date.UTC(2025, 2, 14, 9, 26) / 1000;
const drive: TrackPoint[] = [
  { lat: 48.1, lon: 11.5, alt: 500, speed: 36, heading: 90, fix: 3, time: T0 },
  { lat: 48.1, lon: 11.6, alt: 520, speed: 72, heading: 0, fix: 3, time: T0 + 10 },
  { lat: 48.3, lon: 11.6, fix: 2, time: T0 + 12.5 },
];

test('a timed track: its points at their times, straight lines between them, nothing outside its span', () => {
  const track = new GpsTrack(drive);
  assert.ok(track.timed);
  assert.is(track.start, T0);
  assert.is(track.duration, 12.5);
  assert.equal(track.positionAt(T0 + 10), { lat: 48.1, lon: 11.6, alt: 520, speed: 72, heading: 0, fix: 3, time: T0 + 10 });
  const quarter = track.positionAt(T0 + 2.5)!;
  assert.ok(Math.abs(quarter.lon - 11.525) < 1e-12 && quarter.lat === 48.1, `${quarter.lat}, ${quarter.lon}`);
  assert.is(quarter.alt, 505);
  assert.equal([quarter.speed, quarter.heading, quarter.fix, quarter.time], [36, 90, 3, T0 + 2.5], 'speed, course and fix of the point before; stamped with the time asked');
  const last = track.positionAt(T0 + 11.25)!;
  assert.ok(Math.abs(last.lat - 48.2) < 1e-12);
  assert.is(last.alt, 520, 'no altitude at the next point: the one before holds');
  assert.is(track.positionAt(T0 - 0.001), undefined);
  assert.is(track.positionAt(T0 + 12.501), undefined);
  assert.equal(track.positionAt(T0 + 12.5), { lat: 48.3, lon: 11.6, alt: undefined, speed: undefined, heading: undefined, fix: 2, time: T0 + 12.5 });
});

test('replaying: the position some seconds after the start, held at both ends', () => {
  const track = new GpsTrack(drive);
  assert.is(track.positionAfter(-3, 7).lon, 11.5);
  assert.ok(Math.abs(track.positionAfter(5, 7).lon - 11.55) < 1e-12);
  assert.is(track.positionAfter(5, 7).time, 7, 'stamped with the time given');
  assert.is(track.positionAfter(99, 7).lat, 48.3);
});

test('an untimed track places its points a second apart and knows no past time; one point is a fixed position', () => {
  const track = new GpsTrack(drive.map(({ time: _, ...point }) => point));
  assert.not.ok(track.timed);
  assert.is(track.duration, 2);
  assert.ok(Math.abs(track.positionAfter(1.5, 0).lat - 48.2) < 1e-12);
  assert.is(track.positionAt(T0 + 5), undefined);
  const single = new GpsTrack([drive[0]!]);
  assert.is(single.duration, 0);
  assert.is(single.positionAfter(10, 0).lon, 11.5);
  assert.equal(single.positionAt(T0)?.lon, 11.5);
});

test('across the antimeridian the short way', () => {
  const track = new GpsTrack([
    { lat: -17, lon: 179.9, fix: 2, time: 100 },
    { lat: -17, lon: -179.9, fix: 2, time: 102 },
  ]);
  assert.ok(Math.abs(track.positionAt(100.5)!.lon - 179.95) < 1e-9);
  assert.ok(Math.abs(track.positionAt(101.5)!.lon + 179.95) < 1e-9);
});

test('a track needs a point, and times that increase; orderTrackPoints leaves out what cannot be placed', () => {
  assert.throws(() => new GpsTrack([]), /at least one point/);
  assert.throws(() => new GpsTrack([drive[1]!, drive[0]!]), /track point 1 is not after the one before it/);
  const { points, leftOut } = orderTrackPoints([drive[0]!, { ...drive[1]!, time: T0 }, { lat: 1, lon: 1, fix: 2 }, drive[2]!]);
  assert.equal(points, [drive[0], drive[2]]);
  assert.equal(leftOut, { count: 2, first: 'position 2 is not after the one before it (2025-03-14T09:26:00.000Z)' });
  assert.equal(orderTrackPoints(drive).leftOut, { count: 0 });
});

test.run();
