/**
 * svc's own rtl_433 data: the files kept in `test-data/rtl433/` are this generator's output byte
 * for byte; the kept rtl_433 reference is what the real rtl_433 prints for the kept recording
 * now, and that is exactly the ground truth, one message per transmission; the scene and the
 * generated events cover every sensor class of 433 MHz sensors; the events are seeded, rtl_433-shaped,
 * and their totals only grow; and a reading a protocol cannot carry is refused.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { projectDataPath } from '@svc/core/testing';
import { Rtl433Sensor } from '../sensor/rtl433-sensor.js';
import { messagesBySensor, readRtl433Lines, withoutTime, type ReferenceMessage } from '../testing/rtl433-reference.js';
import { manchester } from './line-codes.js';
import { fineoffsetWh1080 } from './protocols/fineoffset-wh1080.js';
import { nexusTh } from './protocols/nexus-th.js';
import { schraderTpms } from './protocols/schrader-tpms.js';
import { syntheticRtl433Events } from './rtl433-events.js';
import { formatRtl433Event } from './rtl433-json.js';
import { SENSOR_FLEET } from './sensor-fleet.js';
import { rtl433Output } from '../reference/rtl433-output.js';
import { EVENT_RUN, generatedFiles, SYNTHETIC_EVENTS, SYNTHETIC_GROUND_TRUTH, SYNTHETIC_RECORDING, SYNTHETIC_REFERENCE } from './synthetic-data.js';

const kept = (name: string) => projectDataPath('rtl433', name);

/** The sensor classes a sensor reporting `messages` has in svc (the sub-records of `sensor.device` besides the common part). */
function classesOf(messages: readonly ReferenceMessage[]): Set<string> {
  const classes = new Set<string>();
  for (const [key, sensorMessages] of messagesBySensor(messages)) {
    const sensor = new Rtl433Sensor(key);
    for (const message of sensorMessages) sensor.apply(message, JSON.stringify(message), 0);
    for (const part of Object.keys(sensor.toRecord(0))) classes.add(part);
  }
  classes.delete('sensor.device.common');
  return classes;
}
/**
 * Every class but the air quality sensor and the Insteon device, whose rtl_433 decoders take FSK
 * transmissions at 915 MHz (classify.test.ts feeds rtl_433's lines of them).
 */
const EVERY_CLASS = ['sensor.device.lightningsensor', 'sensor.device.moisturesensor', 'sensor.device.switch', 'sensor.device.thermometer', 'sensor.device.tpms', 'sensor.device.weatherstation'];

test('the kept recording, ground truth and events are the generator’s output, byte for byte, each well under 1 MB', () => {
  for (const [name, bytes] of Object.entries(generatedFiles())) {
    assert.ok(readFileSync(kept(name)).equals(bytes), `${name} is not what the generator makes: run scripts/make-synthetic-data.ts`);
    assert.ok(bytes.length < 600_000, `${name}: ${bytes.length} bytes`);
  }
});

test('the kept reference is what the real rtl_433 prints for the kept recording now', () => {
  assert.fixture(rtl433Output(kept(SYNTHETIC_RECORDING)).toString(), readFileSync(kept(SYNTHETIC_REFERENCE), 'utf8'));
});

test('rtl_433 decodes exactly the ground truth: one message per transmission, every value as it was put in', () => {
  const reference = readRtl433Lines(kept(SYNTHETIC_REFERENCE));
  const truth = readRtl433Lines(kept(SYNTHETIC_GROUND_TRUTH));
  assert.is(truth.length, 9);
  assert.equal(reference.map(withoutTime), truth);
  assert.equal([...classesOf(truth)].sort(), EVERY_CLASS, 'the recording has a sensor of every class');
  assert.equal([...messagesBySensor(truth).values()].map((messages) => messages.length), [1, 1, 2, 1, 2, 1, 1], 'the lightning sensor and the door contact report twice');
});

