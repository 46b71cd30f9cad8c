/**
 * `@svc/plugin-serial/testing`: real pty pairs and device byte streams for testing serial
 * plugins, and the NMEA streams to replay: the shared gpsd recordings and the tracks made here.
 */
export { openPtyPair, type PtyPair } from './pty-pair.js';
export { advertisingPacket, snifferPayload, nordicFrameBody, nordicAdvertisingFrame, type AdStructure, type PduSpec } from './nordic-frames.js';
export { fixTime, NMEA_RECORDINGS, nmeaRecordingFiles, readNmeaRecording, readNmeaRecordingsToLastFix, readSvcTrack, SVC_TRACK_NAMES, type NmeaStream } from './nmea-streams.js';
