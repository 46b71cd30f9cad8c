/**
 * The `uav.device` sub-record of a drone. Kismet's fields (`phy_uav_drone.h`): manufacturer,
 * model, serial number, how it was recognised (`uav.match_type`), the last telemetry and the
 * telemetry history, the home (take-off) and app (operator) locations, and the manufacturer
 * rule that matched it (`uav.type`). svc's (`uav.device.*`): what keys the drone (its ID and the
 * kind of ID), every ID Remote ID gave (serial, registration, UTM, session), the UA type, the
 * live position with its altitudes, height, speed, heading and status, the track, the operator's
 * position and ID, the Self-ID text, the area of operation and classification, authentication,
 * the transmitters it was heard from (each radio and MAC), the messages heard and how many were
 * malformed.
 */
import type { FieldDefinition, PhyComponentState, StateReader, StateWriter } from '@svc/core';
import { formatMac, SvcError } from '@svc/core';
import type { DroneIdentity, DroneIdKind } from './drone-identity.js';
import { readTelemetry, pointFromRecord, pointRecord, telemetryFromRecord, telemetryRecord, UAV_TELEMETRY_FIELDS, writeTelemetry, type UavPoint, type UavTelemetry } from './uav-telemetry.js';

/** Telemetry entries kept, as Kismet keeps them. */
export const TELEMETRY_HISTORY = 128;
/** Points kept in the track. */
export const TRACK_POINTS = 512;
/** Least time between two points of the track, s. */
export const TRACK_INTERVAL_S = 2;

/** Where the drone is and how it moves, as its last position report gave it. */
export interface UavPosition extends UavPoint {
  /** Barometric altitude, m (0 when unknown); `alt` is the geodetic one. */
  readonly pressureAltitude: number;
  /** Height, m, above the take-off point (heightType 0) or the ground (1). */
  readonly height: number;
  readonly heightType: number;
  /** Ground speed, m/s; vertical speed, m/s; track, degrees. */
  readonly speed: number;
  readonly verticalSpeed: number;
  readonly heading: number;
  /** Location status: 0 undeclared, 1 ground, 2 airborne, 3 emergency, 4 system failure. */
  readonly status: number;
  /** When the drone says it measured the position, seconds after the hour (Remote ID); -1 when it does not say. */
  readonly reportedTime: number;
}

/** A transmitter a drone was heard from. */
export interface UavTransmitter {
  readonly mac: number;
  /** How it was last heard (`Wi-Fi beacon`, `BLE legacy`...). */
  transport: string;
  lastTime: number;
}

/** The area of operation and classification a System message gives. */
export interface UavArea {
  count: number;
  radius: number;
  ceiling: number;
  floor: number;
  classificationType: number;
  category: number;
  class: number;
}

const HEIGHT_TYPES = ['takeoff', 'ground'];
const OPERATOR_LOCATION_TYPES = ['takeoff', 'live', 'fixed'];

