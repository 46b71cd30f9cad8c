/**
 * Mode S frames written in the two output formats of dump1090 that other tools read: an AVR
 * line (`*<hex>;` and a newline, as on dump1090's port 30002) and a Beast message (0x1A, the
 * type `2` or `3` for a 7- or 14-byte frame, a 48-bit 12 MHz clock, a signal byte and the frame,
 * with every 0x1A after the first doubled, as on port 30005). svc forwards the frames it
 * receives in both (`/phy/ADSB/raw`, `/phy/ADSB/beast`); `AvrStream` and `BeastStream` read
 * them back.
 */

const ESCAPE = 0x1a;
/** Type byte of a Beast Mode S message, by frame length. */
const BEAST_TYPE: Readonly<Record<number, number>> = { 7: 0x32, 14: 0x33 };
/** Ticks of the Beast clock per microsecond (12 MHz). */
const TICKS_PER_MICROSECOND = 12n;
const CLOCK_MODULUS = 1n << 48n;

/** The AVR line of a frame: `*`, lowercase hex, `;`, newline (dump1090's raw output). */
export function avrLine(frame: Uint8Array): string {
  return `*${Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength).toString('hex')};\n`;
}

/** The Beast clock of a moment: 12 MHz ticks since the Unix epoch, kept to 48 bits. */
export function beastClock(tsSec: number, tsUsec: number): number {
  return Number(((BigInt(tsSec) * 1_000_000n + BigInt(tsUsec)) * TICKS_PER_MICROSECOND) % CLOCK_MODULUS);
}

/**
 * The Beast message of a 7- or 14-byte frame at `clock` (48 bits) with signal byte `signal`
 * (0 when unknown, as dump1090 writes for frames it did not demodulate).
 */
export function beastMessage(frame: Uint8Array, clock: number, signal: number): Buffer {
  const type = BEAST_TYPE[frame.length];
  if (type === undefined) throw new RangeError(`a Mode S frame has 7 or 14 bytes, not ${frame.length}`);
  const body = Buffer.alloc(7 + frame.length);
  body.writeUIntBE(clock, 0, 6);
  body[6] = signal;
  body.set(frame, 7);
  const escapes = body.reduce((count, byte) => count + (byte === ESCAPE ? 1 : 0), 0);
  const message = Buffer.alloc(2 + body.length + escapes);
  message[0] = ESCAPE;
  message[1] = type;
  let at = 2;
  for (const byte of body) {
    message[at++] = byte;
    if (byte === ESCAPE) message[at++] = ESCAPE;
  }
  return message;
}
