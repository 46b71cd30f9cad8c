/**
 * What svc must show for one rtl_433 message, converted here by hand from rtl_433's keys (not
 * through the plugin's own unit tables): the readings of each sensor class in svc's units (°C,
 * km/h, mm, hPa, kPa; a converted value to four decimals, as svc keeps it), the tyre sensor's
 * pressure and the switch states. Keys are paths into the `sensor.device` record, `/` between
 * levels.
 */
import type { ReferenceMessage } from './rtl433-reference.js';

const THERMOMETER = 'sensor.device.thermometer';
const WEATHER = 'sensor.device.weatherstation/sensor.device';
const LIGHTNING = 'sensor.device.lightningsensor/sensor.device.lightning';
const TPMS = 'sensor.device.tpms/sensor.device.tpms';
const KPA_PER_PSI = 6.894757293168;

/** A converted value as svc keeps it: four decimals. */
const converted = (value: number) => Math.round(value * 1e4) / 1e4;

/** The values svc must hold for `message`, by path inside `sensor.device`. */
export function expectedReadings(message: ReferenceMessage): Record<string, number | string> {
  const expected: Record<string, number | string> = {};
  if (message.temperature_C !== undefined) expected[`${THERMOMETER}/sensor.device.temperature`] = message.temperature_C;
  else if (message.temperature_F !== undefined) expected[`${THERMOMETER}/sensor.device.temperature`] = converted(((message.temperature_F - 32) * 5) / 9);
  if (message.humidity !== undefined) expected[`${THERMOMETER}/sensor.device.humidity`] = message.humidity;
  if (message.type === 'TPMS') {
    if (message.pressure_kPa !== undefined) expected[`${TPMS}.pressure_kpa`] = message.pressure_kPa;
    else if (message.pressure_PSI !== undefined) expected[`${TPMS}.pressure_kpa`] = converted(message.pressure_PSI * KPA_PER_PSI);
    if (message.mic !== undefined) expected[`${TPMS}.checksum`] = message.mic;
    if (message.code !== undefined) expected[`${TPMS}.code`] = message.code;
  } else if (message.pressure_hPa !== undefined) expected[`${WEATHER}.barometric_pressure`] = message.pressure_hPa;
  if (message.wind_avg_km_h !== undefined) expected[`${WEATHER}.wind_speed`] = message.wind_avg_km_h;
  if (message.wind_avg_m_s !== undefined) expected[`${WEATHER}.wind_speed`] = converted(message.wind_avg_m_s * 3.6);
  if (message.wind_max_km_h !== undefined) expected[`${WEATHER}.wind_gust`] = message.wind_max_km_h;
  if (message.wind_max_m_s !== undefined) expected[`${WEATHER}.wind_gust`] = converted(message.wind_max_m_s * 3.6);
  if (message.wind_dir_deg !== undefined) expected[`${WEATHER}.wind_dir`] = message.wind_dir_deg;
  if (message.rain_mm !== undefined) expected[`${WEATHER}.rain`] = message.rain_mm;
  if (message.rain_in !== undefined) expected[`${WEATHER}.rain`] = converted(message.rain_in * 25.4);
  if (message.strike_count !== undefined) expected[`${LIGHTNING}_strike_count`] = message.strike_count;
  if (message.storm_dist !== undefined) expected[`${LIGHTNING}_storm_distance`] = message.storm_dist;
  if (message.storm_dist_km !== undefined) expected[`${LIGHTNING}_storm_distance`] = message.storm_dist_km;
  if (message.active !== undefined) expected[`${LIGHTNING}_storm_active`] = message.active;
  if (message.rfi !== undefined) expected[`${LIGHTNING}_rfi`] = message.rfi;
  for (const [key, value] of Object.entries(message)) {
    const number = /^switch([0-9])$/.exec(key)?.[1];
    if (number !== undefined) expected[`sensor.device.switch/sensor.device.switch.${number}`] = String(value);
  }
  return expected;
}

/** The value at a `/`-separated path inside a record. */
export function readPath(record: Record<string, any>, path: string): unknown {
  return path.split('/').reduce<any>((value, key) => value?.[key], record);
}
