/**
 * The synthetic rtl_433 data svc keeps in its repository (`test-data/rtl433/`), so the rtl_433
 * tests run on a fresh clone: a recording of {@link SENSOR_SCENE}, its ground truth, a run of
 * generated events, and the real rtl_433's output on the recording. The first three are this
 * generator's output and are made here byte for byte; the last is made by running rtl_433.
 */
import { renderCu8 } from './cu8-recording.js';
import { syntheticRtl433Events, type EventRun } from './rtl433-events.js';
import { formatRtl433Event } from './rtl433-json.js';
import { SCENE_LAYOUT, SENSOR_SCENE } from './sensor-scene.js';

/** The recording of the scene (`.cu8`: 8-bit I/Q, 250 kHz, 433.92 MHz). */
export const SYNTHETIC_RECORDING = 'svc-sensors.cu8';
/** What each of its transmissions carries, one message a line, as rtl_433 publishes it (without `time`). */
export const SYNTHETIC_GROUND_TRUTH = 'svc-sensors.expected.jsonl';
/** The real rtl_433's output on the recording (`rtl_433 -c 0 -F json -r cu8:<recording>`). */
export const SYNTHETIC_REFERENCE = 'svc-sensors.rtl433.jsonl';
/** Generated rtl_433 events, every sensor class, as rtl_433's `-F mqtt` publishes them. */
export const SYNTHETIC_EVENTS = 'svc-events.jsonl';

/** The run the kept events are: 4 rounds of the fleet from 2026-01-15 08:00:00 UTC, one event every 7 s. */
export const EVENT_RUN: EventRun = { seed: 433_920, rounds: 4, start: Date.UTC(2026, 0, 15, 8) / 1000, interval: 7 };

/** The generator's files, by name: the recording, its ground truth and the events. */
export function generatedFiles(): Record<string, Buffer> {
  const lines = (all: readonly string[]) => Buffer.from(all.map((line) => `${line}\n`).join(''));
  return {
    [SYNTHETIC_RECORDING]: renderCu8(SENSOR_SCENE, SCENE_LAYOUT),
    [SYNTHETIC_GROUND_TRUTH]: lines(SENSOR_SCENE.map(({ message, layout }) => formatRtl433Event(message, layout))),
    [SYNTHETIC_EVENTS]: lines(syntheticRtl433Events(EVENT_RUN)),
  };
}
