/**
 * The reading classes MQTT out publishes for rtl_433 sensors, one state topic and one Home
 * Assistant entity each, whatever key the sensor's decoder used: the rtl433 plugin's
 * quantities turn `temperature_F` and `temperature_C` into one temperature in °C,
 * `wind_avg_m_s` and `wind_avg_km_h` into one wind speed in km/h, and so on (rtl_433's own
 * `rtl_433_mqtt_hass.py` maps each raw key to an entity instead, so a sensor can show up in
 * two units). Battery is `battery_ok` (0 to 1) as a percentage.
 */
import {
  BAROMETRIC_PRESSURE,
  HUMIDITY,
  PRESSURE,
  RAIN,
  readQuantity,
  TEMPERATURE,
  TPMS_TYPE,
  WIND_DIRECTION,
  WIND_GUST,
  WIND_SPEED,
} from '@svc/plugin-sdr-rtl433';

/** One kind of reading: its topic level, its value from a message, and what Home Assistant needs. */
export interface ReadingClass {
  /** Topic level and entity suffix. */
  readonly id: string;
  /** Entity name shown in Home Assistant. */
  readonly name: string;
  /** Home Assistant device class, when there is one. */
  readonly deviceClass?: string;
  readonly stateClass: 'measurement' | 'total_increasing';
  /** Diagnostic entities are shown apart from the readings. */
  readonly diagnostic?: boolean;
  /** The value and its unit in this message, or undefined when the message does not carry it. */
  read(message: Record<string, unknown>): { value: number; unit: string } | undefined;
}

const quantity =
  (wanted: Parameters<typeof readQuantity>[1]) =>
  (message: Record<string, unknown>): { value: number; unit: string } | undefined => {
    const value = readQuantity(message, wanted);
    return value === undefined ? undefined : { value, unit: wanted.unit };
  };

/** Every reading class, in the order they are announced. */
export const READING_CLASSES: readonly ReadingClass[] = [
  { id: 'temperature', name: 'Temperature', deviceClass: 'temperature', stateClass: 'measurement', read: quantity(TEMPERATURE) },
  { id: 'humidity', name: 'Humidity', deviceClass: 'humidity', stateClass: 'measurement', read: quantity(HUMIDITY) },
  {
    id: 'battery',
    name: 'Battery',
    deviceClass: 'battery',
    stateClass: 'measurement',
    diagnostic: true,
    read: (message) => {
      const ok = message.battery_ok;
      return typeof ok === 'number' && Number.isFinite(ok) ? { value: Math.round(Math.min(Math.max(ok, 0), 1) * 100), unit: '%' } : undefined;
    },
  },
  {
    id: 'pressure',
    name: 'Pressure',
    deviceClass: 'pressure',
    stateClass: 'measurement',
    // A tyre sensor's pressure is the tyre's (kPa), a weather station's the air's (hPa).
    read: (message) => (message.type === TPMS_TYPE ? quantity(PRESSURE)(message) : quantity(BAROMETRIC_PRESSURE)(message)),
  },
  { id: 'wind_speed', name: 'Wind speed', deviceClass: 'wind_speed', stateClass: 'measurement', read: quantity(WIND_SPEED) },
  { id: 'wind_gust', name: 'Wind gust', deviceClass: 'wind_speed', stateClass: 'measurement', read: quantity(WIND_GUST) },
  { id: 'wind_direction', name: 'Wind direction', stateClass: 'measurement', read: quantity(WIND_DIRECTION) },
  { id: 'rain', name: 'Rain total', deviceClass: 'precipitation', stateClass: 'total_increasing', read: quantity(RAIN) },
];

/** The readings a message carries, in class order. */
export function messageReadings(message: Record<string, unknown>): { reading: ReadingClass; value: number; unit: string }[] {
  const out: { reading: ReadingClass; value: number; unit: string }[] = [];
  for (const reading of READING_CLASSES) {
    const read = reading.read(message);
    if (read) out.push({ reading, ...read });
  }
  return out;
}
