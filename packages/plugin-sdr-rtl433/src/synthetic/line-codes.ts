/**
 * Line codes: how a sensor keys the bits of a message onto its carrier. An OOK sensor only
 * switches its carrier on and off, so a transmission is a list of pulses, each the carrier on
 * for a while and then off for a while; the code decides which durations mean 0 and 1. These
 * are the codes rtl_433's pulse slicers read (`pulse_slicer.c`): pulse position, pulse width
 * and Manchester, each with the timings a protocol module gives.
 */

/** A bit, most significant first wherever a list of them is a number. */
export type Bit = 0 | 1;

/** The carrier on for `on` µs, then off for `off` µs. */
export interface Pulse {
  readonly on: number;
  readonly off: number;
}

/** The `width` low bits of `value`, most significant first: for packing a message field by field. */
export function bitsOf(value: number, width: number): Bit[] {
  if (!Number.isInteger(value) || value < 0 || value >= 2 ** width) throw new RangeError(`${value} does not fit in ${width} bits`);
  return Array.from({ length: width }, (_, index) => ((Math.floor(value / 2 ** (width - 1 - index)) & 1) as Bit));
}

/** The bits of whole bytes, most significant first. */
export function bitsOfBytes(bytes: readonly number[]): Bit[] {
  return bytes.flatMap((byte) => bitsOf(byte, 8));
}

/**
 * Pulse-position code (rtl_433's `OOK_PULSE_PPM`): every pulse has the same width and the gap
 * after it is the bit. The pulse after the last bit ends the row; its gap is `end`.
 */
export function pulsePosition(bits: readonly Bit[], timing: { pulse: number; zeroGap: number; oneGap: number; end: number }): Pulse[] {
  return [...bits.map((bit) => ({ on: timing.pulse, off: bit ? timing.oneGap : timing.zeroGap })), { on: timing.pulse, off: timing.end }];
}

/** Pulse-width code (rtl_433's `OOK_PULSE_PWM`): the pulse's width is the bit; each bit is its own fixed pulse and gap. */
export function pulseWidth(bits: readonly Bit[], timing: { zero: Pulse; one: Pulse }): Pulse[] {
  return bits.map((bit) => (bit ? timing.one : timing.zero));
}

/**
 * Manchester code as rtl_433's `OOK_PULSE_MANCHESTER_ZEROBIT` reads it: each bit is two halves
 * of `half` µs, a 1 falling in its middle (on, then off) and a 0 rising (off, then on). The
 * slicer takes the first rising edge for a 0, so the first bit must be 0; its leading off half
 * is the silence before the transmission.
 */
export function manchester(bits: readonly Bit[], half: number): Pulse[] {
  if (bits[0] !== 0) throw new RangeError('a zero-bit Manchester transmission starts with a 0');
  const halves = bits.flatMap((bit) => (bit ? [true, false] : [false, true])).slice(1);
  const pulses: Pulse[] = [];
  let on = 0;
  let off = 0;
  for (const level of halves) {
    if (level && off > 0) {
      pulses.push({ on, off });
      on = 0;
      off = 0;
    }
    if (level) on += half;
    else off += half;
  }
  pulses.push({ on, off: 0 });
  return pulses;
}
