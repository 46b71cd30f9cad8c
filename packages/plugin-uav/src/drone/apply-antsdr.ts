/**
 * What an AntSDR DroneID report changes on a drone's sub-record, as Kismet applies it: DJI as the
 * manufacturer, the model's name, the serial, the match type `DroneID RF`, the home and app
 * (pilot) points when they are not 0, 0; svc also keeps the drone's position (when not 0, 0)
 * with its altitude, height and velocity, a telemetry entry and the track.
 */
import type { AntsdrDroneId } from '../antsdr/antsdr-record.js';
import type { RemoteIdChange } from './apply-remote-id.js';
import type { UavDevice } from './uav-device.js';

/** Kismet's match type of drones an AntSDR heard. */
export const ANTSDR_MATCH_TYPE = 'DroneID RF';
const DJI = 'DJI';

/** Applies one report, heard at `time` (Unix seconds). */
export function applyAntsdr(uav: UavDevice, record: AntsdrDroneId, time: number): RemoteIdChange {
  uav.count(record.kind);
  uav.manufacturer = DJI;
  uav.model = record.deviceType;
  uav.serialNumber = record.serial;
  uav.matchType = ANTSDR_MATCH_TYPE;
  if (record.homeLat !== 0 && record.homeLon !== 0) uav.home = { lat: record.homeLat, lon: record.homeLon, alt: 0, time };
  const operatorPositioned = record.appLat !== 0 && record.appLon !== 0;
  if (operatorPositioned) uav.operator = { lat: record.appLat, lon: record.appLon, alt: 0, time };
  const positioned = record.droneLat !== 0 && record.droneLon !== 0;
  if (!positioned) return { positioned, operatorPositioned };
  const speed = Math.hypot(record.speedEast, record.speedNorth);
  const heading = speed ? ((Math.atan2(record.speedEast, record.speedNorth) * 180) / Math.PI + 360) % 360 : 0;
  const location = { lat: record.droneLat, lon: record.droneLon, alt: record.altitude, time };
  uav.locate({ ...location, pressureAltitude: 0, height: record.height, heightType: 0, speed, verticalSpeed: record.speedUp, heading, status: 0, reportedTime: -1 });
  uav.addTelemetry({ location, timestamp: time, yaw: heading, pitch: 0, roll: 0, height: record.height, vNorth: record.speedNorth, vEast: record.speedEast, vUp: record.speedUp, motorOn: false, airborne: false });
  return { positioned, operatorPositioned };
}
