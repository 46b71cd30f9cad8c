/**
 * DJI DroneID: the vendor-specific element (OUI 26:37:12, vendor type 0x58) that DJI drones
 * controlled over Wi-Fi put in their beacons. DJI never published it; the layout is the one
 * Department 13 reverse-engineered ("Anatomy of DJI's Drone Identification Implementation",
 * 2017) and Kismet reads. After the OUI: vendor type, two bytes svc does not interpret, the
 * subcommand (0x10 flight telemetry, 0x11 flight purpose), then the record:
 *
 * ```
 * flight telemetry          version, sequence (u16), state bits (u16), serial (16 bytes),
 *                           longitude and latitude (i32, radians x 1e7: degrees = raw / 174533),
 *   version 1               altitude, height (i16, m), velocity north, east, up (i16, cm/s),
 *                           pitch, roll, yaw (i16, 1/100 degree), home longitude and latitude,
 *   version 2               altitude, height (i16, m), velocity north, east, up (i16, cm/s),
 *                           yaw (i16), the app's GPS time (u64, ms), app (pilot) latitude and
 *                           longitude, home longitude and latitude,
 *                           then product type (u8), UUID length and UUID (20 bytes)
 * flight purpose            serial (16), drone ID length and drone ID (10), purpose length and purpose
 * ```
 *
 * Kismet believes the version, sequence, state bits, serial and position; the rest is given as
 * read. The state bits say which fields hold something (`state.gpsValid`...).
 */

/** OUI of DJI's DroneID element. */
export const DJI_DRONEID_OUI = 0x263712;
/** Vendor type of DroneID inside the element. */
export const DJI_DRONEID_VENDOR_TYPE = 0x58;
/** Subcommands. */
export const DjiSubcommand = { FLIGHT_TELEMETRY: 0x10, FLIGHT_PURPOSE: 0x11 } as const;

/** Degrees per raw unit of a DroneID position (radians scaled by 1e7). */
const RAW_PER_DEGREE = 174533.0;

/** The state bits of a flight telemetry record. */
export interface DjiState {
  readonly serialValid: boolean;
  /** Private mode is off (the record carries real positions). */
  readonly privacyDisabled: boolean;
  readonly homePointSet: boolean;
  readonly uuidSet: boolean;
  readonly motorOn: boolean;
  readonly inAir: boolean;
  readonly gpsValid: boolean;
  readonly altitudeValid: boolean;
  readonly heightValid: boolean;
  readonly horizontalVelocityValid: boolean;
  readonly verticalVelocityValid: boolean;
  readonly pitchRollValid: boolean;
}

/** A flight telemetry record (subcommand 0x10). */
export interface DjiFlightTelemetry {
  readonly kind: 'dji_telemetry';
  readonly version: number;
  readonly sequence: number;
  /** The state bits as sent, and read out in {@link state}. */
  readonly stateInfo: number;
  readonly state: DjiState;
  readonly serial: string;
  readonly lat: number;
  readonly lon: number;
  /** Altitude and height, m, as the record gives them (absent when the record is too short for them). */
  readonly altitude?: number;
  readonly height?: number;
  /** Velocities, m/s. */
  readonly velocityNorth?: number;
  readonly velocityEast?: number;
  readonly velocityUp?: number;
  /** Attitude, degrees (version 1 has pitch and roll). */
  readonly pitch?: number;
  readonly roll?: number;
  readonly yaw?: number;
  /** Version 2: the app's GPS time, Unix milliseconds as sent. */
  readonly appTime?: number;
  /** Version 2: the app (pilot) position; 0, 0 when not set. */
  readonly appLat?: number;
  readonly appLon?: number;
  /** The home (take-off) point; 0, 0 when not set. */
  readonly homeLat?: number;
  readonly homeLon?: number;
  readonly productType?: number;
  readonly uuid?: string;
}

/** A flight purpose record (subcommand 0x11). */
export interface DjiFlightPurpose {
  readonly kind: 'dji_purpose';
  readonly serial: string;
  readonly droneId: string;
  readonly purpose: string;
}

/** What a DroneID element said, or why it could not be read. */
export type DjiDroneId = DjiFlightTelemetry | DjiFlightPurpose | { readonly kind: 'dji_malformed'; readonly malformed: string };

const TELEMETRY_PREFIX_BYTES = 29;

/**
 * Reads a DroneID element's body after the OUI, `bytes[start, end)`; undefined when it is not
 * DroneID (another vendor type) or a subcommand svc does not read.
 */
