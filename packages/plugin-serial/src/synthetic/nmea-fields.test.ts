/**
 * The generator's field writers against the reader: a coordinate written with four or five
 * digits of minutes reads back as the degrees the writer says it wrote, but for the last bits of
 * a double (the ground truth relies on that), rounding that reaches 60 minutes carries into the degrees, and times and
 * dates keep their leading zeros.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { nmeaCoordinate as readCoordinate, readNmeaSentence } from '@svc/core';
import { seededRandom } from '@svc/core/testing';
import { nmeaCoordinate, nmeaDate, nmeaSentence, nmeaTimeOfDay } from './nmea-fields.js';

test('10,000 random coordinates read back as the degrees written, in both hemispheres', () => {
  const random = seededRandom(11);
  for (let i = 0; i < 10_000; i++) {
    const axis = i % 2 ? 'lat' : 'lon';
    const limit = axis === 'lat' ? 90 : 180;
    const degrees = (random() * 2 - 1) * limit;
    const written = nmeaCoordinate(degrees, axis, 4 + (i % 3 === 0 ? 1 : 0));
    const read = readCoordinate(written.value, written.hemisphere, limit)!;
    assert.ok(Math.abs(read - written.degrees) < 1e-12, `${degrees} written as ${written.value},${written.hemisphere}, read ${read}, said ${written.degrees}`);
    assert.ok(Math.abs(written.degrees - degrees) <= 0.5e-4 / 60 + 1e-12, `${degrees} rounded to ${written.degrees}`);
  }
});

test('rounding carries 60 minutes into the degrees; zero has no hemisphere sign', () => {
  assert.equal(nmeaCoordinate(48.99999999, 'lat', 5), { value: '4900.00000', hemisphere: 'N', degrees: 49 });
  assert.equal(nmeaCoordinate(-7.999999999, 'lon', 4), { value: '00800.0000', hemisphere: 'W', degrees: -8 });
  assert.equal(nmeaCoordinate(-0.0000000001, 'lat', 4), { value: '0000.0000', hemisphere: 'N', degrees: 0 });
});

test('times, dates and the checksum are written as the reader expects', () => {
  const ms = Date.UTC(2025, 0, 2, 3, 4, 5, 670);
  assert.is(nmeaTimeOfDay(ms, 2), '030405.67');
  assert.is(nmeaTimeOfDay(ms, 3), '030405.670');
  assert.is(nmeaTimeOfDay(ms, 0), '030405');
  assert.is(nmeaDate(ms), '020125');
  const sentence = nmeaSentence('GPGSA', ['A', '1', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '']);
  assert.is(sentence, '$GPGSA,A,1,,,,,,,,,,,,,,,*1E');
  assert.ok(readNmeaSentence(sentence).ok);
});

test.run();
