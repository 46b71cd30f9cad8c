/**
 * Interlogix (GE, UTC) security sensors: door contacts, motion and glass-break detectors
 * (rtl_433's `interlogix.c`, `Interlogix-Security`), whose five inputs rtl_433 reports as
 * `switch1` to `switch5`. Pulse-position coded (122 µs pulses, a 122 µs gap for 0 and 244 µs for
 * 1), one row: twelve sync zeros and a start 1, then the 24-bit serial (its top nibble the
 * device type) with each byte's bits reversed, the trigger count (left 0), the low-battery bit
 * and the latch and level bits of the inputs, the two check bits that make the parity of the
 * even and of the odd bits odd, and the closing bits.
 */
import { reverse8 } from '../checksums.js';
import { bitsOf, bitsOfBytes, pulsePosition } from '../line-codes.js';
import type { MessageLayout } from '../rtl433-json.js';
import type { Transmission } from '../transmission.js';

/** The device types rtl_433 names (the keyfob, which codes its buttons differently, is left out). */
const DEVICE_TYPES = { contact: 0xa, motion: 0x4, heat: 0x6, glass: 0x9 } as const;

/** An input's state as rtl_433 prints it. */
export type LatchState = 'OPEN' | 'CLOSED';

/** What an Interlogix sensor reports. */
export interface InterlogixReading {
  readonly type: keyof typeof DEVICE_TYPES;
  /** The 20-bit serial below the device type, 0 to 0xfffff. */
  readonly serial: number;
  readonly batteryOk: boolean;
  /** Inputs 1 to 5. */
  readonly switches: readonly [LatchState, LatchState, LatchState, LatchState, LatchState];
}

/** The row ends with the transmission (`end` is the recording's silence). */
const TIMING = { pulse: 122, zeroGap: 122, oneGap: 244, end: 0 };
const SYNC_ZEROS = 12;
/** The four bits after the check bits (rtl_433 reads none of them). */
const CLOSING = 0b0000;

/** The fields rtl_433 prints for an Interlogix-Security message. */
const INTERLOGIX_LAYOUT: MessageLayout = {
  model: 'string',
  subtype: 'string',
  id: 'string',
  battery_ok: 'int',
  switch1: 'string',
  switch2: 'string',
  switch3: 'string',
  switch4: 'string',
  switch5: 'string',
  raw_message: 'string',
};

/** The transmission of one Interlogix report. */
export function interlogix(reading: InterlogixReading): Transmission {
  if (reading.serial > 0xfffff) throw new RangeError(`Interlogix serial ${reading.serial} is more than 20 bits`);
  const id = (DEVICE_TYPES[reading.type] << 20) | reading.serial;
  const open = reading.switches.map((state) => state === 'OPEN');
  const status = [(reading.batteryOk ? 0 : 0x10) | (open[0] ? 0x04 : 0) | (open[1] ? 0x01 : 0), (open[2] ? 0x40 : 0) | (open[3] ? 0x10 : 0) | (open[4] ? 0x04 : 0)];
  const serial = [reverse8(id & 0xff), reverse8((id >> 8) & 0xff), reverse8(id >> 16)];
  let parity = [...serial, ...status].reduce((folded, byte) => folded ^ byte, 0);
  parity = (parity >> 4) ^ (parity & 0xf);
  parity = (parity >> 2) ^ (parity & 0x3);
  const check = parity ^ 0b11;
  const bits = [...bitsOf(0, SYNC_ZEROS), ...bitsOf(1, 1), ...bitsOfBytes([...serial, ...status]), ...bitsOf(check, 2), ...bitsOf(CLOSING, 4)];
  const rawMessage = [...status, (check << 6) | (CLOSING << 2)];
  return {
    layout: INTERLOGIX_LAYOUT,
    pulses: pulsePosition(bits, TIMING),
    message: {
      model: 'Interlogix-Security',
      subtype: reading.type,
      id: id.toString(16).padStart(6, '0'),
      battery_ok: reading.batteryOk ? 1 : 0,
      switch1: reading.switches[0],
      switch2: reading.switches[1],
      switch3: reading.switches[2],
      switch4: reading.switches[3],
      switch5: reading.switches[4],
      raw_message: rawMessage.map((byte) => byte.toString(16).padStart(2, '0')).join(''),
    },
  };
}
