/**
 * What a DJI DroneID record changes on a drone's sub-record, as Kismet applies it: the serial
 * when the state bits say it is valid, the manufacturer (DJI), the match type, a telemetry entry
 * (the position only when the GPS bit is set, the altitude when its bit is, velocities and height
 * likewise), and the home and app (pilot) locations when they are not 0, 0. svc also keeps the
 * live position and the track from it.
 */
import type { DjiDroneId, DjiFlightTelemetry } from '../dji/dji-droneid.js';
import type { RemoteIdChange } from './apply-remote-id.js';
import type { UavDevice } from './uav-device.js';

/** Kismet's match type of drones heard through DroneID in Wi-Fi beacons. */
export const DJI_MATCH_TYPE = 'DroneID WiFi';
const DJI = 'DJI';
const STATUS_GROUND = 1;
const STATUS_AIRBORNE = 2;

/** Applies one DroneID record, heard at `time` (Unix seconds). */
export function applyDji(uav: UavDevice, record: DjiDroneId, time: number): RemoteIdChange {
  uav.count(record.kind);
  uav.matchType = DJI_MATCH_TYPE;
  if (uav.manufacturer === '') uav.manufacturer = DJI;
  if (record.kind === 'dji_malformed') {
    uav.malformed++;
    return { positioned: false, operatorPositioned: false };
  }
  if (record.kind === 'dji_purpose') {
    uav.serialNumber = record.serial;
    return { positioned: false, operatorPositioned: false };
  }
  if (record.state.serialValid) uav.serialNumber = record.serial;
  const positioned = applyTelemetry(uav, record, time);
  if (record.homeLat !== undefined && record.homeLon !== undefined && (record.homeLat !== 0 || record.homeLon !== 0)) uav.home = { lat: record.homeLat, lon: record.homeLon, alt: 0, time };
  const operatorPositioned = record.appLat !== undefined && record.appLon !== undefined && (record.appLat !== 0 || record.appLon !== 0);
  if (operatorPositioned) uav.operator = { lat: record.appLat!, lon: record.appLon!, alt: 0, time };
  return { positioned, operatorPositioned };
}

function applyTelemetry(uav: UavDevice, record: DjiFlightTelemetry, time: number): boolean {
  const state = record.state;
  const alt = state.altitudeValid ? (record.altitude ?? 0) : 0;
  const height = state.heightValid ? (record.height ?? 0) : 0;
  const vNorth = state.horizontalVelocityValid ? (record.velocityNorth ?? 0) : 0;
  const vEast = state.horizontalVelocityValid ? (record.velocityEast ?? 0) : 0;
  const vUp = state.verticalVelocityValid ? (record.velocityUp ?? 0) : 0;
  const location = state.gpsValid ? { lat: record.lat, lon: record.lon, alt, time } : { lat: 0, lon: 0, alt: 0, time };
  uav.addTelemetry({
    location,
    timestamp: time,
    yaw: record.yaw ?? 0,
    pitch: state.pitchRollValid ? (record.pitch ?? 0) : 0,
    roll: state.pitchRollValid ? (record.roll ?? 0) : 0,
    height,
    vNorth,
    vEast,
    vUp,
    motorOn: state.motorOn,
    airborne: state.inAir,
  });
  if (!state.gpsValid) return false;
  const heading = state.horizontalVelocityValid ? ((Math.atan2(vEast, vNorth) * 180) / Math.PI + 360) % 360 : 0;
  uav.locate({ ...location, pressureAltitude: 0, height, heightType: 0, speed: Math.hypot(vNorth, vEast), verticalSpeed: vUp, heading, status: state.inAir ? STATUS_AIRBORNE : STATUS_GROUND, reportedTime: -1 });
  return true;
}
