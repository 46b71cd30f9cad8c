/**
 * Nexus-TH, a thermometer with humidity (rtl_433's `nexus.c`): 36 bits in nine nibbles, id (8),
 * battery, a zero, channel (2), temperature in tenths of a degree Celsius (12, signed), the
 * constant 1111 and humidity (8), pulse-position coded (500 µs pulses, a 1000 µs gap for 0 and
 * 2000 µs for 1), each row closed by a pulse and a 4000 µs gap. The sensor sends its row 12
 * times; rtl_433 needs three alike, so fewer keep a recording small.
 */
import { bitsOf, pulsePosition } from '../line-codes.js';
import type { MessageLayout } from '../rtl433-json.js';
import { repeatRows, steps, type Transmission } from '../transmission.js';

/** What a Nexus-TH reports. */
export interface NexusThReading {
  /** House code, 1 to 255 (it changes when the battery is changed). */
  readonly id: number;
  /** 1 to 3. */
  readonly channel: number;
  readonly batteryOk: boolean;
  /** -204.8 to 204.7 °C in 0.1 steps. */
  readonly temperatureC: number;
  /** 1 to 100 % (a Nexus without a hygrometer sends 0, and rtl_433 names it Nexus-T). */
  readonly humidity: number;
  /** Rows sent, 3 or more (the sensor sends 12). */
  readonly rows?: number;
}

const TIMING = { pulse: 500, zeroGap: 1000, oneGap: 2000, end: 4000 };

/** The fields rtl_433 prints for a Nexus-TH message. */
const NEXUS_TH_LAYOUT: MessageLayout = { model: 'string', id: 'int', channel: 'int', battery_ok: 'int', temperature_C: 'double', humidity: 'int' };

/** The transmission of one Nexus-TH reading. */
export function nexusTh(reading: NexusThReading): Transmission {
  if (reading.humidity < 1 || reading.humidity > 100) throw new RangeError(`Nexus-TH humidity ${reading.humidity} is outside 1 to 100`);
  if (reading.channel < 1 || reading.channel > 3) throw new RangeError(`Nexus-TH channel ${reading.channel} is outside 1 to 3`);
  const tenths = steps(reading.temperatureC, 0.1, 0, 'Nexus-TH temperature');
  const bits = [
    ...bitsOf(reading.id, 8),
    ...bitsOf(reading.batteryOk ? 1 : 0, 1),
    ...bitsOf(0, 1),
    ...bitsOf(reading.channel - 1, 2),
    ...bitsOf(tenths & 0xfff, 12),
    ...bitsOf(0xf, 4),
    ...bitsOf(reading.humidity, 8),
  ];
  return {
    layout: NEXUS_TH_LAYOUT,
    pulses: repeatRows(pulsePosition(bits, TIMING), reading.rows ?? 3),
    message: {
      model: 'Nexus-TH',
      id: reading.id,
      channel: reading.channel,
      battery_ok: reading.batteryOk ? 1 : 0,
      temperature_C: reading.temperatureC,
      humidity: reading.humidity,
    },
  };
}
