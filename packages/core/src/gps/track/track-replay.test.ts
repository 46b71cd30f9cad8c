/**
 * A track replayed as a GPS, on a clock the test moves: the first point at once, then where the
 * track is after the time passed times `speed`, stamped now; looping from the start at the end,
 * or stopping at the last point with one message and no speed; reports a few times a second and
 * none after close; the past known only to a timed track.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../../logger.js';
import { waitUntil } from '../../testing/index.js';
import type { GpsFix } from '../gps-fix.js';
import type { GpsContext } from '../gps-type.js';
import { GpsTrack } from './gps-track.js';
import { replayTrack } from './track-replay.js';

const T0 = 1_750_000_000;
const track = new GpsTrack([
  { lat: 10, lon: 20, speed: 10, fix: 3, alt: 5, time: T0 },
  { lat: 10, lon: 21, speed: 20, fix: 3, alt: 5, time: T0 + 10 },
  { lat: 11, lon: 21, speed: 30, fix: 3, alt: 5, time: T0 + 20 },
]);

/** A context recording what the replay reports, and a clock the test sets. */
function recorder() {
  const fixes: GpsFix[] = [];
  const messages: string[] = [];
  const context: GpsContext = {
    name: 'track',
    log: createLogger({ write: () => {} }),
    update: (fix) => void fixes.push(fix),
    lost: (reason) => assert.unreachable(`lost: ${reason}`),
    message: (text) => void messages.push(text),
  };
  let ms = 1_800_000_000_000;
  return { fixes, messages, context, now: () => ms, advance: (seconds: number) => void (ms += seconds * 1000) };
}

/** The next report after the clock moved. */
async function nextFix(run: ReturnType<typeof recorder>): Promise<GpsFix> {
  const seen = run.fixes.length;
  await waitUntil('a report', () => run.fixes.length > seen, { timeoutMs: 2000 });
  return run.fixes.at(-1)!;
}

test('speed=4: the first point at once, then the track 4 s on per second passed, stamped now; looping at the end', async () => {
  const run = recorder();
  const connection = replayTrack(track, { speed: 4, loop: true, now: run.now }, run.context, 'the test track');
  try {
    assert.is(connection.description, 'the test track');
    assert.equal(run.fixes[0], { lat: 10, lon: 20, alt: 5, speed: 10, heading: undefined, fix: 3, time: run.now() / 1000 });
    run.advance(1.25);
    let fix = await nextFix(run);
    assert.ok(Math.abs(fix.lon - 20.5) < 1e-9 && fix.lat === 10, `5 s into the track: ${fix.lat}, ${fix.lon}`);
    assert.is(fix.time, run.now() / 1000);
    run.advance(2.5);
    fix = await nextFix(run);
    assert.ok(Math.abs(fix.lat - 10.5) < 1e-9 && fix.lon === 21, `15 s into the track: ${fix.lat}, ${fix.lon}`);
    run.advance(2.5);
    fix = await nextFix(run);
    assert.ok(Math.abs(fix.lon - 20.5) < 1e-9 && fix.lat === 10, `25 s: 5 s into the second round: ${fix.lat}, ${fix.lon}`);
    assert.equal(run.messages, []);
    // Four reports a second at speed 4 (one per second of the track).
    const before = run.fixes.length;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    assert.ok(run.fixes.length - before >= 3 && run.fixes.length - before <= 12, `${run.fixes.length - before} reports in 1.1 s`);
  } finally {
    await connection.close();
  }
  const after = run.fixes.length;
  await new Promise((resolve) => setTimeout(resolve, 400));
  assert.is(run.fixes.length, after, 'no report after close');
});

test('loop=false: at the end the last point, standing still, with one message', async () => {
  const run = recorder();
  const connection = replayTrack(track, { speed: 10, loop: false, now: run.now }, run.context, 'once');
  try {
    run.advance(3);
    const fix = await nextFix(run);
    assert.equal([fix.lat, fix.lon, fix.speed], [11, 21, 0]);
    await nextFix(run);
    assert.equal(run.messages, ['the track ended after 20 s; the GPS stays at its last point']);
  } finally {
    await connection.close();
  }
});

test('a timed track answers where it was at a past time; an untimed one does not offer to', async () => {
  const run = recorder();
  const timed = replayTrack(track, { speed: 1, loop: true, now: run.now }, run.context, 'timed');
  const untimed = replayTrack(new GpsTrack(track.points.map(({ time: _, ...point }) => point)), { speed: 1, loop: true, now: run.now }, run.context, 'untimed');
  try {
    assert.equal(timed.positionAt?.(T0 + 15), { lat: 10.5, lon: 21, alt: 5, speed: 20, heading: undefined, fix: 3, time: T0 + 15 });
    assert.is(timed.positionAt?.(T0 + 21), undefined);
    assert.is(untimed.positionAt, undefined);
  } finally {
    await timed.close();
    await untimed.close();
  }
});

test.run();