/** Fields of `uav.device`, Kismet's and svc's. */
export const UAV_DEVICE_FIELDS: readonly FieldDefinition[] = [
  { name: 'uav.manufacturer', type: 'string', description: 'Manufacturer' },
  { name: 'uav.model', type: 'string', description: 'Model' },
  { name: 'uav.serialnumber', type: 'string', description: 'Serial number' },
  { name: 'uav.match_type', type: 'string', description: 'Match type (drone characteristics): Remote ID, DroneID WiFi, UAV Fingerprint' },
  { name: 'uav.last_telemetry', type: 'object', description: 'Last drone telemetry location (a uav.telemetry record)' },
  { name: 'uav.telemetry_history', type: 'vector[object]', description: `Previous telemetry location data (the last ${TELEMETRY_HISTORY})` },
  ...UAV_TELEMETRY_FIELDS,
  { name: 'uav.telemetry.home_location', type: 'object', description: 'UAV takeoff/home location (location point)' },
  { name: 'uav.telemetry.app_location', type: 'object', description: 'UAV app/operator location (location point)' },
  { name: 'uav.type', type: 'object', description: 'Matching rules for Wi-Fi devices (the uav_match rule that recognised the drone)' },
  { name: 'uav.device.id', type: 'string', description: 'the ID the drone is keyed by' },
  { name: 'uav.device.id_kind', type: 'string', description: 'what the ID is: serial, registration, utm, session, undeclared (Remote ID ID types 1-4 and 0), dji (DroneID serial), mac (only its transmitter names it)' },
  { name: 'uav.device.registration_id', type: 'string', description: 'CAA registration ID (Remote ID Basic ID type 2)' },
  { name: 'uav.device.utm_id', type: 'string', description: 'UTM-assigned ID (Basic ID type 3)' },
  { name: 'uav.device.session_id', type: 'string', description: 'specific session ID (Basic ID type 4)' },
  { name: 'uav.device.ua_type', type: 'uint8_t', description: 'UA type: 0 none, 1 aeroplane, 2 helicopter or multirotor ... 15 other' },
  { name: 'uav.device.status', type: 'uint8_t', description: 'location status: 0 undeclared, 1 ground, 2 airborne, 3 emergency, 4 Remote ID system failure' },
  { name: 'uav.device.lat', type: 'double', description: 'drone latitude (0 until a position is heard)' },
  { name: 'uav.device.lon', type: 'double', description: 'drone longitude' },
  { name: 'uav.device.altitude', type: 'double', description: 'geodetic altitude, m (0 when unknown)' },
  { name: 'uav.device.pressure_altitude', type: 'double', description: 'barometric altitude, m (0 when unknown)' },
  { name: 'uav.device.height', type: 'double', description: 'height, m, above uav.device.height_type' },
  { name: 'uav.device.height_type', type: 'string', description: 'what the height is measured from: takeoff or ground' },
  { name: 'uav.device.speed', type: 'double', description: 'ground speed, m/s' },
  { name: 'uav.device.vertical_speed', type: 'double', description: 'vertical speed, m/s, up positive' },
  { name: 'uav.device.heading', type: 'double', description: 'track over ground, degrees' },
  { name: 'uav.device.position_time', type: 'double', description: 'when the position was heard, Unix seconds (0 until one is)' },
  { name: 'uav.device.track', type: 'vector[double]', description: `the track: the last ${TRACK_POINTS} positions at least ${TRACK_INTERVAL_S} s apart, each [unix time, lat, lon, altitude m]` },
  { name: 'uav.device.operator_id', type: 'string', description: 'operator ID (Remote ID Operator ID message)' },
  { name: 'uav.device.operator_location_type', type: 'string', description: 'where the operator position comes from: takeoff, live or fixed; empty when unknown' },
  { name: 'uav.device.self_id', type: 'string', description: "Self-ID text: the operator's description of the flight" },
  { name: 'uav.device.self_id_type', type: 'uint8_t', description: 'Self-ID description type: 0 text, 1 emergency, 2 extended status' },
  { name: 'uav.device.area', type: 'object', description: 'area of operation and classification (System message)' },
  { name: 'uav.device.area.count', type: 'uint16_t', description: 'aircraft in the area' },
  { name: 'uav.device.area.radius', type: 'double', description: 'radius of the area, m' },
  { name: 'uav.device.area.ceiling', type: 'double', description: 'ceiling of the area, m (0 when unknown)' },
  { name: 'uav.device.area.floor', type: 'double', description: 'floor of the area, m (0 when unknown)' },
  { name: 'uav.device.area.classification_type', type: 'uint8_t', description: 'classification: 0 undeclared, 1 EU' },
  { name: 'uav.device.area.category', type: 'uint8_t', description: 'EU category: 0 undeclared, 1 open, 2 specific, 3 certified' },
  { name: 'uav.device.area.class', type: 'uint8_t', description: 'EU class: 0 undeclared, 1-7 class 0-6' },
  { name: 'uav.device.auth_type', type: 'uint8_t', description: 'authentication type of the last Authentication message (0 none)' },
  { name: 'uav.device.auth_pages', type: 'uint64_t', description: 'Authentication message pages heard' },
  { name: 'uav.device.radio', type: 'string', description: 'the radio the drone was last heard on: Wi-Fi or BLE' },
  { name: 'uav.device.transport', type: 'string', description: 'how it was last heard: Wi-Fi beacon, Wi-Fi NAN, BLE legacy, BLE extended, DJI DroneID, Wi-Fi fingerprint' },
  { name: 'uav.device.transmitter', type: 'mac_addr', description: 'the MAC it was last heard from' },
  { name: 'uav.device.transmitters', type: 'map[string,string]', description: 'every MAC it was heard from, with how it was last heard' },
  { name: 'uav.device.message_counts', type: 'map[string,uint64_t]', description: 'Remote ID and DroneID messages heard, by kind' },
  { name: 'uav.device.malformed', type: 'uint64_t', description: 'transmissions of the drone that were malformed' },
];

