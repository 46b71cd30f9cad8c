/**
 * The demo's drive round the block: a fix every second, standing still at both ends, and the lap
 * closing where it began (within a metre), so its replay loops without a jump.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_TRACK } from './demo-track.js';
import { generateNmeaTrack } from './nmea-track-generator.js';

const METRES_PER_DEGREE = 111_195;

test('the lap: a 3D fix every second, still at both ends, ending within a metre of where it began', () => {
  const { epochs } = generateNmeaTrack(DEMO_TRACK).truth;
  assert.ok(epochs.every((epoch) => epoch.state === 'fix-3d' && epoch.lat !== undefined), 'a fix every second');
  const [first, last] = [epochs[0]!, epochs.at(-1)!];
  assert.equal([first.speed_kn, last.speed_kn], [0, 0]);
  const north = (last.lat! - first.lat!) * METRES_PER_DEGREE;
  const east = (last.lon! - first.lon!) * METRES_PER_DEGREE * Math.cos((first.lat! * Math.PI) / 180);
  assert.ok(Math.hypot(north, east) < 1, `the lap ends ${Math.hypot(north, east).toFixed(2)} m from its start`);
  // It goes round a block, not back and forth: 200 m south of the start at its farthest.
  const south = Math.max(...epochs.map((epoch) => (first.lat! - epoch.lat!) * METRES_PER_DEGREE));
  assert.ok(south > 150 && south < 300, `${south.toFixed(0)} m south at most`);
});

test.run();
