/**
 * The `minimal` datasource type. This sample simulates a radio so the plugin runs without
 * hardware: each of `sensors=N` sensors (default 3) reports a reading every `interval=S`
 * seconds (default 1). To drive real hardware, replace `startSimulation` with your device's I/O
 * and push a packet per frame or record; svc does the rest (records, states, retries,
 * backpressure, remote capture). Definitions look like `minimal-0:sensors=5,interval=0.5`.
 */
import { createPacketQueue, SvcError, type DatasourceTypeDefinition, type PacketQueue, type SourceDefinition } from '@svc/core';
import { reportPacket } from './report.js';

/** The type name, as written in `type=minimal`. */
export const DATASOURCE_TYPE = 'minimal';

/** A definition's interface names this type when it is `minimal-<number>`. */
const INTERFACE = /^minimal-\d+$/;

/** The `minimal` type. */
export const datasourceType: DatasourceTypeDefinition = {
  name: DATASOURCE_TYPE,
  description: 'simulated Minimal sensors (minimal-0:sensors=N,interval=seconds)',
  capabilities: { probe: true, list: true, local: true, remote: true, passive: false, tune: false, hop: false },
  // The type's own options: svc refuses any other (a 400 to add_source.cmd) and lists these in types.json.
  options: {
    sensors: 'simulated sensors, 1 to 255 (default 3)',
    interval: 'seconds between reports, 0.01 to 3600 (default 1)',
  },
  // Runs before the source is added, so a bad value is a 400 instead of a source in error.
  validate: (definition) => void readOptions(definition),
  probe: async (definition) => INTERFACE.test(definition.interface),
  list: async () => [{ interface: 'minimal-0', hardware: 'simulated' }],
  async open(definition, context) {
    const { sensors, interval } = readOptions(definition);
    const queue = createPacketQueue();
    const stop = startSimulation(queue, context.uuid, sensors, interval);
    context.message(`simulating ${sensors} sensors, one report each every ${interval} s`);
    return {
      info: { captureInterface: definition.interface, hardware: 'simulated' },
      packets: queue.batches,
      async close() {
        stop();
        queue.end();
      },
    };
  },
};

/** Pushes a report from every sensor each interval; returns what stops it. */
function startSimulation(queue: PacketQueue, sourceUuid: string, sensors: number, intervalSeconds: number): () => void {
  let round = 0;
  const timer = setInterval(() => {
    round++;
    for (let sensor = 1; sensor <= sensors; sensor++) {
      const address = `02:53:56:00:00:${sensor.toString(16).padStart(2, '0').toUpperCase()}`;
      const reading = Math.round((20 + sensor + 5 * Math.sin(round / 10)) * 10) / 10;
      // push() returns false when svc is behind; a real driver would pause its reads until queue.drained().
      queue.push(reportPacket({ address, reading }, sourceUuid, Date.now() / 1000, -40 - sensor));
    }
  }, intervalSeconds * 1000);
  return () => clearInterval(timer);
}

/** The definition's options, checked. */
function readOptions(definition: SourceDefinition): { sensors: number; interval: number } {
  return {
    sensors: numberOption(definition, 'sensors', 3, { min: 1, max: 255, whole: true }),
    interval: numberOption(definition, 'interval', 1, { min: 0.01, max: 3600, whole: false }),
  };
}

/** Reads a numeric option, throwing an error the user can act on when it is out of range. */
function numberOption(definition: SourceDefinition, option: string, fallback: number, range: { min: number; max: number; whole: boolean }): number {
  const text = definition.options.get(option);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < range.min || value > range.max || (range.whole && !Number.isInteger(value))) {
    throw new SvcError(
      'SVC_ERR_BAD_DEFINITION',
      `minimal option ${option} must be ${range.whole ? 'a whole number' : 'a number'} from ${range.min} to ${range.max}, not '${text}'`,
    );
  }
  return value;
}
