/**
 * The records the GPS routes and the `GPS_LOCATION` event serve, in Kismet's shape
 * (`svc.common.location.*`, `svc.gps.*`, `svc.gps.type.*`), and the fields they use.
 */
import { dataMap } from '../fields/data-map.js';
import type { FieldDefinition } from '../fields/field-registry.js';
import type { GpsFix } from './gps-fix.js';
import type { GpsDevice, GpsTracker } from './gps-tracker.js';
import type { GpsTypeDefinition } from './gps-type.js';

/** The current location record: the best GPS's fix, or the record of no fix. */
export function currentLocation(gps: Pick<GpsTracker, 'best'>): Record<string, unknown> {
  const best = gps.best();
  return locationRecord(best?.fix, best !== undefined);
}

/** The best position as a location record, or undefined without a valid fix (an alert then has none). */
export function validLocation(gps: Pick<GpsTracker, 'best'>): Record<string, unknown> | undefined {
  const best = gps.best();
  return best ? locationRecord(best.fix, true) : undefined;
}

/** A location record; with no fix, a record of zeros with `fix` 0 and `valid` 0. */
export function locationRecord(fix: GpsFix | undefined, valid: boolean): Record<string, unknown> {
  return {
    'svc.common.location.geopoint': fix ? [fix.lon, fix.lat] : [0, 0],
    'svc.common.location.alt': fix?.alt ?? 0,
    'svc.common.location.speed': fix?.speed ?? 0,
    'svc.common.location.heading': fix?.heading ?? 0,
    'svc.common.location.fix': fix?.fix ?? 0,
    'svc.common.location.valid': valid ? 1 : 0,
    'svc.common.location.time_sec': fix ? Math.floor(fix.time) : 0,
    'svc.common.location.time_usec': fix ? Math.round((fix.time % 1) * 1e6) : 0,
  };
}

/** One GPS's last report, as `/gps/by-uuid/<uuid>/location.json` serves it: with the GPS's UUID, as Kismet adds it. */
export function gpsLocationRecord(gps: Pick<GpsTracker, 'isCurrent'>, device: GpsDevice): Record<string, unknown> {
  return { ...locationRecord(device.lastFix, gps.isCurrent(device)), 'svc.common.location.gps_uuid': device.uuid };
}

/** Every GPS's last report by UUID (`/gps/all_locations.json`). */
export function allGpsLocations(gps: Pick<GpsTracker, 'isCurrent' | 'list'>): Record<string, Record<string, unknown>> {
  return dataMap(Object.fromEntries(gps.list().map((device) => [device.uuid, locationRecord(device.lastFix, gps.isCurrent(device))])));
}

/** A GPS type as `/gps/drivers.json` lists it. */
export function gpsTypeRecord(type: GpsTypeDefinition): Record<string, unknown> {
  return {
    'svc.gps.type.class': type.name,
    'svc.gps.type.description': type.description,
    'svc.gps.type.default_name': type.name,
    'svc.gps.type.singleton': 0,
    'svc.gps.type.data_only': type.dataOnly ? 1 : 0,
  };
}

/** One GPS as `/gps/all_gps.json` lists it. */
export function gpsDeviceRecord(device: GpsDevice, priority: number, valid: boolean): Record<string, unknown> {
  return {
    'svc.gps.name': device.definition.name,
    'svc.gps.uuid': device.uuid,
    'svc.gps.type': device.definition.type,
    'svc.gps.definition': device.definition.line,
    'svc.gps.description': device.description || device.typeDescription,
    'svc.gps.priority': priority,
    'svc.gps.state': device.state,
    'svc.gps.error': device.error,
    'svc.gps.data_only': device.dataOnly ? 1 : 0,
    'svc.gps.location': locationRecord(device.lastFix, valid),
    ...(device.lastFix?.satellitesUsed !== undefined && { 'svc.gps.satellites_used': device.lastFix.satellitesUsed }),
    ...(device.lastFix?.satellitesVisible !== undefined && { 'svc.gps.satellites_visible': device.lastFix.satellitesVisible }),
  };
}

/** Fields of the GPS records (the location fields the device records share are registered there). */
export const GPS_FIELDS: readonly FieldDefinition[] = [
  { name: 'svc.common.location.speed', type: 'double', description: 'ground speed in km/h' },
  { name: 'svc.common.location.heading', type: 'double', description: 'course over ground, degrees from true north' },
  { name: 'svc.common.location.valid', type: 'uint8_t', description: '1 when the fix is current (the GPS reported it recently)' },
  { name: 'svc.gps.track', type: 'vector[vector[double]]', description: "this sensor's track: [unix time, lat, lon, alt m] per point, oldest first" },
  { name: 'svc.common.location.gps_uuid', type: 'uuid', description: 'UUID of the GPS that reported the location' },
  { name: 'svc.gps.name', type: 'string', description: 'GPS name (name= option, else its type)' },
  { name: 'svc.gps.uuid', type: 'uuid', description: 'GPS UUID (uuid= option, else derived from its name and definition)' },
  { name: 'svc.gps.data_only', type: 'uint8_t', description: '1 when its positions are only for the datasources bound to it (metagps=), never the server position' },
  { name: 'svc.gps.type.class', type: 'string', description: 'GPS type, the name before the : of a gps= line' },
  { name: 'svc.gps.type.description', type: 'string', description: 'what the GPS type reads and which options it takes' },
  { name: 'svc.gps.type.default_name', type: 'string', description: 'name a GPS of this type gets without name=' },
  { name: 'svc.gps.type.singleton', type: 'uint8_t', description: '1 when only one GPS of this type may exist (none in svc)' },
  { name: 'svc.gps.type.data_only', type: 'uint8_t', description: '1 when its GPSes are data only (meta)' },
  { name: 'svc.gps.type', type: 'string', description: 'GPS type (serial, virtual, ...)' },
  { name: 'svc.gps.definition', type: 'string', description: 'the gps= line' },
  { name: 'svc.gps.description', type: 'string', description: 'where the fixes come from' },
  { name: 'svc.gps.priority', type: 'uint32_t', description: 'rank: the first GPS with a valid fix is used (0 first)' },
  { name: 'svc.gps.state', type: 'string', description: 'opening, running, error or closed' },
  { name: 'svc.gps.error', type: 'string', description: 'why the GPS is in error, empty otherwise' },
  { name: 'svc.gps.location', type: 'object', description: 'the GPS last report (location record)' },
  { name: 'svc.gps.satellites_used', type: 'uint32_t', description: 'satellites used in the last fix (GPS types that report it, such as gpsd)' },
  { name: 'svc.gps.satellites_visible', type: 'uint32_t', description: 'satellites in view at the last fix (GPS types that report it)' },
];
