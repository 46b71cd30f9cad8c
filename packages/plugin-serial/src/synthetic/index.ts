/**
 * `@svc/plugin-serial/synthetic`: the project's own NMEA generator. A seeded receiver drives a
 * track and writes the byte stream a serial GPS sends, with its ground truth in the shared
 * summaries' schema plus every fix, so serial and GPS tests run on data made here when the
 * third-party gpsd recordings are not there, and assert every position instead of a few.
 */
export { CLEAN_RECEPTION, generateNmeaTrack, REGENERATE_COMMAND, type GeneratedNmeaTrack, type NmeaTrackOptions } from './nmea-track-generator.js';
export { SVC_TRACKS, DRIVE_TRACK, WALK_TRACK } from './svc-tracks.js';
export { DEMO_TRACK } from './demo-track.js';
export { driveTrack, type GpsTrackDefinition, type TrackLeg, type TrackPoint } from './gps-track.js';
export { GNSS_RECEIVER, GPS_RECEIVER, solutionTalker, type NmeaSentenceType, type ReceiverModel } from './receiver-model.js';
export { nmeaChecksum, nmeaCoordinate, nmeaDate, nmeaDateFields, nmeaSentence, nmeaTimeOfDay, type NmeaCoordinateText } from './nmea-fields.js';
export { summaryDegrees, type NmeaSummary, type NmeaSummaryFix } from './nmea-summary.js';
export { groundTruthJson, type DamagedLine, type EpochTruth, type NmeaDamage, type NmeaGroundTruth } from './nmea-ground-truth.js';
export type { ReceiverState, SatelliteSystem } from './satellite-sky.js';
