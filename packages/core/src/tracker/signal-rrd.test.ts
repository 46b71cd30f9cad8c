import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SignalRrd } from './signal-rrd.js';
import { seededRandom } from '../testing/fuzz.js';

const T = 1_700_000_040; // slot 0 of a minute

test('each second keeps its strongest signal; seconds without a sample are 0', () => {
  const rrd = new SignalRrd();
  rrd.add(T, -70);
  rrd.add(T + 0.5, -60);
  rrd.add(T + 0.9, -65);
  rrd.add(T + 2, -80);
  const minute = rrd.toRecord(T + 2)['svc.common.rrd.minute_vec'] as number[];
  assert.is(minute.length, 60);
  assert.equal(minute.slice(0, 3), [-60, 0, -80]);
  assert.is(minute.filter((value) => value !== 0).length, 2);
});

test('time moving on clears the seconds it skips, and a whole minute later everything', () => {
  const rrd = new SignalRrd();
  rrd.add(T, -50);
  rrd.add(T + 1, -51);
  assert.equal((rrd.toRecord(T + 30)['svc.common.rrd.minute_vec'] as number[]).slice(0, 2), [-50, -51], 'still within the minute');
  assert.equal((rrd.toRecord(T + 60)['svc.common.rrd.minute_vec'] as number[]).slice(0, 2), [0, -51], 'slot 0 is the new second');
  assert.ok((rrd.toRecord(T + 200)['svc.common.rrd.minute_vec'] as number[]).every((value) => value === 0));
  assert.is(rrd.toRecord(T + 200)['svc.common.rrd.last_time'], T + 200);
});

test('levels are kept as whole dB within a byte', () => {
  const rrd = new SignalRrd();
  rrd.add(T, -300);
  rrd.add(T + 1, -41.6);
  assert.equal((rrd.toRecord(T + 1)['svc.common.rrd.minute_vec'] as number[]).slice(0, 2), [-128, -42]);
});

test('over a long random run with gaps of every size, each second serves the strongest level a model of the minute says', () => {
  const random = seededRandom(60);
  const rrd = new SignalRrd();
  const samples: [number, number][] = [];
  let clock = 0;
  let time = T;
  for (let step = 0; step < 3000; step++) {
    const kind = random();
    time += kind < 0.6 ? Math.floor(random() * 3) : kind < 0.9 ? Math.floor(random() * 70) : kind < 0.97 ? Math.floor(random() * 500) : -Math.floor(random() * 20);
    const level = -30 - Math.floor(random() * 60);
    rrd.add(time, level);
    clock = Math.max(clock, time);
    samples.push([clock, level]);
    if (step % 100 === 99) {
      const expected = new Array<number>(60).fill(0);
      for (const [second, value] of samples) if (second > clock - 60 && (expected[second % 60] === 0 || value > expected[second % 60]!)) expected[second % 60] = value;
      assert.equal(rrd.toRecord(clock)['svc.common.rrd.minute_vec'], expected, `minute vector at step ${step}`);
    }
  }
});

test.run();
