/**
 * What ASTM Remote ID messages change on a drone's sub-record: Basic IDs give its IDs and UA
 * type, Location its live position (a telemetry entry and a track point: the track direction as
 * yaw, the ground speed split into north and east), Authentication its pages, Self-ID its text,
 * System the operator's position and the area of operation, Operator ID the operator.
 *
 * The take-off point (Kismet's home location) is where the drone was while it said it was on
 * the ground, the last such position before it flew.
 */
import type { LocationMessage, OdidMessage, RemoteIdPayload, SystemMessage } from '../remoteid/odid-message.js';
import { UasIdType } from '../remoteid/odid-message.js';
import type { UavDevice, UavPosition } from './uav-device.js';

/** Location status of a drone on the ground. */
const STATUS_GROUND = 1;
const STATUS_AIRBORNE = 2;
const STATUS_EMERGENCY = 3;

/** What one transmission changed. */
export interface RemoteIdChange {
  /** It gave a new drone position. */
  readonly positioned: boolean;
  /** It gave an operator position. */
  readonly operatorPositioned: boolean;
}

/** Applies the messages of one transmission, heard at `time` (Unix seconds). */
export function applyRemoteId(uav: UavDevice, payload: RemoteIdPayload, time: number): RemoteIdChange {
  let positioned = false;
  let operatorPositioned = false;
  for (const message of payload.messages) {
    uav.count(message.kind);
    if (message.kind === 'location') positioned = applyLocation(uav, message, time) || positioned;
    else if (message.kind === 'system') operatorPositioned = applySystem(uav, message, time) || operatorPositioned;
    else applyIdentification(uav, message);
  }
  if (payload.malformed !== undefined) uav.malformed++;
  return { positioned, operatorPositioned };
}

function applyIdentification(uav: UavDevice, message: Exclude<OdidMessage, LocationMessage | SystemMessage>): void {
  switch (message.kind) {
    case 'basic_id':
      if (message.uaType !== 0) uav.uaType = message.uaType;
      if (message.idType === UasIdType.SERIAL_NUMBER) uav.serialNumber = message.uasId;
      else if (message.idType === UasIdType.CAA_REGISTRATION) uav.registrationId = message.uasId;
      else if (message.idType === UasIdType.UTM_ASSIGNED) uav.utmId = message.uasId;
      else if (message.idType === UasIdType.SPECIFIC_SESSION) uav.sessionId = message.uasId;
      return;
    case 'authentication':
      uav.authType = message.authType;
      uav.authPages++;
      return;
    case 'self_id':
      uav.selfId = message.description;
      uav.selfIdType = message.descriptionType;
      return;
    case 'operator_id':
      uav.operatorId = message.operatorId;
  }
}

function applyLocation(uav: UavDevice, message: LocationMessage, time: number): boolean {
  if (message.lat === undefined || message.lon === undefined) return false;
  const speed = message.speed ?? 0;
  const heading = message.direction ?? 0;
  const radians = (heading * Math.PI) / 180;
  const position: UavPosition = {
    lat: message.lat,
    lon: message.lon,
    alt: message.geodeticAltitude ?? 0,
    time,
    pressureAltitude: message.pressureAltitude ?? 0,
    height: message.height ?? 0,
    heightType: message.heightType,
    speed,
    verticalSpeed: message.verticalSpeed ?? 0,
    heading,
    status: message.status,
    reportedTime: message.timestamp ?? -1,
  };
  const airborne = message.status === STATUS_AIRBORNE || message.status === STATUS_EMERGENCY;
  uav.locate(position);
  uav.addTelemetry({
    location: { lat: position.lat, lon: position.lon, alt: position.alt, time },
    timestamp: time,
    yaw: heading,
    pitch: 0,
    roll: 0,
    height: position.height,
    vNorth: message.direction === undefined ? 0 : speed * Math.cos(radians),
    vEast: message.direction === undefined ? 0 : speed * Math.sin(radians),
    vUp: position.verticalSpeed,
    motorOn: airborne,
    airborne,
  });
  if (message.status === STATUS_GROUND) uav.home = { lat: position.lat, lon: position.lon, alt: position.alt, time };
  return true;
}

function applySystem(uav: UavDevice, message: SystemMessage, time: number): boolean {
  uav.operatorLocationType = message.operatorLocationType;
  uav.area = {
    count: message.areaCount,
    radius: message.areaRadius,
    ceiling: message.areaCeiling ?? 0,
    floor: message.areaFloor ?? 0,
    classificationType: message.classificationType,
    category: message.category,
    class: message.class,
  };
  if (message.operatorLat === undefined || message.operatorLon === undefined) return false;
  uav.operator = { lat: message.operatorLat, lon: message.operatorLon, alt: message.operatorAltitude ?? 0, time };
  return true;
}
