/**
 * DJI DroneID as an AntSDR receiver decodes it off the air (its OcuSync bursts, not Wi-Fi):
 * Kismet's `kismet_cap_antsdr_droneid` reads the receiver's binary reports over TCP and sends
 * each to the server as a JSON record of type `antsdr-droneid` (over remote capture), which
 * Kismet's UAV PHY reads. The record: `serial_number`, `device_type` (the model's name),
 * `device_type_8`, `app_lat`/`app_lon` (the pilot), `drone_lat`/`drone_lon`, `drone_height`,
 * `drone_alt` (m), `home_lat`/`home_lon`, `freq` (MHz), `speed_e`/`speed_n`/`speed_u` (m/s),
 * `rssi`. A position of 0, 0 is none.
 */

/** The JSON record type of Kismet's AntSDR DroneID tool. */
export const ANTSDR_RECORD_TYPE = 'antsdr-droneid';

/** One AntSDR DroneID report. */
export interface AntsdrDroneId {
  readonly kind: 'antsdr';
  readonly serial: string;
  readonly deviceType: string;
  readonly appLat: number;
  readonly appLon: number;
  readonly droneLat: number;
  readonly droneLon: number;
  readonly height: number;
  readonly altitude: number;
  readonly homeLat: number;
  readonly homeLon: number;
  /** MHz. */
  readonly freq: number;
  readonly speedEast: number;
  readonly speedNorth: number;
  readonly speedUp: number;
}

const NUMBERS = {
  appLat: 'app_lat',
  appLon: 'app_lon',
  droneLat: 'drone_lat',
  droneLon: 'drone_lon',
  height: 'drone_height',
  altitude: 'drone_alt',
  homeLat: 'home_lat',
  homeLon: 'home_lon',
  freq: 'freq',
  speedEast: 'speed_e',
  speedNorth: 'speed_n',
  speedUp: 'speed_u',
} as const;

/** Reads one record's JSON text; a string says why it is no report. */
export function readAntsdrRecord(text: string): AntsdrDroneId | string {
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch (error) {
    return `not JSON: ${(error as Error).message}`;
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return 'not a JSON object';
  const fields = record as Record<string, unknown>;
  const serial = fields.serial_number;
  const deviceType = fields.device_type;
  if (typeof serial !== 'string' || serial === '' || typeof deviceType !== 'string') return 'serial_number and device_type must be text';
  const numbers: Partial<Record<keyof typeof NUMBERS, number>> = {};
  for (const [key, name] of Object.entries(NUMBERS) as [keyof typeof NUMBERS, string][]) {
    const value = fields[name];
    if (typeof value !== 'number' || !Number.isFinite(value)) return `${name} must be a number`;
    numbers[key] = value;
  }
  return { kind: 'antsdr', serial, deviceType, ...(numbers as Record<keyof typeof NUMBERS, number>) };
}
