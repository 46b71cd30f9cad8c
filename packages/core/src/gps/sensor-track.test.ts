/**
 * The sensor's track: a fix joins it when the sensor moved at least 3 m from the last point, or
 * a minute passed; older or same-time fixes never do; past its capacity the oldest points go;
 * `since` gives the points after a time.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SensorTrack } from './sensor-track.js';

/** A fix `north` metres north of 52°N 5°E at `time`. */
const fix = (time: number, north: number) => ({ lat: 52 + north / 111_320, lon: 5, alt: 10, fix: 3, time });

test('moves of 3 m or more, or a minute standing still, add a point; less, or no newer fix, adds none', () => {
  const track = new SensorTrack();
  track.record(fix(100, 0));
  track.record(fix(101, 2)); // 2 m: no
  track.record(fix(102, 5)); // 5 m from the first: yes
  track.record(fix(102, 50)); // same time: no
  track.record(fix(101, 50)); // older: no
  track.record(fix(150, 6)); // 1 m, 48 s: no
  track.record(fix(162, 6)); // 1 m, a minute: yes
  assert.equal(track.points().map((point) => [point[0], Math.round((point[1] - 52) * 111_320), point[2], point[3]]), [[100, 0, 5, 10], [102, 5, 5, 10], [162, 6, 5, 10]]);
  assert.equal(track.points(101).map((point) => point[0]), [102, 162]);
});

test('past its capacity the oldest points go', () => {
  const track = new SensorTrack(3);
  for (let n = 0; n < 5; n++) track.record(fix(n, n * 10));
  assert.equal(track.points().map((point) => point[0]), [2, 3, 4]);
});

test.run();
