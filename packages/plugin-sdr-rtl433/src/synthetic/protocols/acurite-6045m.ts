/**
 * Acurite 6045M, a lightning detector with a thermometer (rtl_433's `acurite.c`,
 * `Acurite-6045M`): four sync pulses (620 µs on, 596 µs off), then 72 bits pulse-width coded as
 * the Acurite tower sensors send them (408 µs on and 204 µs off for 1, 220 µs on and 392 µs off
 * for 0): channel and 14-bit id, the battery bit with message type 0x2f, humidity, the active
 * bit with the temperature in tenths of a °F from -148 °F (12 bits), the strike count (8 bits,
 * its lowest bit beside the RFI bit and the storm distance), each of those bytes with an even
 * parity bit on top, and the sum of the eight bytes. rtl_433 decodes every row it gets, so one
 * row is sent.
 */
import { byteSum, oddParity } from '../checksums.js';
import { bitsOfBytes, pulseWidth, type Pulse } from '../line-codes.js';
import type { MessageLayout } from '../rtl433-json.js';
import { steps, type Transmission } from '../transmission.js';

/** What a 6045M reports. */
export interface Acurite6045mReading {
  /** 0 to 16383. */
  readonly id: number;
  readonly channel: 'A' | 'B' | 'C';
  readonly batteryOk: boolean;
  /** -40.0 to 158.0 °F in 0.1 steps (the sensor's range, which rtl_433 checks). */
  readonly temperatureF: number;
  /** 0 to 100 %. */
  readonly humidity: number;
  /** Strikes counted, 0 to 255 (it wraps). */
  readonly strikeCount: number;
  /** Distance to the storm's edge as the sensor estimates it, 0 to 31. */
  readonly stormDist: number;
  /** Whether the sensor is listening actively (a storm is near). */
  readonly active: boolean;
  /** Whether it hears radio interference. */
  readonly rfi: boolean;
}

const CHANNEL_BITS = { A: 0b11, B: 0b10, C: 0b00 } as const;
const MESSAGE_TYPE = 0x2f;
const SYNC: Pulse = { on: 620, off: 596 };
const TIMING = { one: { on: 408, off: 204 }, zero: { on: 220, off: 392 } };

/** `low7` with bit 7 set when that makes the byte's parity even. */
const withParity = (low7: number) => (oddParity(low7) << 7) | low7;

/** The fields rtl_433 prints for an Acurite-6045M message. */
const ACURITE_6045M_LAYOUT: MessageLayout = {
  model: 'string',
  id: 'int',
  channel: 'string',
  battery_ok: 'int',
  temperature_F: 'double',
  humidity: 'int',
  strike_count: 'int',
  storm_dist: 'int',
  active: 'int',
  rfi: 'int',
  exception: 'int',
  raw_msg: 'string',
};

/** The transmission of one 6045M report. */
export function acurite6045m(reading: Acurite6045mReading): Transmission {
  const temperature = steps(reading.temperatureF, 0.1, -148, 'Acurite-6045M temperature');
  if (reading.temperatureF < -40 || reading.temperatureF > 158) throw new RangeError(`Acurite-6045M temperature ${reading.temperatureF} °F is outside -40 to 158`);
  if (reading.id > 0x3fff || reading.humidity > 100 || reading.strikeCount > 0xff || reading.stormDist > 0x1f) {
    throw new RangeError(`Acurite-6045M reading out of range: ${JSON.stringify(reading)}`);
  }
  const data = [
    (CHANNEL_BITS[reading.channel] << 6) | (reading.id >> 8),
    reading.id & 0xff,
    withParity(((reading.batteryOk ? 1 : 0) << 6) | MESSAGE_TYPE),
    withParity(reading.humidity),
    withParity(((reading.active ? 1 : 0) << 6) | (temperature >> 7)),
    withParity(temperature & 0x7f),
    withParity(reading.strikeCount >> 1),
    withParity(((reading.strikeCount & 1) << 6) | ((reading.rfi ? 1 : 0) << 5) | reading.stormDist),
  ];
  const bytes = [...data, byteSum(data)];
  return {
    layout: ACURITE_6045M_LAYOUT,
    pulses: [SYNC, SYNC, SYNC, SYNC, ...pulseWidth(bitsOfBytes(bytes), TIMING)],
    message: {
      model: 'Acurite-6045M',
      id: reading.id,
      channel: reading.channel,
      battery_ok: reading.batteryOk ? 1 : 0,
      temperature_F: reading.temperatureF,
      humidity: reading.humidity,
      strike_count: reading.strikeCount,
      storm_dist: reading.stormDist,
      active: reading.active ? 1 : 0,
      rfi: reading.rfi ? 1 : 0,
      exception: 0,
      raw_msg: bytes.map((byte) => byte.toString(16).padStart(2, '0')).join(''),
    },
  };
}
