/**
 * The track `npm start`'s demo drives (`test-data/serial/svc-demo-track.raw.nmea`, replayed by
 * `gps=virtual:track=`): a car going round a city block in Enschede, clockwise, from standstill
 * back to standstill where it started, so its replay loops without a jump. It is timed around the
 * demo capture (`DEMO_SCENE` of `@svc/plugin-dot11/synthetic`, 2026-01-01 12:00:00 to 12:00:15
 * UTC): the car passes the scene's networks on the block's first side at 10 m/s, so the capture's
 * packets, placed at the track's positions at their times, spread the networks along 150 m of
 * street. A clean receiver: no cold start, no outage, no damage.
 */
import { GNSS_RECEIVER } from './receiver-model.js';
import { CLEAN_RECEPTION, type NmeaTrackOptions } from './nmea-track-generator.js';

/** Metres per second on the block's sides. */
const CRUISE_MPS = 10;
/** A right-angle turn to the right: 15 degrees a second for 6 seconds. */
const TURN = { seconds: 6, speedMps: CRUISE_MPS, turnDegPerSecond: 15 } as const;

/** The demo's drive round the block. */
export const DEMO_TRACK: NmeaTrackOptions = {
  name: 'svc-demo-track',
  seed: 3,
  receiver: GNSS_RECEIVER,
  track: {
    startTime: '2026-01-01T11:59:50Z',
    startLat: 52.2215,
    startLon: 6.8937,
    startAltM: 42.5,
    startCourse: 90,
    // East 300 m (speeding up, cruising, then slowing down at the end of the lap), south 200 m,
    // west 300 m, north 200 m: the lap closes where it began.
    legs: [
      { seconds: 5, speedMps: CRUISE_MPS },
      { seconds: 25, speedMps: CRUISE_MPS },
      TURN,
      { seconds: 20, speedMps: CRUISE_MPS },
      TURN,
      { seconds: 30, speedMps: CRUISE_MPS },
      TURN,
      { seconds: 20, speedMps: CRUISE_MPS },
      TURN,
      { seconds: 5, speedMps: 0 },
    ],
  },
  ...CLEAN_RECEPTION,
  satellitesPerSystem: 8,
  geoidSeparationM: 46.1,
};
