/**
 * Reading rtl_433 references in tests: a `.rtl433.jsonl` file (the real rtl_433's output for a
 * recording) or a generated `.jsonl`, as messages, the sensors they come from (by model and
 * id), and the name Kismet gives each sensor.
 */
import { readFileSync } from 'node:fs';

/** One rtl_433 message as parsed from its JSON line. */
export type ReferenceMessage = Record<string, any>;

/** The messages of a JSON-lines file, blank lines left out. */
export function readRtl433Lines(path: string): ReferenceMessage[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ReferenceMessage);
}

/** The sensor a message comes from, `model/id` (the older `device` when there is no `id`), as svc tells sensors apart. */
export function sensorKey(message: ReferenceMessage): string {
  return `${message.model}/${message.id ?? message.device ?? 0}`;
}

/**
 * The name Kismet's sensor PHY gives the sensor of a message, worked out here from its rule
 * (model and id joined by a dash, a negative id read as unsigned 32-bit; the model alone; the
 * id alone; `Sensor`), not through the plugin.
 */
export function expectedSensorName(message: ReferenceMessage): string {
  const id = typeof message.id === 'number' ? String(message.id < 0 ? message.id + 2 ** 32 : message.id) : (message.id as string | undefined);
  if (typeof message.model === 'string') return id === undefined ? message.model : `${message.model}-${id}`;
  return id ?? 'Sensor';
}

/** The messages of each sensor, in order. */
export function messagesBySensor(messages: readonly ReferenceMessage[]): Map<string, ReferenceMessage[]> {
  const sensors = new Map<string, ReferenceMessage[]>();
  for (const message of messages) sensors.set(sensorKey(message), [...(sensors.get(sensorKey(message)) ?? []), message]);
  return sensors;
}

/** A message without its `time` (a reference's time is the offset in its recording, an event's the clock). */
export function withoutTime(message: ReferenceMessage): ReferenceMessage {
  const { time: _time, ...rest } = message;
  return rest;
}
