/**
 * Turns NMEA sentences into positions. GGA (fix quality, satellites, altitude) and RMC (status,
 * speed, course, date) each report a position; GSA says whether the receiver has a 2D or 3D fix.
 * The date comes from RMC or ZDA, so a GGA-only receiver's fixes carry the arrival time instead;
 * a time of day far before the dated sentence's is of the next day (a receiver that writes GGA
 * before RMC sends the first GGA after midnight while the last date it gave is yesterday's).
 * A GGA with quality 0 or an RMC with status V reports the loss of the fix.
 */
import { GpsFixQuality, type GpsFix } from '../gps-fix.js';
import type { NmeaSentence } from './nmea-sentence.js';

/** A position (or its loss) and the sentence it came from. */
export interface NmeaPositionReport {
  readonly sentence: 'GGA' | 'RMC';
  readonly fix: GpsFix;
}

const KNOTS_TO_KMH = 1.852;
const DAY_SECONDS = 86_400;

/** `ddmm.mmmm` / `dddmm.mmmm` with a hemisphere letter, as decimal degrees; undefined when absent or malformed. */
export function nmeaCoordinate(value: string | undefined, hemisphere: string | undefined, limit: number): number | undefined {
  if (!value || !/^\d+(\.\d*)?$/.test(value)) return undefined;
  const number = Number(value);
  const degrees = Math.trunc(number / 100);
  const decimal = degrees + (number - degrees * 100) / 60;
  if (decimal > limit) return undefined;
  if (hemisphere === 'S' || hemisphere === 'W') return -decimal;
  return hemisphere === 'N' || hemisphere === 'E' ? decimal : undefined;
}

const optionalNumber = (text: string | undefined): number | undefined => {
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
};

/** Reads sentences in order and reports positions. */
export class NmeaPosition {
  /** UTC midnight of the last date seen, ms. */
  #dateMs: number | undefined;
  /** Second of the day of the sentence that gave that date, when it had a time. */
  #dateSecond: number | undefined;
  /** 2 or 3 from the last GSA, when it said there is a fix. */
  #mode: number | undefined;
  #alt: number | undefined;

  /** Applies one sentence; returns a report when it carried a position or its loss. */
  apply(sentence: NmeaSentence, receivedAt: number): NmeaPositionReport | undefined {
    const f = sentence.fields;
    switch (sentence.type) {
      case 'GSA': {
        const mode = Number(f[1]);
        this.#mode = mode === 2 || mode === 3 ? mode : undefined;
        return undefined;
      }
      case 'ZDA': {
        this.#setDate(Number(f[1]), Number(f[2]), Number(f[3]), f[0]);
        return undefined;
      }
      case 'GGA': {
        const quality = f[5];
        const lat = nmeaCoordinate(f[1], f[2], 90);
        const lon = nmeaCoordinate(f[3], f[4], 180);
        if (!quality || quality === '0' || lat === undefined || lon === undefined) return { sentence: 'GGA', fix: this.#lost(receivedAt) };
        this.#alt = optionalNumber(f[8]);
        const fix = this.#mode ?? (this.#alt === undefined ? GpsFixQuality.TWO_D : GpsFixQuality.THREE_D);
        return { sentence: 'GGA', fix: { lat, lon, alt: this.#alt, fix, time: this.#time(f[0], receivedAt) } };
      }
      case 'RMC': {
        const date = f[8];
        if (date && /^\d{6}$/.test(date)) this.#setDate(Number(date.slice(0, 2)), Number(date.slice(2, 4)), 2000 + Number(date.slice(4, 6)), f[0]);
        const lat = nmeaCoordinate(f[2], f[3], 90);
        const lon = nmeaCoordinate(f[4], f[5], 180);
        if (f[1] !== 'A' || lat === undefined || lon === undefined) return { sentence: 'RMC', fix: this.#lost(receivedAt) };
        const knots = optionalNumber(f[6]);
        return {
          sentence: 'RMC',
          fix: {
            lat,
            lon,
            alt: this.#alt,
            speed: knots === undefined ? undefined : knots * KNOTS_TO_KMH,
            heading: optionalNumber(f[7]),
            fix: this.#mode ?? (this.#alt === undefined ? GpsFixQuality.TWO_D : GpsFixQuality.THREE_D),
            time: this.#time(f[0], receivedAt),
          },
        };
      }
      default:
        return undefined;
    }
  }

  #lost(receivedAt: number): GpsFix {
    return { lat: 0, lon: 0, fix: GpsFixQuality.NO_FIX, time: receivedAt };
  }

  #setDate(day: number, month: number, year: number, time: string | undefined): void {
    if (!(day >= 1 && day <= 31 && month >= 1 && month <= 12 && year >= 1980)) return;
    this.#dateMs = Date.UTC(year, month - 1, day);
    this.#dateSecond = secondOfDay(time);
  }

  /**
   * Unix seconds of `hhmmss.ss` on the last date seen, else the arrival time. More than half a
   * day before the dated sentence's time it is the next day, more than half a day after it the
   * day before.
   */
  #time(text: string | undefined, receivedAt: number): number {
    const seconds = secondOfDay(text);
    if (this.#dateMs === undefined || seconds === undefined) return receivedAt;
    const dated = this.#dateSecond ?? seconds;
    const days = seconds < dated - DAY_SECONDS / 2 ? 1 : seconds > dated + DAY_SECONDS / 2 ? -1 : 0;
    return this.#dateMs / 1000 + days * DAY_SECONDS + seconds;
  }
}

/** Seconds since midnight of `hhmmss` or `hhmmss.ss`; undefined when empty or malformed. */
function secondOfDay(text: string | undefined): number | undefined {
  if (!text || !/^\d{6}(\.\d+)?$/.test(text)) return undefined;
  return Number(text.slice(0, 2)) * 3600 + Number(text.slice(2, 4)) * 60 + Number(text.slice(4));
}
