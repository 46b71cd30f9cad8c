/**
 * The scene of svc's own rtl_433 recording: nine transmissions from seven sensors covering
 * every sensor class of 433 MHz sensors (two Nexus-TH thermometers, a Fine Offset WH1080 weather
 * station, an Acurite 6045M lightning sensor that reports twice, two Schrader tyre sensors and
 * an Interlogix door contact whose first input closes between its two reports), with the values
 * each carries. A reading here is the ground truth of the recording.
 */
import type { RecordingLayout } from './cu8-recording.js';
import { acurite6045m } from './protocols/acurite-6045m.js';
import { fineoffsetWh1080 } from './protocols/fineoffset-wh1080.js';
import { interlogix } from './protocols/interlogix.js';
import { nexusTh } from './protocols/nexus-th.js';
import { schraderTpms } from './protocols/schrader-tpms.js';
import type { Transmission } from './transmission.js';

/** The transmissions, in the order they are on the air. */
export const SENSOR_SCENE: readonly Transmission[] = [
  nexusTh({ id: 90, channel: 1, batteryOk: true, temperatureC: 21.3, humidity: 45 }),
  fineoffsetWh1080({ id: 133, batteryOk: true, temperatureC: 12.4, humidity: 67, windDirDeg: 225, windAvgKmH: 3.672, windMaxKmH: 7.344, rainMm: 12.6 }),
  acurite6045m({ id: 4321, channel: 'A', batteryOk: true, temperatureF: 72.5, humidity: 40, strikeCount: 17, stormDist: 12, active: true, rfi: false }),
  schraderTpms({ id: 0x1a2b3c4, flags: 0x12, pressureKpa: 230, temperatureC: 24 }),
  interlogix({ type: 'contact', serial: 0x12345, batteryOk: true, switches: ['OPEN', 'CLOSED', 'CLOSED', 'OPEN', 'CLOSED'] }),
  nexusTh({ id: 17, channel: 3, batteryOk: false, temperatureC: -4.7, humidity: 88 }),
  acurite6045m({ id: 4321, channel: 'A', batteryOk: true, temperatureF: 71.8, humidity: 41, strikeCount: 19, stormDist: 8, active: true, rfi: true }),
  interlogix({ type: 'contact', serial: 0x12345, batteryOk: true, switches: ['CLOSED', 'CLOSED', 'CLOSED', 'OPEN', 'CLOSED'] }),
  schraderTpms({ id: 0x1a2b3c5, flags: 0x12, pressureKpa: 227.5, temperatureC: 23 }),
];

/** Where the scene's transmissions lie: 10 ms of noise first, 20 ms after each (more than any decoder's end-of-message gap, and rtl_433's 10-pulse-widths end of package). */
export const SCENE_LAYOUT: RecordingLayout = { leadIn: 10_000, silence: 20_000, seed: 433 };
