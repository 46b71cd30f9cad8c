/**
 * Fine Offset WH1080, a weather station's outdoor unit (rtl_433's `fineoffset_wh1080.c`,
 * `Fineoffset-WHx080`): 88 bits, pulse-width coded (a 544 µs pulse for 1, 1524 µs for 0, each
 * followed by 1036 µs off), sent once: the preamble byte 0xff, the message type 0xa and the id,
 * temperature (0.1 °C steps from -40 °C, 10 bits), humidity, average and gust wind speed (0.34 m/s
 * steps), rain total (0.3 mm steps, 12 bits), the battery flag with the wind direction (16
 * points), and a CRC-8 (polynomial 0x31) over the ten bytes after the preamble.
 */
import { crc8 } from '../checksums.js';
import { bitsOfBytes, pulseWidth } from '../line-codes.js';
import type { MessageLayout } from '../rtl433-json.js';
import { steps, type Transmission } from '../transmission.js';

/** What a WH1080 reports. */
export interface Wh1080Reading {
  /** Station id, 0 to 255. */
  readonly id: number;
  readonly batteryOk: boolean;
  /** -40.0 to 62.3 °C in 0.1 steps. */
  readonly temperatureC: number;
  /** 0 to 255 %. */
  readonly humidity: number;
  /** A point of the 16-point compass rose as rtl_433 rounds it: 0, 23, 45, 68, 90, ... 338. */
  readonly windDirDeg: number;
  /** Average and gust wind speed, whole multiples of 1.224 km/h (0.34 m/s), up to 312.12 km/h. */
  readonly windAvgKmH: number;
  readonly windMaxKmH: number;
  /** Rain total, whole multiples of 0.3 mm up to 1228.5 mm. */
  readonly rainMm: number;
}

/** Wind directions rtl_433 reports for the 16 codes. */
const WIND_DIRECTIONS = [0, 23, 45, 68, 90, 113, 135, 158, 180, 203, 225, 248, 270, 293, 315, 338];
const WIND_STEP_KM_H = 0.34 * 3.6;
const TIMING = { one: { on: 544, off: 1036 }, zero: { on: 1524, off: 1036 } };

/** The fields rtl_433 prints for a Fineoffset-WHx080 weather message. */
const WH1080_LAYOUT: MessageLayout = {
  model: 'string',
  subtype: 'int',
  id: 'int',
  battery_ok: 'int',
  temperature_C: 'double',
  humidity: 'int',
  wind_dir_deg: 'int',
  wind_avg_km_h: 'double',
  wind_max_km_h: 'double',
  rain_mm: 'double',
  mic: 'string',
};

/** The transmission of one WH1080 weather report. */
export function fineoffsetWh1080(reading: Wh1080Reading): Transmission {
  const direction = WIND_DIRECTIONS.indexOf(reading.windDirDeg);
  if (direction < 0) throw new RangeError(`WH1080 wind direction ${reading.windDirDeg} is none of ${WIND_DIRECTIONS.join(', ')}`);
  const temperature = steps(reading.temperatureC, 0.1, -40, 'WH1080 temperature');
  const average = steps(reading.windAvgKmH, WIND_STEP_KM_H, 0, 'WH1080 average wind');
  const gust = steps(reading.windMaxKmH, WIND_STEP_KM_H, 0, 'WH1080 gust');
  const rain = steps(reading.rainMm, 0.3, 0, 'WH1080 rain');
  if (temperature < 0 || temperature > 0x3ff || rain > 0xfff || average > 0xff || gust > 0xff || reading.humidity > 0xff) {
    throw new RangeError(`WH1080 reading out of range: ${JSON.stringify(reading)}`);
  }
  const payload = [
    0xa0 | (reading.id >> 4),
    ((reading.id & 0xf) << 4) | (temperature >> 8),
    temperature & 0xff,
    reading.humidity,
    average,
    gust,
    rain >> 8,
    rain & 0xff,
    ((reading.batteryOk ? 0 : 1) << 4) | direction,
  ];
  return {
    layout: WH1080_LAYOUT,
    pulses: pulseWidth(bitsOfBytes([0xff, ...payload, crc8(payload, 0x31, 0)]), TIMING),
    message: {
      model: 'Fineoffset-WHx080',
      subtype: 0,
      id: reading.id,
      battery_ok: reading.batteryOk ? 1 : 0,
      temperature_C: reading.temperatureC,
      humidity: reading.humidity,
      wind_dir_deg: reading.windDirDeg,
      wind_avg_km_h: reading.windAvgKmH,
      wind_max_km_h: reading.windMaxKmH,
      rain_mm: reading.rainMm,
      mic: 'CRC',
    },
  };
}
