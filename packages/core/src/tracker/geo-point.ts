/**
 * A position as the tracker keeps it: a device's last fix, a corner of its box, its estimate.
 * Apart from the device record, so the location modules share it without importing the device.
 */

/** A geographic fix. */
export interface GeoPoint {
  lat: number;
  lon: number;
  /** Metres; 0 when unknown (a 2D fix). */
  alt: number;
  /** 2 for a 2D fix, 3 for a 3D fix. */
  fix: number;
  /** Unix seconds, with the fraction. */
  time: number;
}