/** The UAV sub-record of one drone. */
export class UavDevice {
  manufacturer = '';
  model = '';
  serialNumber = '';
  matchType = '';
  /** The record of the manufacturer rule that matched the drone. */
  matchedRule: Record<string, unknown> | undefined = undefined;
  registrationId = '';
  utmId = '';
  sessionId = '';
  uaType = 0;
  position: UavPosition | undefined = undefined;
  readonly telemetry: UavTelemetry[] = [];
  readonly track: UavPoint[] = [];
  home: UavPoint | undefined = undefined;
  operator: UavPoint | undefined = undefined;
  operatorId = '';
  /** -1 until a System message says. */
  operatorLocationType = -1;
  selfId = '';
  selfIdType = 0;
  area: UavArea | undefined = undefined;
  authType = 0;
  authPages = 0;
  readonly transmitters: UavTransmitter[] = [];
  readonly messageCounts = new Map<string, number>();
  malformed = 0;

  constructor(
    readonly idKind: DroneIdKind,
    readonly id: string,
  ) {}

  /** The drone's identity. */
  get identity(): DroneIdentity {
    return { kind: this.idKind, id: this.id };
  }

  /** Notes the transmitter a transmission came from; the last one heard is first. */
  heardFrom(mac: number, transport: string, time: number): void {
    const index = this.transmitters.findIndex((transmitter) => transmitter.mac === mac);
    const transmitter = index >= 0 ? this.transmitters.splice(index, 1)[0]! : { mac, transport, lastTime: time };
    transmitter.transport = transport;
    transmitter.lastTime = time;
    this.transmitters.unshift(transmitter);
  }

  /** Counts a message of `kind`. */
  count(kind: string): void {
    this.messageCounts.set(kind, (this.messageCounts.get(kind) ?? 0) + 1);
  }

  /** Adds a telemetry entry; the history keeps the last {@link TELEMETRY_HISTORY}. */
  addTelemetry(entry: UavTelemetry): void {
    this.telemetry.push(entry);
    if (this.telemetry.length > TELEMETRY_HISTORY) this.telemetry.shift();
  }

  /** Records a position: the live position, and a track point every few seconds. */
  locate(position: UavPosition): void {
    this.position = position;
    const last = this.track.at(-1);
    if (last !== undefined && position.time - last.time < TRACK_INTERVAL_S) return;
    this.track.push({ time: position.time, lat: position.lat, lon: position.lon, alt: position.alt });
    if (this.track.length > TRACK_POINTS) this.track.shift();
  }

  /**
   * Takes in what `older`, a drone known only by its transmitter, learned before the transmitter
   * named the drone: its positions, telemetry, operator and counts come first, what this drone
   * already knows wins.
   */
  absorb(older: UavDevice): void {
    this.position ??= older.position;
    const room = TELEMETRY_HISTORY - this.telemetry.length;
    if (room > 0) this.telemetry.unshift(...older.telemetry.slice(-room));
    this.track.unshift(...older.track.filter((point) => point.time < (this.track[0]?.time ?? Infinity)));
    this.track.splice(0, Math.max(0, this.track.length - TRACK_POINTS));
    this.home ??= older.home;
    this.operator ??= older.operator;
    this.area ??= older.area;
    if (this.operatorId === '') this.operatorId = older.operatorId;
    if (this.operatorLocationType < 0) this.operatorLocationType = older.operatorLocationType;
    if (this.selfId === '') [this.selfId, this.selfIdType] = [older.selfId, older.selfIdType];
    if (this.manufacturer === '') this.manufacturer = older.manufacturer;
    if (this.model === '') this.model = older.model;
    this.matchedRule ??= older.matchedRule;
    this.authPages += older.authPages;
    this.malformed += older.malformed;
    for (const [kind, count] of older.messageCounts) this.messageCounts.set(kind, (this.messageCounts.get(kind) ?? 0) + count);
    for (const transmitter of older.transmitters) if (!this.transmitters.some((known) => known.mac === transmitter.mac)) this.transmitters.push(transmitter);
  }

