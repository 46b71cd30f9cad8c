/**
 * Alert rate strings and throttling, after Kismet's alert tracker: a rate is `N/unit` with unit
 * `sec|second|min|minute|hr|hour|day` (a bare `N` means per minute). An alert may be sent while
 * both its burst budget (per burst unit) and its overall budget (per limit unit) last; a rate
 * of 0 silences it.
 */
import { SvcError } from '../errors.js';

/** Time units of a rate, with their length in seconds. */
export const RATE_UNITS = { sec: 1, min: 60, hour: 3600, day: 86400 } as const;

/** One of the rate units. */
export type RateUnit = keyof typeof RATE_UNITS;

/** A parsed rate: `count` per `unit`. */
export interface Rate {
  readonly count: number;
  readonly unit: RateUnit;
}

const UNIT_NAMES: Record<string, RateUnit> = {
  sec: 'sec',
  second: 'sec',
  min: 'min',
  minute: 'min',
  hr: 'hour',
  hour: 'hour',
  day: 'day',
};

/** Parses `N/unit` or `N`; anything else is a 400 naming the value. */
export function parseRate(raw: string, what = 'rate'): Rate {
  const match = /^\s*(\d+)\s*(?:\/\s*([a-z]+)\s*)?$/i.exec(raw);
  const unit = match ? (match[2] === undefined ? 'min' : UNIT_NAMES[match[2].toLowerCase()]) : undefined;
  if (!match || unit === undefined) {
    throw new SvcError('SVC_ERR_BAD_RATE', `${what} '${raw}' is not a rate: use N/sec, N/min, N/hour or N/day (a bare N is per minute)`);
  }
  return { count: Number(match[1]), unit };
}

/** Formats a rate back to its canonical string. */
export function formatRate(rate: Rate): string {
  return `${rate.count}/${rate.unit}`;
}

/** Per-alert throttle state: how many were sent in the current windows. */
export class Throttle {
  #lastSent = Number.NEGATIVE_INFINITY;
  #burstSent = 0;
  #totalSent = 0;

  constructor(
    public limit: Rate,
    public burst: Rate,
  ) {}

  /** Alerts sent in the current burst window. */
  get burstSent(): number {
    return this.#burstSent;
  }

  /** Alerts sent in the current limit window. */
  get totalSent(): number {
    return this.#totalSent;
  }

  /** Unix seconds of the last alert let through (0 if none). */
  get lastSent(): number {
    return Number.isFinite(this.#lastSent) ? this.#lastSent : 0;
  }

  /**
   * Whether an alert at time `now` (Unix seconds) would be let through, without counting it:
   * a detector asks before it builds an alert's text (Kismet's `potential_alert`).
   */
  wouldAllow(now: number): boolean {
    if (this.limit.count === 0 || this.burst.count === 0) return false;
    const since = now - this.#lastSent;
    if (since >= RATE_UNITS[this.limit.unit]) return true;
    const burstSent = since >= RATE_UNITS[this.burst.unit] ? 0 : this.#burstSent;
    return burstSent < this.burst.count && this.#totalSent < this.limit.count;
  }

  /** Decides whether an alert at time `now` (Unix seconds) may be sent, and counts it if so. */
  tryAcquire(now: number): boolean {
    if (this.limit.count === 0 || this.burst.count === 0) return false;
    const since = now - this.#lastSent;
    if (since >= RATE_UNITS[this.limit.unit]) {
      this.#totalSent = 0;
      this.#burstSent = 0;
    } else if (since >= RATE_UNITS[this.burst.unit]) {
      this.#burstSent = 0;
    }
    if (this.#burstSent >= this.burst.count || this.#totalSent >= this.limit.count) return false;
    this.#burstSent++;
    this.#totalSent++;
    this.#lastSent = now;
    return true;
  }
}
