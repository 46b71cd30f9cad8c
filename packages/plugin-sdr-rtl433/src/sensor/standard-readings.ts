/**
 * A message's readings as the `sensorReported` hook carries them: one per kind in the core's
 * standard units, whatever key the sensor's decoder used (the quantities turn `temperature_F`
 * and `temperature_C` into one temperature in °C, `wind_avg_m_s` and `wind_avg_km_h` into one
 * wind speed in km/h, and so on). A tyre sensor's pressure is the tyre's (kPa), a weather
 * station's the air's (hPa); battery is `battery_ok` (0 to 1) as a percentage.
 */
import type { SensorReading } from '@svc/core';
import { TPMS_TYPE } from './sensor-classes.js';
import { BAROMETRIC_PRESSURE, HUMIDITY, PRESSURE, RAIN, readQuantity, TEMPERATURE, WIND_DIRECTION, WIND_GUST, WIND_SPEED, type Quantity } from './units.js';

type Message = Readonly<Record<string, unknown>>;

/** How a message gives each kind, in the order readings are reported. */
const KINDS: readonly ((message: Message) => SensorReading | undefined)[] = [
  (message) => quantity('temperature', message, TEMPERATURE),
  (message) => quantity('humidity', message, HUMIDITY),
  (message) => {
    const ok = message.battery_ok;
    return typeof ok === 'number' && Number.isFinite(ok) ? { kind: 'battery', value: Math.round(Math.min(Math.max(ok, 0), 1) * 100), unit: '%' } : undefined;
  },
  (message) => quantity('pressure', message, message.type === TPMS_TYPE ? PRESSURE : BAROMETRIC_PRESSURE),
  (message) => quantity('wind_speed', message, WIND_SPEED),
  (message) => quantity('wind_gust', message, WIND_GUST),
  (message) => quantity('wind_direction', message, WIND_DIRECTION),
  (message) => quantity('rain', message, RAIN),
];

function quantity(kind: string, message: Message, wanted: Quantity): SensorReading | undefined {
  const value = readQuantity(message as Record<string, unknown>, wanted);
  return value === undefined ? undefined : { kind, value, unit: wanted.unit };
}

/** The readings a message carries, in the order of the kinds. */
export function standardReadings(message: Message): SensorReading[] {
  const out: SensorReading[] = [];
  for (const read of KINDS) {
    const reading = read(message);
    if (reading) out.push(reading);
  }
  return out;
}

/** Maker and model of a sensor from rtl_433's `Maker-Model` name, as `rtl_433_mqtt_hass.py` splits it; rtl_433 when it names no maker. */
export function sensorMake(model: string): { manufacturer: string; model: string } {
  const dash = model.indexOf('-');
  return dash > 0 ? { manufacturer: model.slice(0, dash), model: model.slice(dash + 1) } : { manufacturer: 'rtl_433', model };
}