  /** The `uav.device` record. */
  toRecord(): Record<string, unknown> {
    const position = this.position;
    const last = this.telemetry.at(-1);
    const area = this.area;
    const record: Record<string, unknown> = {
      'uav.manufacturer': this.manufacturer,
      'uav.model': this.model,
      'uav.serialnumber': this.serialNumber,
      'uav.match_type': this.matchType,
      'uav.last_telemetry': last && telemetryRecord(last),
      'uav.telemetry_history': this.telemetry.map(telemetryRecord),
      'uav.telemetry.home_location': this.home && pointRecord(this.home),
      'uav.telemetry.app_location': this.operator && pointRecord(this.operator),
      'uav.type': this.matchedRule,
      'uav.device.id': this.id,
      'uav.device.id_kind': this.idKind,
      'uav.device.registration_id': this.registrationId,
      'uav.device.utm_id': this.utmId,
      'uav.device.session_id': this.sessionId,
      'uav.device.ua_type': this.uaType,
      'uav.device.status': position?.status ?? 0,
      'uav.device.lat': position?.lat ?? 0,
      'uav.device.lon': position?.lon ?? 0,
      'uav.device.altitude': position?.alt ?? 0,
      'uav.device.pressure_altitude': position?.pressureAltitude ?? 0,
      'uav.device.height': position?.height ?? 0,
      'uav.device.height_type': position ? (HEIGHT_TYPES[position.heightType] ?? '') : '',
      'uav.device.speed': position?.speed ?? 0,
      'uav.device.vertical_speed': position?.verticalSpeed ?? 0,
      'uav.device.heading': position?.heading ?? 0,
      'uav.device.position_time': position?.time ?? 0,
      'uav.device.track': this.track.map((point) => [point.time, point.lat, point.lon, point.alt]),
      'uav.device.operator_id': this.operatorId,
      'uav.device.operator_location_type': OPERATOR_LOCATION_TYPES[this.operatorLocationType] ?? '',
      'uav.device.self_id': this.selfId,
      'uav.device.self_id_type': this.selfIdType,
      'uav.device.area': area && {
        'uav.device.area.count': area.count,
        'uav.device.area.radius': area.radius,
        'uav.device.area.ceiling': area.ceiling,
        'uav.device.area.floor': area.floor,
        'uav.device.area.classification_type': area.classificationType,
        'uav.device.area.category': area.category,
        'uav.device.area.class': area.class,
      },
      'uav.device.auth_type': this.authType,
      'uav.device.auth_pages': this.authPages,
      'uav.device.radio': this.transmitters[0] ? radioOf(this.transmitters[0].transport) : '',
      'uav.device.transport': this.transmitters[0]?.transport ?? '',
      'uav.device.transmitter': this.transmitters[0] ? formatMac(this.transmitters[0].mac) : '',
      'uav.device.transmitters': Object.fromEntries(this.transmitters.map((transmitter) => [formatMac(transmitter.mac), transmitter.transport])),
      'uav.device.message_counts': Object.fromEntries(this.messageCounts),
      'uav.device.malformed': this.malformed,
    };
    for (const name of Object.keys(record)) if (record[name] === undefined) delete record[name];
    return record;
  }

