/**
 * Springfield PreciseTemp soil probe (rtl_433's `springfield.c`, `Springfield-Soil`): 36 bits in
 * nine nibbles, id (8), battery low, button, channel (2), temperature in tenths of a degree
 * Celsius (12, signed), moisture level 0 to 10, a check nibble that makes the xor of the first
 * eight nibbles zero, and a nibble rtl_433 ignores; pulse-position coded (500 µs pulses, a
 * 2000 µs gap for 0 and 4000 µs for 1), each row closed by a pulse and an 8000 µs gap. It is the
 * sensor behind the `moisture` key of Kismet's moisture sensor class. A few rows keep it clear of
 * AlectoV1, whose timing it shares and which needs six.
 */
import { bitsOf, pulsePosition } from '../line-codes.js';
import type { MessageLayout } from '../rtl433-json.js';
import { repeatRows, steps, type Transmission } from '../transmission.js';

/** What a Springfield soil probe reports. */
export interface SpringfieldSoilReading {
  /** 0 to 255, drawn when the probe starts. */
  readonly id: number;
  /** 1 to 4. */
  readonly channel: number;
  readonly batteryOk: boolean;
  /** -30.0 to 70.0 °C in 0.1 steps (rtl_433 refuses readings outside). */
  readonly temperatureC: number;
  /** 0 to 100 % in steps of 10. */
  readonly moisture: number;
}

const TIMING = { pulse: 500, zeroGap: 2000, oneGap: 4000, end: 8000 };
const ROWS = 3;

/** The fields rtl_433 prints for a Springfield-Soil message. */
const SPRINGFIELD_SOIL_LAYOUT: MessageLayout = {
  model: 'string',
  id: 'int',
  channel: 'int',
  battery_ok: 'int',
  transmit: 'string',
  temperature_C: 'double',
  moisture: 'int',
  button: 'int',
  mic: 'string',
};

/** The transmission of one Springfield soil reading (sent on its timer, not by its button). */
export function springfieldSoil(reading: SpringfieldSoilReading): Transmission {
  if (reading.channel < 1 || reading.channel > 4) throw new RangeError(`Springfield-Soil channel ${reading.channel} is outside 1 to 4`);
  if (reading.temperatureC < -30 || reading.temperatureC > 70) throw new RangeError(`Springfield-Soil temperature ${reading.temperatureC} is outside -30 to 70`);
  const tenths = steps(reading.temperatureC, 0.1, 0, 'Springfield-Soil temperature');
  const level = steps(reading.moisture, 10, 0, 'Springfield-Soil moisture');
  if (level < 0 || level > 10) throw new RangeError(`Springfield-Soil moisture ${reading.moisture} is outside 0 to 100`);
  const nibbles = [reading.id >> 4, reading.id & 0xf, ((reading.batteryOk ? 0 : 1) << 3) | (reading.channel - 1), (tenths >> 8) & 0xf, (tenths >> 4) & 0xf, tenths & 0xf, level];
  const check = nibbles.reduce((xor, nibble) => xor ^ nibble, 0);
  const bits = [...nibbles, check, 0].flatMap((nibble) => bitsOf(nibble, 4));
  return {
    layout: SPRINGFIELD_SOIL_LAYOUT,
    pulses: repeatRows(pulsePosition(bits, TIMING), ROWS),
    message: {
      model: 'Springfield-Soil',
      id: reading.id,
      channel: reading.channel,
      battery_ok: reading.batteryOk ? 1 : 0,
      transmit: 'AUTO',
      temperature_C: reading.temperatureC,
      moisture: reading.moisture,
      button: 0,
      mic: 'CHECKSUM',
    },
  };
}