test('events: the kept run is seeded (same seed, same lines; another seed, other readings) and every line is an rtl_433 event', () => {
  const lines = readFileSync(kept(SYNTHETIC_EVENTS), 'utf8').trimEnd().split('\n');
  assert.equal(syntheticRtl433Events(EVENT_RUN), lines);
  const other = syntheticRtl433Events({ ...EVENT_RUN, seed: EVENT_RUN.seed + 1 });
  assert.is(other.length, lines.length);
  assert.ok(other.some((line, index) => line !== lines[index]), 'another seed gives other readings');
  assert.is(lines.length, EVENT_RUN.rounds * SENSOR_FLEET.length);
  const events = lines.map((line) => JSON.parse(line) as ReferenceMessage);
  events.forEach((event, index) => {
    assert.equal(Object.keys(event).slice(0, 2), ['time', 'model'], lines[index]);
    assert.is(Date.parse(`${event.time}Z`) / 1000, EVENT_RUN.start + index * EVENT_RUN.interval);
    assert.ok(event.id !== undefined, lines[index]);
  });
  assert.equal([...classesOf(events)].sort(), EVERY_CLASS, 'the events have sensors of every class');
  for (const [key, messages] of messagesBySensor(events)) {
    assert.is(messages.length, EVENT_RUN.rounds, key);
    for (const total of ['rain_mm', 'rain_in', 'strike_count']) {
      const values = messages.map((message) => message[total]).filter((value) => value !== undefined);
      assert.equal(values, [...values].sort((a, b) => a - b), `${key}: ${total} only grows`);
    }
  }
  assert.ok(new Set(events.map((event) => event.temperature_C).filter((value) => value !== undefined)).size > 4, 'readings vary');
});

test('rtl_433’s JSON: doubles with five decimals less trailing zeros but one, %g at zero and below; fields in the layout’s order; undeclared or mistyped fields throw', () => {
  const layout = { model: 'string', id: 'int', a: 'double', b: 'double', c: 'double', d: 'double', e: 'double' } as const;
  assert.is(formatRtl433Event({ e: 335.1, d: 0, c: -4.7, b: 230, a: 3.672, id: 7, model: 'X' }, layout, '2026-01-15 08:00:00'), '{"time":"2026-01-15 08:00:00","model":"X","id":7,"a":3.672,"b":230.0,"c":-4.7,"d":0,"e":335.1}');
  assert.is(formatRtl433Event({ model: 'X', a: 1 / 3 }, layout), '{"model":"X","a":0.33333}');
  assert.throws(() => formatRtl433Event({ model: 'X', f: 1 }, layout), /X declares no field f/);
  assert.throws(() => formatRtl433Event({ model: 'X', id: 1.5 }, layout), /id is a whole number/);
  assert.throws(() => formatRtl433Event({ model: 'X', a: 'high' }, layout), /a is a number/);
  assert.throws(() => formatRtl433Event({ model: 'X', a: 0.00001 }, layout), /would print with an exponent/);
});

test('a reading a protocol cannot carry is refused, so a recording never holds other values than its ground truth', () => {
  const wh1080 = { id: 1, batteryOk: true, temperatureC: 10, humidity: 50, windDirDeg: 90, windAvgKmH: 1.224, windMaxKmH: 2.448, rainMm: 0.3 };
  fineoffsetWh1080(wh1080);
  assert.throws(() => fineoffsetWh1080({ ...wh1080, windAvgKmH: 3.7 }), /average wind 3.7 is not a multiple of 1.224/);
  assert.throws(() => fineoffsetWh1080({ ...wh1080, windDirDeg: 100 }), /wind direction 100 is none of/);
  assert.throws(() => fineoffsetWh1080({ ...wh1080, temperatureC: -41 }), /out of range/);
  assert.throws(() => nexusTh({ id: 1, channel: 1, batteryOk: true, temperatureC: 20.25, humidity: 50 }), /temperature 20.25 is not a multiple of 0.1/);
  assert.throws(() => nexusTh({ id: 1, channel: 1, batteryOk: true, temperatureC: 20, humidity: 0 }), /humidity 0 is outside 1 to 100/);
  assert.throws(() => schraderTpms({ id: 1, flags: 0, pressureKpa: 231, temperatureC: 20 }), /pressure 231 is not a multiple of 2.5/);
  assert.throws(() => manchester([1, 0], 120), /starts with a 0/);
});

test('Manchester as the zero-bit slicer reads it: 1 falls and 0 rises mid-bit', () => {
  // 0 1 1 0 0 1: halves (off) on | on off | on off | off on | off on | on off
  assert.equal(manchester([0, 1, 1, 0, 0, 1], 100), [
    { on: 200, off: 100 },
    { on: 100, off: 200 },
    { on: 100, off: 100 },
    { on: 200, off: 0 },
  ]);
});

test.run();