  /** The sub-record as `toRecord` served it (a drone restored from a log). */
  static fromRecord(record: Record<string, unknown>): UavDevice | undefined {
    const text = (name: string) => (typeof record[name] === 'string' ? (record[name] as string) : '');
    const number = (name: string) => (typeof record[name] === 'number' ? (record[name] as number) : 0);
    const kind = text('uav.device.id_kind') as DroneIdKind;
    const id = text('uav.device.id');
    if (!ID_KINDS.includes(kind) || id === '') return undefined;
    const device = new UavDevice(kind, id);
    device.manufacturer = text('uav.manufacturer');
    device.model = text('uav.model');
    device.serialNumber = text('uav.serialnumber');
    device.matchType = text('uav.match_type');
    const rule = record['uav.type'];
    if (typeof rule === 'object' && rule !== null) device.matchedRule = rule as Record<string, unknown>;
    device.registrationId = text('uav.device.registration_id');
    device.utmId = text('uav.device.utm_id');
    device.sessionId = text('uav.device.session_id');
    device.uaType = number('uav.device.ua_type');
    if (number('uav.device.position_time') > 0) {
      device.position = {
        lat: number('uav.device.lat'),
        lon: number('uav.device.lon'),
        alt: number('uav.device.altitude'),
        time: number('uav.device.position_time'),
        pressureAltitude: number('uav.device.pressure_altitude'),
        height: number('uav.device.height'),
        heightType: Math.max(0, HEIGHT_TYPES.indexOf(text('uav.device.height_type'))),
        speed: number('uav.device.speed'),
        verticalSpeed: number('uav.device.vertical_speed'),
        heading: number('uav.device.heading'),
        status: number('uav.device.status'),
        reportedTime: -1,
      };
    }
    const history = record['uav.telemetry_history'];
    if (Array.isArray(history)) for (const entry of history.slice(-TELEMETRY_HISTORY)) pushDefined(device.telemetry, telemetryFromRecord(entry));
    const track = record['uav.device.track'];
    if (Array.isArray(track)) {
      for (const point of track.slice(-TRACK_POINTS)) if (Array.isArray(point) && point.length === 4 && point.every((value) => typeof value === 'number')) device.track.push({ time: point[0], lat: point[1], lon: point[2], alt: point[3] });
    }
    device.home = pointFromRecord(record['uav.telemetry.home_location']);
    device.operator = pointFromRecord(record['uav.telemetry.app_location']);
    device.operatorId = text('uav.device.operator_id');
    device.operatorLocationType = OPERATOR_LOCATION_TYPES.indexOf(text('uav.device.operator_location_type'));
    device.selfId = text('uav.device.self_id');
    device.selfIdType = number('uav.device.self_id_type');
    const area = record['uav.device.area'];
    if (typeof area === 'object' && area !== null) {
      const fields = area as Record<string, unknown>;
      const value = (name: string) => (typeof fields[`uav.device.area.${name}`] === 'number' ? (fields[`uav.device.area.${name}`] as number) : 0);
      device.area = { count: value('count'), radius: value('radius'), ceiling: value('ceiling'), floor: value('floor'), classificationType: value('classification_type'), category: value('category'), class: value('class') };
    }
    device.authType = number('uav.device.auth_type');
    device.authPages = number('uav.device.auth_pages');
    const transmitters = record['uav.device.transmitters'];
    if (typeof transmitters === 'object' && transmitters !== null) {
      for (const [mac, transport] of Object.entries(transmitters)) {
        const value = Number.parseInt(mac.replaceAll(':', ''), 16);
        if (/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/.test(mac) && typeof transport === 'string') device.transmitters.push({ mac: value, transport, lastTime: 0 });
      }
    }
    const counts = record['uav.device.message_counts'];
    if (typeof counts === 'object' && counts !== null) for (const [kind, count] of Object.entries(counts)) if (typeof count === 'number') device.messageCounts.set(kind, count);
    device.malformed = number('uav.device.malformed');
    return device;
  }

