/**
 * `@svc/plugin-sdr-rtl433/synthetic`: rtl_433 data svc makes itself, so its rtl_433 tests need no
 * third-party recording. An OOK modulator writes `.cu8` recordings the real rtl_433 decodes
 * (Nexus-TH, Fine Offset WH1080, Acurite 6045M, Schrader, Interlogix: every sensor class of
 * 433 MHz sensors), each transmission with the message rtl_433 must print for it; a seeded generator
 * writes rtl_433's JSON events for a fleet of sensors; and the files kept in `test-data/rtl433/`
 * are named and made here.
 */
export { CU8_CARRIER_FREQUENCY, CU8_CENTRE_FREQUENCY, CU8_SAMPLE_RATE, renderCu8, type RecordingLayout } from './cu8-recording.js';
export { bitsOf, bitsOfBytes, manchester, pulsePosition, pulseWidth, type Bit, type Pulse } from './line-codes.js';
export { acurite6045m, type Acurite6045mReading } from './protocols/acurite-6045m.js';
export { fineoffsetWh1080, type Wh1080Reading } from './protocols/fineoffset-wh1080.js';
export { interlogix, type InterlogixReading, type LatchState } from './protocols/interlogix.js';
export { nexusTh, type NexusThReading } from './protocols/nexus-th.js';
export { schraderTpms, type SchraderReading } from './protocols/schrader-tpms.js';
export { syntheticRtl433Events, type EventRun } from './rtl433-events.js';
export { formatRtl433Event, type DecodedMessage, type FieldType, type MessageLayout } from './rtl433-json.js';
export { SCENE_LAYOUT, SENSOR_SCENE } from './sensor-scene.js';
export {
  EVENT_RUN,
  generatedFiles,
  SYNTHETIC_EVENTS,
  SYNTHETIC_GROUND_TRUTH,
  SYNTHETIC_RECORDING,
  SYNTHETIC_REFERENCE,
} from './synthetic-data.js';
export type { Transmission } from './transmission.js';
export { rtl433Output } from '../reference/rtl433-output.js';
