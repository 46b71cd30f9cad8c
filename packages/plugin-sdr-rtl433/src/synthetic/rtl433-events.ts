/**
 * Generated rtl_433 events: what an rtl_433 that hears {@link SENSOR_FLEET} publishes with
 * `-F mqtt` (each a JSON line as rtl_433 prints it, `time` first), seeded so the same run gives
 * the same lines. For the tests that feed rtl_433's JSON to svc without a radio in between: the
 * MQTT source, the classifier, MQTT out and Home Assistant discovery.
 */
import { seededRandom } from '@svc/core/testing';
import { formatRtl433Event } from './rtl433-json.js';
import { readingSource, SENSOR_FLEET } from './sensor-fleet.js';

/** What to generate. */
export interface EventRun {
  readonly seed: number;
  /** Rounds of reports: each round, every sensor of the fleet reports once. */
  readonly rounds: number;
  /** Unix time of the first event, s. */
  readonly start: number;
  /** Seconds from one event to the next. */
  readonly interval: number;
}

/** rtl_433's time stamp (`%Y-%m-%d %H:%M:%S`), in UTC so it does not depend on the machine. */
const timeStamp = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');

/** The events of a run, one line each, in the order they are published. */
export function syntheticRtl433Events(run: EventRun): string[] {
  const random = seededRandom(run.seed);
  const lines: string[] = [];
  for (let round = 0; round < run.rounds; round++) {
    const readings = readingSource(random, round);
    for (const sensor of SENSOR_FLEET) {
      const { message, layout } = sensor(readings);
      lines.push(formatRtl433Event(message, layout, timeStamp(run.start + lines.length * run.interval)));
    }
  }
  return lines;
}
