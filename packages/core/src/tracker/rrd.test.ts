import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Rrd } from './rrd.js';

const T = 1_700_000_000; // T % 60 = 20, (T / 60) % 60 = 13, (T / 3600) % 24 = 22

test('samples land in absolute slots: t % 60, (t / 60) % 60, (t / 3600) % 24', () => {
  const rrd = new Rrd();
  rrd.add(T, 1);
  rrd.add(T, 2);
  rrd.add(T + 1, 5);
  const record = rrd.toRecord(T + 1);
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

test.run();
