/**
 * Writing NMEA-0183 as a receiver does (shared/data/serial/README.md section 3): the sentence
 * frame with its checksum, and the fields whose format the reader has to undo: coordinates as
 * `ddmm.mmmm` with a hemisphere letter, time of day as `hhmmss.ss`, the date as `ddmmyy`. A
 * coordinate is rounded once, in whole units of its last minute digit, and the writer returns
 * the degrees of that text, so the ground truth records what the stream says, not the track.
 */

/** The XOR of every character of a sentence body (between `$` and `*`), as two upper-case hex digits. */
export function nmeaChecksum(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum ^= body.charCodeAt(i);
  return sum.toString(16).toUpperCase().padStart(2, '0');
}

/** One sentence as a receiver sends it, without the line end: `$` tag, fields, `*` checksum. */
export function nmeaSentence(tag: string, fields: readonly string[]): string {
  const body = [tag, ...fields].join(',');
  return `$${body}*${nmeaChecksum(body)}`;
}

/** A coordinate as written: the two NMEA fields and the decimal degrees they stand for. */
export interface NmeaCoordinateText {
  /** `ddmm.mmmmm` (latitude) or `dddmm.mmmmm` (longitude). */
  readonly value: string;
  /** `N`/`S` or `E`/`W`. */
  readonly hemisphere: string;
  /** Signed decimal degrees of exactly what `value` says. */
  readonly degrees: number;
}

/**
 * Writes decimal degrees as NMEA with `decimals` digits of minutes (receivers use 4 or 5): the
 * one place a position is rounded, which is why it returns the degrees it actually wrote.
 */
export function nmeaCoordinate(degrees: number, axis: 'lat' | 'lon', decimals: number): NmeaCoordinateText {
  const scale = 10 ** decimals;
  const units = Math.round(Math.abs(degrees) * 60 * scale);
  const whole = Math.floor(units / (60 * scale));
  const minuteUnits = units - whole * 60 * scale;
  const minutes = `${Math.floor(minuteUnits / scale)}`.padStart(2, '0');
  const fraction = `${minuteUnits % scale}`.padStart(decimals, '0');
  const negative = degrees < 0 && units > 0;
  return {
    value: `${`${whole}`.padStart(axis === 'lat' ? 2 : 3, '0')}${minutes}.${fraction}`,
    hemisphere: axis === 'lat' ? (negative ? 'S' : 'N') : negative ? 'W' : 'E',
    degrees: (negative ? -1 : 1) * (whole + minuteUnits / scale / 60),
  };
}

/** Time of day of a UTC instant (ms) as `hhmmss` plus `decimals` digits of seconds. */
export function nmeaTimeOfDay(ms: number, decimals: number): string {
  const date = new Date(ms);
  const two = (n: number) => `${n}`.padStart(2, '0');
  const fraction = decimals ? `.${`${date.getUTCMilliseconds()}`.padStart(3, '0').slice(0, decimals).padEnd(decimals, '0')}` : '';
  return `${two(date.getUTCHours())}${two(date.getUTCMinutes())}${two(date.getUTCSeconds())}${fraction}`;
}

/** The UTC date of an instant (ms) as RMC writes it: `ddmmyy`. */
export function nmeaDate(ms: number): string {
  const [day, month, year] = nmeaDateFields(ms);
  return `${day}${month}${year.slice(2)}`;
}

/** The UTC date of an instant (ms) as ZDA's three fields: `dd`, `mm`, `yyyy`. */
export function nmeaDateFields(ms: number): [string, string, string] {
  const date = new Date(ms);
  const two = (n: number) => `${n}`.padStart(2, '0');
  return [two(date.getUTCDate()), two(date.getUTCMonth() + 1), `${date.getUTCFullYear()}`];
}
