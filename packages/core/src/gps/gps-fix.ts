/**
 * A position from a GPS, whatever its kind (a serial NMEA receiver, a fixed position, a phone
 * posting its location). The GPS tracker keeps the latest one per GPS and stamps the best valid
 * one onto packets; `/gps/location.json` and the `GPS_LOCATION` event show it.
 */

/** Fix quality as Kismet numbers it. */
export const GpsFixQuality = {
  /** No GPS data at all. */
  NONE: 0,
  /** A GPS talks but has no position. */
  NO_FIX: 1,
  TWO_D: 2,
  THREE_D: 3,
} as const;

/** One position report. */
export interface GpsFix {
  /** Decimal degrees, negative south. */
  readonly lat: number;
  /** Decimal degrees, negative west. */
  readonly lon: number;
  /** Metres above mean sea level, when the GPS reports it. */
  readonly alt?: number;
  /** Ground speed in km/h, when reported. */
  readonly speed?: number;
  /** Course over ground in degrees from true north, when reported. */
  readonly heading?: number;
  /** One of `GpsFixQuality`. */
  readonly fix: number;
  /** Unix seconds of the fix: the GPS's own clock when it sends a date, else the arrival time. */
  readonly time: number;
  /** Satellites used in the fix and in view, when the GPS reports them (gpsd's SKY). */
  readonly satellitesUsed?: number;
  readonly satellitesVisible?: number;
}