  /** Packs the sub-record for the tracker's state snapshot; `readState` reads it in this order. */
  writeState(writer: StateWriter): void {
    writer.string(this.idKind);
    writer.string(this.id);
    for (const value of [this.manufacturer, this.model, this.serialNumber, this.matchType, this.registrationId, this.utmId, this.sessionId, this.operatorId, this.selfId]) writer.string(value);
    writer.string(this.matchedRule ? JSON.stringify(this.matchedRule) : '');
    for (const value of [this.uaType, this.operatorLocationType, this.selfIdType, this.authType, this.authPages, this.malformed]) writer.number(value);
    const position = this.position;
    writer.boolean(position !== undefined);
    if (position) for (const value of [position.lat, position.lon, position.alt, position.time, position.pressureAltitude, position.height, position.heightType, position.speed, position.verticalSpeed, position.heading, position.status, position.reportedTime]) writer.number(value);
    for (const point of [this.home, this.operator]) {
      writer.boolean(point !== undefined);
      if (point) for (const value of [point.lat, point.lon, point.alt, point.time]) writer.number(value);
    }
    const area = this.area;
    writer.boolean(area !== undefined);
    if (area) for (const value of [area.count, area.radius, area.ceiling, area.floor, area.classificationType, area.category, area.class]) writer.number(value);
    writer.uint(this.telemetry.length);
    for (const entry of this.telemetry) writeTelemetry(entry, writer);
    writer.uint(this.track.length);
    for (const point of this.track) for (const value of [point.time, point.lat, point.lon, point.alt]) writer.number(value);
    writer.uint(this.transmitters.length);
    for (const transmitter of this.transmitters) {
      writer.uint(transmitter.mac);
      writer.string(transmitter.transport);
      writer.number(transmitter.lastTime);
    }
    writer.uint(this.messageCounts.size);
    for (const [kind, count] of this.messageCounts) {
      writer.string(kind);
      writer.uint(count);
    }
  }

  /** The sub-record as `writeState` packed it. */
  static readState(reader: StateReader): UavDevice {
    const kind = reader.string() as DroneIdKind;
    if (!ID_KINDS.includes(kind)) throw new SvcError('SVC_ERR_BAD_STATE', `a drone keyed by an unknown kind of ID, '${kind}'`);
    const device = new UavDevice(kind, reader.string());
    device.manufacturer = reader.string();
    device.model = reader.string();
    device.serialNumber = reader.string();
    device.matchType = reader.string();
    device.registrationId = reader.string();
    device.utmId = reader.string();
    device.sessionId = reader.string();
    device.operatorId = reader.string();
    device.selfId = reader.string();
    const rule = reader.string();
    device.matchedRule = rule === '' ? undefined : parseRule(rule);
    device.uaType = reader.number();
    device.operatorLocationType = reader.number();
    device.selfIdType = reader.number();
    device.authType = reader.number();
    device.authPages = reader.number();
    device.malformed = reader.number();
    if (reader.boolean()) {
      const [lat, lon, alt, time, pressureAltitude, height, heightType, speed, verticalSpeed, heading, status, reportedTime] = Array.from({ length: 12 }, () => reader.number()) as [number, number, number, number, number, number, number, number, number, number, number, number];
      device.position = { lat, lon, alt, time, pressureAltitude, height, heightType, speed, verticalSpeed, heading, status, reportedTime };
    }
    const point = () => (reader.boolean() ? { lat: reader.number(), lon: reader.number(), alt: reader.number(), time: reader.number() } : undefined);
    device.home = point();
    device.operator = point();
    if (reader.boolean()) device.area = { count: reader.number(), radius: reader.number(), ceiling: reader.number(), floor: reader.number(), classificationType: reader.number(), category: reader.number(), class: reader.number() };
    for (let count = reader.count(); count > 0; count--) device.telemetry.push(readTelemetry(reader));
    for (let count = reader.count(); count > 0; count--) device.track.push({ time: reader.number(), lat: reader.number(), lon: reader.number(), alt: reader.number() });
    for (let count = reader.count(); count > 0; count--) device.transmitters.push({ mac: reader.uint(), transport: reader.string(), lastTime: reader.number() });
    for (let count = reader.count(); count > 0; count--) device.messageCounts.set(reader.string(), reader.uint());
    return device;
  }
}

const ID_KINDS: readonly DroneIdKind[] = ['serial', 'registration', 'utm', 'session', 'undeclared', 'dji', 'mac'];

/** The radio of a transport name. */
function radioOf(transport: string): string {
  return transport.startsWith('BLE') ? 'BLE' : 'Wi-Fi';
}

/** The matched rule's record as the state kept it. */
function parseRule(text: string): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new SvcError('SVC_ERR_BAD_STATE', 'a drone whose matched rule is not JSON');
  }
}

function pushDefined<T>(list: T[], value: T | undefined): void {
  if (value !== undefined) list.push(value);
}

/** How the UAV PHY packs its sub-record into the tracker's state snapshot. */
export const uavComponentState: PhyComponentState<UavDevice> = {
  version: 1,
  write: (component, writer) => component.writeState(writer),
  read: (reader) => UavDevice.readState(reader),
};
