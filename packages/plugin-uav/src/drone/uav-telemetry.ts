/**
 * One telemetry entry of a drone, Kismet's `uav.telemetry.*` record (`phy_uav_drone.h`): where
 * the drone was (a location point), when, its attitude, height, velocity in north, east and up,
 * and whether its motors ran and it was airborne. Kismet fills it from DJI DroneID; svc fills it
 * from Remote ID's Location messages too (the track direction as yaw, the ground speed split into
 * north and east).
 */
import type { FieldDefinition } from '@svc/core';

/** A location point as svc serves them (`svc.common.location.*`). */
export interface UavPoint {
  readonly lat: number;
  readonly lon: number;
  /** Altitude, m (0 when unknown). */
  readonly alt: number;
  /** Unix seconds. */
  readonly time: number;
}

/** The record of a location point, as the core's location records spell it: fix 3 with an altitude, else 2. */
export function pointRecord(point: UavPoint): Record<string, unknown> {
  return {
    'svc.common.location.geopoint': [point.lon, point.lat],
    'svc.common.location.alt': point.alt,
    'svc.common.location.fix': point.alt !== 0 ? 3 : 2,
    'svc.common.location.time_sec': Math.floor(point.time),
  };
}

/** A location point from its record, or undefined when the record is not one. */
export function pointFromRecord(value: unknown): UavPoint | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const geopoint = record['svc.common.location.geopoint'];
  if (!Array.isArray(geopoint) || geopoint.length !== 2 || !geopoint.every((part) => typeof part === 'number')) return undefined;
  const number = (name: string) => (typeof record[name] === 'number' ? (record[name] as number) : 0);
  return { lon: geopoint[0], lat: geopoint[1], alt: number('svc.common.location.alt'), time: number('svc.common.location.time_sec') };
}

/** One telemetry entry. */
export interface UavTelemetry {
  readonly location: UavPoint;
  /** Unix seconds of the packet that carried it. */
  readonly timestamp: number;
  readonly yaw: number;
  readonly pitch: number;
  readonly roll: number;
  /** Height above the take-off point or the ground, m. */
  readonly height: number;
  /** Velocity, m/s. */
  readonly vNorth: number;
  readonly vEast: number;
  readonly vUp: number;
  readonly motorOn: boolean;
  readonly airborne: boolean;
}

/** The telemetry numbers in the order the state snapshot writes them. */
const NUMBERS = ['timestamp', 'yaw', 'pitch', 'roll', 'height', 'vNorth', 'vEast', 'vUp'] as const;

/** Fields of a telemetry record. */
export const UAV_TELEMETRY_FIELDS: readonly FieldDefinition[] = [
  { name: 'uav.telemetry.location', type: 'object', description: 'UAV GPS location (location point)' },
  { name: 'uav.telemetry.timestamp', type: 'double', description: 'timestamp (sec.usec)' },
  { name: 'uav.telemetry.yaw', type: 'double', description: 'yaw, degrees (Remote ID: the track direction)' },
  { name: 'uav.telemetry.pitch', type: 'double', description: 'pitch, degrees' },
  { name: 'uav.telemetry.roll', type: 'double', description: 'roll, degrees' },
  { name: 'uav.telemetry.height', type: 'double', description: 'height above ground, m' },
  { name: 'uav.telemetry.v_north', type: 'double', description: 'velocity relative to n/s, m/s' },
  { name: 'uav.telemetry.v_east', type: 'double', description: 'velocity relative to e/w, m/s' },
  { name: 'uav.telemetry.v_up', type: 'double', description: 'velocity relative to up/down, m/s' },
  { name: 'uav.telemetry.motor_on', type: 'uint8_t', description: 'device reports motor enabled' },
  { name: 'uav.telemetry.airborne', type: 'uint8_t', description: 'device reports UAV is airborne' },
];

/** The `uav.telemetry.*` record of an entry. */
export function telemetryRecord(entry: UavTelemetry): Record<string, unknown> {
  return {
    'uav.telemetry.location': pointRecord(entry.location),
    'uav.telemetry.timestamp': entry.timestamp,
    'uav.telemetry.yaw': entry.yaw,
    'uav.telemetry.pitch': entry.pitch,
    'uav.telemetry.roll': entry.roll,
    'uav.telemetry.height': entry.height,
    'uav.telemetry.v_north': entry.vNorth,
    'uav.telemetry.v_east': entry.vEast,
    'uav.telemetry.v_up': entry.vUp,
    'uav.telemetry.motor_on': entry.motorOn ? 1 : 0,
    'uav.telemetry.airborne': entry.airborne ? 1 : 0,
  };
}

/** An entry from its record, or undefined when the record is not one. */
export function telemetryFromRecord(value: unknown): UavTelemetry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const location = pointFromRecord(record['uav.telemetry.location']);
  if (location === undefined) return undefined;
  const number = (name: string) => (typeof record[`uav.telemetry.${name}`] === 'number' ? (record[`uav.telemetry.${name}`] as number) : 0);
  return {
    location,
    timestamp: number('timestamp'),
    yaw: number('yaw'),
    pitch: number('pitch'),
    roll: number('roll'),
    height: number('height'),
    vNorth: number('v_north'),
    vEast: number('v_east'),
    vUp: number('v_up'),
    motorOn: number('motor_on') === 1,
    airborne: number('airborne') === 1,
  };
}

/** Writes an entry for the state snapshot; {@link readTelemetry} reads it back. */
export function writeTelemetry(entry: UavTelemetry, write: { number(value: number): void; boolean(value: boolean): void }): void {
  for (const value of [entry.location.lat, entry.location.lon, entry.location.alt, entry.location.time]) write.number(value);
  for (const name of NUMBERS) write.number(entry[name]);
  write.boolean(entry.motorOn);
  write.boolean(entry.airborne);
}

/** An entry as {@link writeTelemetry} wrote it. */
export function readTelemetry(read: { number(): number; boolean(): boolean }): UavTelemetry {
  const location = { lat: read.number(), lon: read.number(), alt: read.number(), time: read.number() };
  const [timestamp, yaw, pitch, roll, height, vNorth, vEast, vUp] = NUMBERS.map(() => read.number()) as [number, number, number, number, number, number, number, number];
  return { location, timestamp, yaw, pitch, roll, height, vNorth, vEast, vUp, motorOn: read.boolean(), airborne: read.boolean() };
}
