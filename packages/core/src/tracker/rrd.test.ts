import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Rrd } from './rrd.js';
import { seededRandom } from '../testing/fuzz.js';

const T = 1_700_000_000; // T % 60 = 20, (T / 60) % 60 = 13, (T / 3600) % 24 = 22

test('samples land in absolute slots: t % 60, (t / 60) % 60, (t / 3600) % 24', () => {
  const rrd = new Rrd();
  rrd.add(T, 1);
  rrd.add(T, 2);
  const within = rrd.toRecord(T);
  assert.equal([within['svc.common.rrd.last_value'], within['svc.common.rrd.last_value_n1']], [3, 1], 'the second so far, and before its last sample');
  rrd.add(T + 1, 5);
  const record = rrd.toRecord(T + 1);
  assert.is(record['svc.common.rrd.last_value_n1'], 0, 'a new second starts empty');
  assert.is(rrd.toRecord(T + 5)['svc.common.rrd.last_value'], 0, 'a second without samples');
  const minute = record['svc.common.rrd.minute_vec'] as number[];
  assert.is(minute.length, 60);
  assert.is(minute[20], 3);
  assert.is(minute[21], 5);
  assert.is((record['svc.common.rrd.hour_vec'] as number[])[13], 8, 'hour slot holds the sum');
  assert.is((record['svc.common.rrd.day_vec'] as number[])[22], 8);
  assert.is((record['svc.common.rrd.day_vec'] as number[]).length, 24);
  assert.is(record['svc.common.rrd.last_time'], T + 1);
  assert.is(record['svc.common.rrd.last_value'], 5);
});

test('skipped slots are blanked as time moves on; a full wrap clears the minute', () => {
  const rrd = new Rrd();
  rrd.add(T, 4);
  rrd.add(T + 30, 1);
  let minute = rrd.toRecord(T + 30)['svc.common.rrd.minute_vec'] as number[];
  assert.is(minute[20], 4, 'still within the minute');
  minute = rrd.toRecord(T + 60)['svc.common.rrd.minute_vec'] as number[];
  assert.is(minute[20], 0, 'slot 20 came round again and was blanked');
  assert.is(minute[50], 1);
  minute = rrd.toRecord(T + 500)['svc.common.rrd.minute_vec'] as number[];
  assert.ok(minute.every((value) => value === 0));
  assert.is((rrd.toRecord(T + 500)['svc.common.rrd.hour_vec'] as number[])[13], 5, 'the minute of T (and T + 30) still holds its total');
});

test('a gauge serves each slot as the mean of its samples, and the coarser slots as means too', () => {
  const rrd = Rrd.gauge();
  rrd.add(T, 20);
  rrd.add(T, 22);
  rrd.add(T + 1, 30);
  const record = rrd.toRecord(T + 1);
  const minute = record['svc.common.rrd.minute_vec'] as number[];
  assert.is(minute[20], 21, 'two samples in one second: their mean');
  assert.is(minute[21], 30);
  assert.is((record['svc.common.rrd.hour_vec'] as number[])[13], 24, 'the minute holds the mean of its three samples');
  assert.is((record['svc.common.rrd.day_vec'] as number[])[22], 24);
  assert.is(record['svc.common.rrd.last_value'], 30);
  const later = rrd.toRecord(T + 60)['svc.common.rrd.minute_vec'] as number[];
  assert.is(later[20], 0, 'a blanked gauge slot has no samples left');
  rrd.add(T + 120, 10);
  assert.is((rrd.toRecord(T + 120)['svc.common.rrd.minute_vec'] as number[])[20], 10, 'a reused slot does not mix in old samples');
  const precise = Rrd.gauge();
  precise.add(T, 4.311);
  assert.is(precise.toRecord(T)['svc.common.rrd.last_value'], 4.311, 'a gauge serves a reading as it came, in double precision');
});

/**
 * A model of what an RRD serves: every sample kept, at the later of its own second and the
 * clock's (older samples land in the last second), and each slot's value worked out from the
 * samples that fall in its second, minute or hour and are not older than the ring.
 */
function modelVectors(samples: readonly (readonly [number, number])[], now: number, gauge: boolean): number[][] {
  const rings = [
    { size: 60, unit: 1 },
    { size: 60, unit: 60 },
    { size: 24, unit: 3600 },
  ];
  return rings.map(({ size, unit }) => {
    const sums = new Array<number>(size).fill(0);
    const counts = new Array<number>(size).fill(0);
    for (const [time, value] of samples) {
      const period = Math.floor(time / unit);
      if (period <= Math.floor(now / unit) - size) continue;
      sums[period % size]! += value;
      counts[period % size]!++;
    }
    return gauge ? sums.map((sum, slot) => (counts[slot] ? sum / counts[slot]! : 0)) : sums;
  });
}

test('over a long random run with gaps of every size, the RRD serves what a model of its rings says', () => {
  for (const gauge of [false, true]) {
    const random = seededRandom(gauge ? 38 : 83);
    const rrd = gauge ? Rrd.gauge() : new Rrd();
    const samples: [number, number][] = [];
    let clock = 0;
    let time = T;
    for (let step = 0; step < 3000; step++) {
      const kind = random();
      // Mostly small steps, some within the minute ring's size, some past the hour's or day's, a few back in time.
      time += kind < 0.5 ? Math.floor(random() * 3) : kind < 0.8 ? Math.floor(random() * 70) : kind < 0.95 ? Math.floor(random() * 4000) : kind < 0.98 ? Math.floor(random() * 100_000) : -Math.floor(random() * 30);
      const value = 1 + Math.floor(random() * 5);
      rrd.add(time, value);
      clock = Math.max(clock, time);
      samples.push([clock, value]);
      if (step % 100 === 99) {
        const record = rrd.toRecord(clock);
        const [minute, hour, day] = modelVectors(samples, clock, gauge);
        assert.equal(record['svc.common.rrd.minute_vec'], minute, `minute vector at step ${step}`);
        assert.equal(record['svc.common.rrd.hour_vec'], hour, `hour vector at step ${step}`);
        assert.equal(record['svc.common.rrd.day_vec'], day, `day vector at step ${step}`);
        assert.is(record['svc.common.rrd.last_value'], minute![clock % 60]);
      }
    }
  }
});

test.run();
