/**
 * Schrader, a tyre pressure sensor (rtl_433's `schraeder.c`, `Schrader`): 68 bits Manchester
 * coded with 120 µs halves, sent once: a sync nibble 0111, the preamble nibble 1111, flags (8),
 * id (28), pressure in 2.5 kPa steps, temperature in °C from -50, and a CRC-8 (polynomial 0x07,
 * start 0xf0) over the seven bytes before it.
 */
import { crc8 } from '../checksums.js';
import { bitsOf, bitsOfBytes, manchester } from '../line-codes.js';
import type { MessageLayout } from '../rtl433-json.js';
import { steps, type Transmission } from '../transmission.js';

/** What a Schrader sensor reports. */
export interface SchraderReading {
  /** 28-bit id, as rtl_433 prints it: seven hex digits. */
  readonly id: number;
  /** 0 to 255. */
  readonly flags: number;
  /** 0 to 637.5 kPa in 2.5 steps. */
  readonly pressureKpa: number;
  /** -50 to 205 °C, whole degrees. */
  readonly temperatureC: number;
}

const SYNC = 0b0111;
const PREAMBLE = 0xf;
const HALF_BIT = 120;

/** The fields rtl_433 prints for a Schrader message. */
const SCHRADER_LAYOUT: MessageLayout = { model: 'string', type: 'string', flags: 'string', id: 'string', pressure_kPa: 'double', temperature_C: 'double', mic: 'string' };

/** The transmission of one Schrader report. */
export function schraderTpms(reading: SchraderReading): Transmission {
  const pressure = steps(reading.pressureKpa, 2.5, 0, 'Schrader pressure');
  const temperature = steps(reading.temperatureC, 1, -50, 'Schrader temperature');
  if (reading.id > 0xfffffff || reading.flags > 0xff || pressure > 0xff || temperature < 0 || temperature > 0xff) {
    throw new RangeError(`Schrader reading out of range: ${JSON.stringify(reading)}`);
  }
  const data = [
    (PREAMBLE << 4) | (reading.flags >> 4),
    ((reading.flags & 0xf) << 4) | (reading.id >>> 24),
    (reading.id >>> 16) & 0xff,
    (reading.id >>> 8) & 0xff,
    reading.id & 0xff,
    pressure,
    temperature,
  ];
  return {
    layout: SCHRADER_LAYOUT,
    pulses: manchester([...bitsOf(SYNC, 4), ...bitsOfBytes([...data, crc8(data, 0x07, 0xf0)])], HALF_BIT),
    message: {
      model: 'Schrader',
      type: 'TPMS',
      flags: reading.flags.toString(16).padStart(2, '0'),
      id: reading.id.toString(16).toUpperCase().padStart(7, '0'),
      pressure_kPa: reading.pressureKpa,
      temperature_C: reading.temperatureC,
      mic: 'CRC',
    },
  };
}
