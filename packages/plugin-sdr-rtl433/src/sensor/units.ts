/**
 * One quantity, one unit. rtl_433 decoders name the same reading differently (`temperature_C`
 * or `temperature_F`, `wind_avg_km_h` or `wind_avg_m_s` or the older `windspeed`, `rain_mm` or
 * `rain_in`) depending on the sensor and the rtl_433 version. Each quantity here lists every
 * key it may arrive under with the conversion to svc's unit (Celsius, km/h, mm, kPa...), so a
 * sensor's value lands in one field whatever its decoder called it. The first key present wins;
 * the unit svc serves comes first, so a message carrying both keeps the exact value.
 */

type Convert = (value: number) => number;

/** A reading svc keeps, with the keys rtl_433 may send it under. */
export interface Quantity {
  /** What it is, for messages and docs. */
  readonly name: string;
  /** The unit svc serves it in. */
  readonly unit: string;
  /** rtl_433 keys and their conversion to `unit`, in order of preference. */
  readonly keys: readonly (readonly [key: string, convert: Convert])[];
}

const same: Convert = (value) => value;
const scale =
  (factor: number): Convert =>
  (value) =>
    value * factor;

/** Degrees Fahrenheit to Celsius. */
export const fahrenheitToCelsius: Convert = (value) => ((value - 32) * 5) / 9;

const KM_H_PER_M_S = 3.6;
const KM_PER_MILE = 1.609344;
const MM_PER_INCH = 25.4;
const KPA_PER_PSI = 6.894757293168;

const quantity = (name: string, unit: string, keys: Quantity['keys']): Quantity => ({ name, unit, keys });

/** Air (or probe) temperature. */
export const TEMPERATURE = quantity('temperature', '°C', [
  ['temperature_C', same],
  ['temperature_F', fahrenheitToCelsius],
  ['temperature_1_C', same],
  ['temperature_1_F', fahrenheitToCelsius],
]);
/**
 * Relative humidity, or a soil sensor's moisture: Kismet's moisture sensor class reads both keys,
 * humidity winning when a message carries the two.
 */
export const HUMIDITY = quantity('humidity or moisture', '%', [
  ['humidity', same],
  ['moisture', same],
]);
/** Direction the wind comes from. */
export const WIND_DIRECTION = quantity('wind direction', '°', [
  ['wind_dir_deg', same],
  ['winddirection', same],
  ['direction_deg', same],
  ['wind_direction', same],
]);
/** Average wind speed. */
export const WIND_SPEED = quantity('wind speed', 'km/h', [
  ['wind_avg_km_h', same],
  ['wind_avg_m_s', scale(KM_H_PER_M_S)],
  ['wind_avg_mi_h', scale(KM_PER_MILE)],
  ['wind_speed_km_h', same],
  ['wind_speed_m_s', scale(KM_H_PER_M_S)],
  ['windspeed', same],
  ['windstrength', same],
  ['speed', same],
]);
/** Gust (maximum) wind speed. */
export const WIND_GUST = quantity('wind gust', 'km/h', [
  ['wind_max_km_h', same],
  ['wind_max_m_s', scale(KM_H_PER_M_S)],
  ['wind_max_mi_h', scale(KM_PER_MILE)],
  ['gust_speed_km_h', same],
  ['gust_speed_m_s', scale(KM_H_PER_M_S)],
  ['gust', same],
]);
/** Rain total as the sensor counts it. */
export const RAIN = quantity('rain', 'mm', [
  ['rain_mm', same],
  ['rain_in', scale(MM_PER_INCH)],
  ['rain', same],
]);
/** A rain gauge's raw count (`rain_raw`), as some decoders print it beside or instead of the total. */
export const RAIN_RAW = quantity('rain (raw count)', '', [['rain_raw', same]]);
/** UV index. */
export const UV_INDEX = quantity('UV index', '', [
  ['uvi', same],
  ['uv_index', same],
  ['uv', same],
]);
/** Illuminance. */
export const LIGHT = quantity('light', 'lx', [
  ['light_lux', same],
  ['lux', same],
]);
/** Air pressure (weather stations). */
export const BAROMETRIC_PRESSURE = quantity('air pressure', 'hPa', [
  ['pressure_hPa', same],
  ['pressure_kPa', scale(10)],
  ['pressure_inHg', scale(33.86389)],
]);
/** Tyre pressure. */
export const PRESSURE = quantity('pressure', 'kPa', [
  ['pressure_kPa', same],
  ['pressure_bar', scale(100)],
  ['pressure_hPa', scale(0.1)],
  ['pressure_PSI', scale(KPA_PER_PSI)],
  ['pressure_psi', scale(KPA_PER_PSI)],
]);
/** Distance to a storm (lightning sensors). */
export const STORM_DISTANCE = quantity('storm distance', 'km', [
  ['storm_dist_km', same],
  ['storm_dist', same],
  ['storm_dist_mi', scale(KM_PER_MILE)],
]);

/** Fine particulate matter (PM2.5) an air quality sensor reports. */
export const PM2_5 = quantity('PM2.5', 'µg/m³', [['pm2_5_ug_m3', same]]);
/** Coarse particulate matter (PM10): estimated by some sensors (WH0290), measured by others (WH45). */
export const PM10 = quantity('PM10', 'µg/m³', [
  ['estimated_pm10_0_ug_m3', same],
  ['pm10_ug_m3', same],
]);

/** Lightning strikes counted by the sensor. */
export const STRIKE_COUNT = quantity('strike count', '', [['strike_count', same]]);
/** Whether a lightning sensor reports an active storm (1) or not (0). */
export const STORM_ACTIVE = quantity('storm active', '', [['active', same]]);
/** Radio interference level a lightning sensor reports. */
export const INTERFERENCE = quantity('radio interference', '', [['rfi', same]]);

/** Decimal places kept after a conversion: beyond every sensor's resolution, without float noise. */
const DECIMALS = 1e4;

/** A pressure in kPa in bar, to four decimals. */
export function barOfKpa(kpa: number): number {
  return Math.round((kpa / 100) * DECIMALS) / DECIMALS;
}

/** A pressure in kPa in PSI, to four decimals. */
export function psiOfKpa(kpa: number): number {
  return Math.round((kpa / KPA_PER_PSI) * DECIMALS) / DECIMALS;
}

/** The quantity's value in svc's unit, or undefined when the message does not carry it as a number. */
export function readQuantity(message: Record<string, unknown>, wanted: Quantity): number | undefined {
  for (const [key, convert] of wanted.keys) {
    const raw = message[key];
    if (typeof raw !== 'number' || !Number.isFinite(raw)) continue;
    return convert === same ? raw : Math.round(convert(raw) * DECIMALS) / DECIMALS;
  }
  return undefined;
}
