/**
 * The reading classes MQTT out publishes for sensors, one state topic and one Home Assistant
 * entity each. Sensor plugins report readings by kind in standard units (the core's
 * `sensorReported` hook: the rtl433 plugin turns `temperature_F` and `temperature_C` into one
 * temperature in °C, `wind_avg_m_s` and `wind_avg_km_h` into one wind speed in km/h, and so
 * on), so a sensor shows up in one unit per reading (rtl_433's own `rtl_433_mqtt_hass.py` maps
 * each raw key to an entity instead, so a sensor can show up in two). A kind not listed here is
 * not published.
 */

/** One kind of reading: its topic level (the reading's kind) and what Home Assistant needs. */
export interface ReadingClass {
  /** The reading's kind; topic level and entity suffix. */
  readonly id: string;
  /** Entity name shown in Home Assistant. */
  readonly name: string;
  /** Home Assistant device class, when there is one. */
  readonly deviceClass?: string;
  readonly stateClass: 'measurement' | 'total_increasing';
  /** Diagnostic entities are shown apart from the readings. */
  readonly diagnostic?: boolean;
}

/** Every reading class, in the order they are announced. */
export const READING_CLASSES: readonly ReadingClass[] = [
  { id: 'temperature', name: 'Temperature', deviceClass: 'temperature', stateClass: 'measurement' },
  { id: 'humidity', name: 'Humidity', deviceClass: 'humidity', stateClass: 'measurement' },
  { id: 'battery', name: 'Battery', deviceClass: 'battery', stateClass: 'measurement', diagnostic: true },
  { id: 'pressure', name: 'Pressure', deviceClass: 'pressure', stateClass: 'measurement' },
  { id: 'wind_speed', name: 'Wind speed', deviceClass: 'wind_speed', stateClass: 'measurement' },
  { id: 'wind_gust', name: 'Wind gust', deviceClass: 'wind_speed', stateClass: 'measurement' },
  { id: 'wind_direction', name: 'Wind direction', stateClass: 'measurement' },
  { id: 'rain', name: 'Rain total', deviceClass: 'precipitation', stateClass: 'total_increasing' },
];
