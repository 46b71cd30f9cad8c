/**
 * The value encodings of ASTM F3411 messages, each with its "unknown" value: latitudes and
 * longitudes in 1e-7 degrees, altitudes and heights in half metres above -1000 m, horizontal
 * speed in quarter metres (or three-quarter metres above 63.75 m/s), vertical speed in half metres,
 * timestamps in seconds since 2019-01-01 or tenths of seconds after the hour.
 */

/** Unix time of 2019-01-01 00:00:00 UTC, the epoch of Remote ID timestamps. */
export const ODID_EPOCH_UNIX = 1_546_300_800;

/** A latitude or longitude in 1e-7 degrees; 0 (with the other one 0 too) is "unknown", which the caller decides. */
export function degrees(raw: number): number {
  return raw / 1e7;
}

/** An altitude or height: half metres above -1000 m; 0 is unknown. */
export function altitude(raw: number): number | undefined {
  return raw === 0 ? undefined : raw / 2 - 1000;
}

/** Horizontal speed: 0.25 m/s steps, or 0.75 m/s steps above 63.75 m/s with the multiplier flag; 255 with the flag is unknown. */
export function horizontalSpeed(raw: number, multiplier: boolean): number | undefined {
  if (!multiplier) return raw * 0.25;
  return raw === 255 ? undefined : raw * 0.75 + 255 * 0.25;
}

/** Vertical speed: signed, 0.5 m/s steps; 63 m/s is unknown. */
export function verticalSpeed(raw: number): number | undefined {
  const speed = ((raw << 24) >> 24) * 0.5;
  return speed === 63 ? undefined : speed;
}

/** Track direction: 0-179 plus 180 when the east-west segment flag is set; 361 is unknown. */
export function direction(raw: number, westSegment: boolean): number | 'unknown' | 'invalid' {
  const value = raw + (westSegment ? 180 : 0);
  if (value === 361) return 'unknown';
  return value > 360 ? 'invalid' : value;
}

/** Location timestamp: tenths of a second after the hour; 0xFFFF is unknown. */
export function secondsAfterHour(raw: number): number | undefined {
  return raw === 0xffff ? undefined : raw / 10;
}

/** A timestamp in seconds since 2019-01-01 as Unix seconds; 0 is unknown. */
export function unixTime(raw: number): number | undefined {
  return raw === 0 ? undefined : raw + ODID_EPOCH_UNIX;
}
