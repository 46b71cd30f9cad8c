/**
 * The tracks the repository keeps in `test-data/serial/` (`<name>.raw.nmea` and its ground
 * truth `<name>.nmea-summary.json`): the project's own NMEA test data, which every serial and
 * GPS test runs on without the shared gpsd recordings. Between them they cover both hemisphere
 * letters of each axis, both receiver orders and talker sets, four- and five-digit minutes, a
 * cold start, 2D and 3D fixes, a lost and regained fix, every kind of damage, and a UTC midnight
 * (and new year) passed in the middle of the GGA-first receiver's output.
 */
import { GNSS_RECEIVER, GPS_RECEIVER } from './receiver-model.js';
import type { NmeaTrackOptions } from './nmea-track-generator.js';

/** A car in Munich: GPS+GLONASS receiver, a cold start while parked, then a drive with turns, a climb and a tunnel. */
export const DRIVE_TRACK: NmeaTrackOptions = {
  name: 'svc-track-drive',
  seed: 1,
  receiver: GNSS_RECEIVER,
  track: {
    startTime: '2025-03-14T09:26:00Z',
    startLat: 48.1373968,
    startLon: 11.5754982,
    startAltM: 519.4,
    startCourse: 84,
    legs: [
      { seconds: 10, speedMps: 0 },
      { seconds: 8, speedMps: 12.5 },
      { seconds: 6, speedMps: 13.9 },
      { seconds: 9, speedMps: 8, turnDegPerSecond: 10 },
      { seconds: 12, speedMps: 16.7 },
      { seconds: 8, speedMps: 16.7, climbMps: 0.9 },
      { seconds: 5, speedMps: 11, turnDegPerSecond: -9 },
      { seconds: 7, speedMps: 0 },
      { seconds: 3, speedMps: 0 },
    ],
  },
  coldStart: { withoutTime: 3, withoutFix: 5, twoDimensional: 2 },
  outages: [{ at: 36, seconds: 7 }],
  damage: { badChecksum: 2, truncated: 1, noise: 2 },
  satellitesPerSystem: 8,
  geoidSeparationM: 47.3,
};

/** A walk in Montevideo over midnight into 2025: a GPS-only receiver at 4800 baud, trees blocking the sky for a while. */
export const WALK_TRACK: NmeaTrackOptions = {
  name: 'svc-track-walk',
  seed: 2,
  receiver: GPS_RECEIVER,
  track: {
    startTime: '2024-12-31T23:59:32Z',
    startLat: -34.9069446,
    startLon: -56.1992788,
    startAltM: 31.2,
    startCourse: 213,
    legs: [
      { seconds: 6, speedMps: 0 },
      { seconds: 6, speedMps: 1.4 },
      { seconds: 10, speedMps: 1.5, turnDegPerSecond: 6 },
      { seconds: 12, speedMps: 1.3, climbMps: 0.2 },
      { seconds: 8, speedMps: 1.4, turnDegPerSecond: -7.5 },
      { seconds: 4, speedMps: 0 },
    ],
  },
  coldStart: { withoutTime: 2, withoutFix: 4, twoDimensional: 3 },
  outages: [{ at: 14, seconds: 6 }],
  damage: { badChecksum: 1, truncated: 1, noise: 2 },
  satellitesPerSystem: 9,
  geoidSeparationM: 13.8,
};

/** Every kept track. */
export const SVC_TRACKS: readonly NmeaTrackOptions[] = [DRIVE_TRACK, WALK_TRACK];
