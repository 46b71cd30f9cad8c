/**
 * `@svc/plugin-serial/testing`: real pty pairs and device byte streams for testing serial
 * plugins, and the shared NMEA recordings' names.
 */
export { openPtyPair, type PtyPair } from './pty-pair.js';
export { advertisingPacket, snifferPayload, nordicFrameBody, nordicAdvertisingFrame, type AdStructure, type PduSpec } from './nordic-frames.js';
export { NMEA_RECORDINGS } from './nmea-recordings.js';
