/**
 * What svc must show for one rtl_433 message, converted here by hand from rtl_433's keys (not
 * through the plugin's own unit tables) into Kismet's sensor classes: the readings of each class
 * in svc's units (°C, %, km/h, mm, hPa, kPa, µg/m³; a converted value to four decimals, as svc
 * keeps it), the tyre sensor's pressure and temperature, the switch states and the Insteon
 * fields. Keys are paths into the `sensor.device` record, `/` between levels.
 */
import type { ReferenceMessage } from './rtl433-reference.js';

const THERMOMETER = 'sensor.device.thermometer';
const MOISTURE = 'sensor.device.moisturesensor/sensor.device.moisture';
const AIR_QUALITY = 'sensor.device.aqi/sensor.device';
const INSTEON_KEYS = ['from_id', 'to_id', 'msg_type', 'msg_str', 'hopsmax', 'hopsleft'];
const WEATHER = 'sensor.device.weatherstation/sensor.device';
const LIGHTNING = 'sensor.device.lightningsensor/sensor.device.lightning';
const TPMS = 'sensor.device.tpms/sensor.device.tpms';
const KPA_PER_PSI = 6.894757293168;

/** A converted value as svc keeps it: four decimals. */
const converted = (value: number) => Math.round(value * 1e4) / 1e4;

/** The values svc must hold for `message`, by path inside `sensor.device`. */
export function expectedReadings(message: ReferenceMessage): Record<string, number | string> {
  const expected: Record<string, number | string> = {};
  const celsius = message.temperature_C ?? (message.temperature_F === undefined ? undefined : converted(((message.temperature_F - 32) * 5) / 9));
  if (celsius !== undefined) expected[`${THERMOMETER}/sensor.device.temperature`] = celsius;
  // Kismet's moisture sensor: humidity, else a soil sensor's moisture.
  const moisture = message.humidity ?? message.moisture;
  if (moisture !== undefined) expected[MOISTURE] = moisture;
  if (message.pm2_5_ug_m3 !== undefined) expected[`${AIR_QUALITY}.pm2_5`] = message.pm2_5_ug_m3;
  const pm10 = message.estimated_pm10_0_ug_m3 ?? message.pm10_ug_m3;
  if (pm10 !== undefined) expected[`${AIR_QUALITY}.pm10`] = pm10;
  for (const key of INSTEON_KEYS) if (message[key] !== undefined) expected[`sensor.device.insteon/sensor.device.${key}`] = String(message[key]);
  if (message.type === 'TPMS') {
    if (celsius !== undefined) expected[`${TPMS}.temperature`] = celsius;
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
  if (message.rain_raw !== undefined) expected[`${WEATHER}.rain_raw`] = message.rain_raw;
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
