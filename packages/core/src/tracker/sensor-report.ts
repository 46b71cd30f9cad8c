/**
 * What a sensor reported, in readings every consumer understands: the `sensorReported` hook
 * carries one for each message a sensor PHY's plugin tracked (rtl_433's thermometers, weather
 * stations, tyre sensors), so a plugin that passes readings on (MQTT out and its Home Assistant
 * entities) meets the sensor plugins only through the core, and knows neither their PHY nor
 * how their messages spell a temperature.
 */
import type { TrackedDevice } from './tracked-device.js';

/**
 * One reading, in a standard unit for its kind: `temperature` °C, `humidity` %, `battery` %,
 * `pressure` hPa (air) or kPa (a tyre's), `wind_speed` and `wind_gust` km/h, `wind_direction`
 * °, `rain` mm (a running total).
 */
export interface SensorReading {
  readonly kind: string;
  readonly value: number;
  readonly unit: string;
}

/** A sensor's message, as the plugin that tracked it read it. */
export interface SensorReport {
  /** The sensor's device, after the tracker committed the message. */
  readonly device: TrackedDevice;
  /** UUID of the datasource that heard it. */
  readonly sourceUuid: string;
  /** Name of the message's format (`rtl433`): a consumer that passes the message on files it under this. */
  readonly format: string;
  /** The message as the sensor's decoder gave it. */
  readonly message: Readonly<Record<string, unknown>>;
  /** The sensor's model, as its decoder names it (`Acurite-Tower`). */
  readonly model: string;
  /** Who made it and what it is, as a device registry (Home Assistant's) names a device. */
  readonly make: { readonly manufacturer: string; readonly model: string };
  /** The sensor's id within its model, as its decoder gives it. */
  readonly id: string;
  /** Its readings, in the order of the kinds above; none when the message carries none. */
  readonly readings: readonly SensorReading[];
}
