/**
 * Timestamps in request paths (`/last-time/<ts>/...`): a positive number is absolute Unix
 * seconds (a fraction carries microseconds, `1700000000.123456`); a negative number is that many
 * seconds before now (spec 4.1).
 */
import { SvcError } from '../errors.js';

let lastNow = 0;

/**
 * Current time as Unix seconds with a fraction, strictly increasing within the process (by a
 * microsecond when the millisecond clock has not moved), so "newer than T" queries never drop
 * a record made in the same millisecond as T. A clock stepped back by more than a second is
 * followed rather than waited out.
 */
export function nowSeconds(): number {
  const now = Date.now() / 1000;
  lastNow = now > lastNow || now < lastNow - 1 ? now : lastNow + 0.000001;
  return lastNow;
}

/** Splits Unix seconds into whole seconds and microseconds. */
export function splitSeconds(seconds: number): { sec: number; usec: number } {
  const sec = Math.floor(seconds);
  return { sec, usec: Math.min(999_999, Math.round((seconds - sec) * 1e6)) };
}

/** Parses an absolute or negative-relative timestamp into absolute Unix seconds. */
export function parseTimestamp(raw: string, now = nowSeconds()): number {
  const value = /^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isFinite(value)) {
    throw new SvcError(
      'SVC_ERR_BAD_TIMESTAMP',
      `'${raw}' is not a timestamp: use Unix seconds (1700000000 or 1700000000.5) or a negative number of seconds before now (-60)`,
    );
  }
  return value < 0 ? now + value : value;
}