export function readDjiDroneId(bytes: Uint8Array, start: number, end: number): DjiDroneId | undefined {
  if (end - start < 4 || bytes[start] !== DJI_DRONEID_VENDOR_TYPE) return undefined;
  const subcommand = bytes[start + 3];
  const record = start + 4;
  if (subcommand === DjiSubcommand.FLIGHT_TELEMETRY) return telemetry(bytes, record, end);
  if (subcommand === DjiSubcommand.FLIGHT_PURPOSE) return purpose(bytes, record, end);
  return undefined;
}

function telemetry(bytes: Uint8Array, at: number, end: number): DjiDroneId {
  if (end - at < TELEMETRY_PREFIX_BYTES) return { kind: 'dji_malformed', malformed: `a flight telemetry record of ${end - at} bytes (at least ${TELEMETRY_PREFIX_BYTES})` };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = bytes[at]!;
  const stateInfo = view.getUint16(at + 3, true);
  const common = {
    kind: 'dji_telemetry' as const,
    version,
    sequence: view.getUint16(at + 1, true),
    stateInfo,
    state: stateBits(stateInfo),
    serial: text(bytes, at + 5, at + 21),
    lon: view.getInt32(at + 21, true) / RAW_PER_DEGREE,
    lat: view.getInt32(at + 25, true) / RAW_PER_DEGREE,
  };
  const rest = at + TELEMETRY_PREFIX_BYTES;
  const i16 = (offset: number) => view.getInt16(rest + offset, true);
  const position = (offset: number) => view.getInt32(rest + offset, true) / RAW_PER_DEGREE;
  const motion = () => ({ altitude: i16(0), height: i16(2), velocityNorth: i16(4) / 100, velocityEast: i16(6) / 100, velocityUp: i16(8) / 100 });
  if (version === 1 && end - rest >= 24) {
    return { ...common, ...motion(), pitch: i16(10) / 100, roll: i16(12) / 100, yaw: i16(14) / 100, homeLon: position(16), homeLat: position(20), ...identity(bytes, rest + 24, end) };
  }
  if (version === 2 && end - rest >= 36) {
    const appTime = Number(view.getBigUint64(rest + 12, true));
    return { ...common, ...motion(), yaw: i16(10) / 100, appTime, appLat: position(20), appLon: position(24), homeLon: position(28), homeLat: position(32), ...identity(bytes, rest + 36, end) };
  }
  return common;
}

/** Product type and UUID, when the record has them. */
function identity(bytes: Uint8Array, at: number, end: number): { productType?: number; uuid?: string } {
  if (end - at < 2) return {};
  // Some senders write the UUID length as two bytes, so the text starts after a NUL: NULs at either end are dropped.
  let from = at + 2;
  const to = Math.min(end, from + 20);
  while (from < to && bytes[from] === 0) from++;
  return { productType: bytes[at]!, uuid: text(bytes, from, to) };
}

function purpose(bytes: Uint8Array, at: number, end: number): DjiDroneId {
  if (end - at < 28) return { kind: 'dji_malformed', malformed: `a flight purpose record of ${end - at} bytes (at least 28)` };
  const idLength = Math.min(bytes[at + 16]!, 10);
  const purposeLength = bytes[at + 27]!;
  return { kind: 'dji_purpose', serial: text(bytes, at, at + 16), droneId: text(bytes, at + 17, at + 17 + idLength), purpose: text(bytes, at + 28, Math.min(end, at + 28 + purposeLength)) };
}

function stateBits(state: number): DjiState {
  const bit = (mask: number) => (state & mask) !== 0;
  return {
    serialValid: bit(0x01),
    privacyDisabled: bit(0x02),
    homePointSet: bit(0x04),
    uuidSet: bit(0x08),
    motorOn: bit(0x10),
    inAir: bit(0x20),
    gpsValid: bit(0x40),
    altitudeValid: bit(0x80),
    heightValid: bit(0x100),
    horizontalVelocityValid: bit(0x200),
    verticalVelocityValid: bit(0x400),
    pitchRollValid: bit(0x800),
  };
}

/** Printable text up to the first NUL; other bytes become `?`, as Kismet makes them printable. */
function text(bytes: Uint8Array, start: number, end: number): string {
  let out = '';
  for (let i = start; i < end && bytes[i] !== 0; i++) out += bytes[i]! >= 0x20 && bytes[i]! < 0x7f ? String.fromCharCode(bytes[i]!) : '?';
  return out;
}
