/**
 * What MQTT out must publish for one rtl_433 message, worked out here by hand from rtl_433's
 * keys: per reading class (the topic level and Home Assistant entity), the value in svc's unit
 * (a converted value to four decimals, as svc keeps it), the unit and the Home Assistant device
 * class. A tyre sensor's pressure is the tyre's, in kPa; a weather station's the air's, in hPa.
 * Shared by the MQTT out and Home Assistant tests; not part of the package's exports.
 */
import type { ReferenceMessage } from '@svc/plugin-sdr-rtl433/testing';

/** One published reading: value, unit, Home Assistant device class. */
export type ExpectedReading = [value: number, unit: string, deviceClass: string | undefined];

const KPA_PER_PSI = 6.894757293168;
const converted = (value: number) => Math.round(value * 1e4) / 1e4;

/** Reading class -> what is published for it, for the readings `message` carries. */
export function expectedEntityReadings(message: ReferenceMessage): Record<string, ExpectedReading> {
  const out: Record<string, ExpectedReading> = {};
  if (message.temperature_C !== undefined) out.temperature = [message.temperature_C, '°C', 'temperature'];
  else if (message.temperature_F !== undefined) out.temperature = [converted(((message.temperature_F - 32) * 5) / 9), '°C', 'temperature'];
  if (message.humidity !== undefined) out.humidity = [message.humidity, '%', 'humidity'];
  if (message.battery_ok !== undefined) out.battery = [Math.round(message.battery_ok * 100), '%', 'battery'];
  if (message.type === 'TPMS') {
    if (message.pressure_kPa !== undefined) out.pressure = [message.pressure_kPa, 'kPa', 'pressure'];
    else if (message.pressure_PSI !== undefined) out.pressure = [converted(message.pressure_PSI * KPA_PER_PSI), 'kPa', 'pressure'];
  } else if (message.pressure_hPa !== undefined) out.pressure = [message.pressure_hPa, 'hPa', 'pressure'];
  if (message.wind_avg_km_h !== undefined) out.wind_speed = [message.wind_avg_km_h, 'km/h', 'wind_speed'];
  else if (message.wind_avg_m_s !== undefined) out.wind_speed = [converted(message.wind_avg_m_s * 3.6), 'km/h', 'wind_speed'];
  if (message.wind_max_km_h !== undefined) out.wind_gust = [message.wind_max_km_h, 'km/h', 'wind_speed'];
  else if (message.wind_max_m_s !== undefined) out.wind_gust = [converted(message.wind_max_m_s * 3.6), 'km/h', 'wind_speed'];
  if (message.wind_dir_deg !== undefined) out.wind_direction = [message.wind_dir_deg, '°', undefined];
  if (message.rain_mm !== undefined) out.rain = [message.rain_mm, 'mm', 'precipitation'];
  else if (message.rain_in !== undefined) out.rain = [converted(message.rain_in * 25.4), 'mm', 'precipitation'];
  return out;
}
