/**
 * The name Kismet's sensor PHY gives a sensor (`phy_sensor.cc`), used both as the device's name
 * and as `sensor.device.model`: the model and the id joined by a dash (`Nexus-TH-90`,
 * `Schrader-1A2B3C4`), the model alone when the message has no id, the id alone when it has no
 * model, and `Sensor` when it has neither. Two sensors of one model tell apart in a list by name.
 * A numeric id is written as Kismet reads it, an unsigned 32-bit integer; the older `device`
 * key plays no part, as in Kismet.
 */

/** Name of a sensor whose message has neither model nor id. */
const UNNAMED_SENSOR = 'Sensor';

/** The id as the name writes it; undefined when the message has no string or numeric id. */
function nameId(id: unknown): string | undefined {
  if (typeof id === 'string') return id;
  if (typeof id === 'number' && Number.isFinite(id)) return String(Math.trunc(id) >>> 0);
  return undefined;
}

/** The name of the sensor that sent `message`. */
export function sensorName(message: Record<string, unknown>): string {
  const id = nameId(message.id);
  if (typeof message.model === 'string') return id === undefined ? message.model : `${message.model}-${id}`;
  return id ?? UNNAMED_SENSOR;
}
