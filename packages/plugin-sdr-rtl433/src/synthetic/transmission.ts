/**
 * A transmission is one message on the air as a protocol module makes it: the pulses a sensor
 * keys, and the message rtl_433 prints when it decodes them. The second half is the
 * generator's ground truth: what a recording of the pulses must decode to.
 */
import type { Pulse } from './line-codes.js';
import type { DecodedMessage, MessageLayout } from './rtl433-json.js';

/** One message on the air and what rtl_433 decodes from it. */
export interface Transmission {
  /** The pulses; the recording puts its silence in place of the last one's gap. */
  readonly pulses: readonly Pulse[];
  readonly message: DecodedMessage;
  /** How the model's decoder declares the message's fields. */
  readonly layout: MessageLayout;
}

/** `rows` copies of one row of pulses, back to back: sensors repeat a message so a receiver catches one. */
export function repeatRows(row: readonly Pulse[], rows: number): Pulse[] {
  return Array.from({ length: rows }, () => row).flat();
}

/**
 * Checks that `value` is exactly a whole number of `step`s from `offset` (to 1e-9) and gives
 * that number: a reading the protocol cannot carry is refused, so what a recording holds is
 * always what its ground truth says.
 */
export function steps(value: number, step: number, offset: number, what: string): number {
  const count = Math.round((value - offset) / step);
  if (Math.abs(count * step + offset - value) > 1e-9) throw new RangeError(`${what} ${value} is not a multiple of ${step} from ${offset}`);
  return count;
}
