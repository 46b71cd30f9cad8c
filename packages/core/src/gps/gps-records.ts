/**
 * The records the GPS routes and the `GPS_LOCATION` event serve, in Kismet's shape
 * (`svc.common.location.*`, `svc.gps.*`), and the fields they use.
 */
import type { FieldDefinition } from '../fields/field-registry.js';
import type { GpsFix } from './gps-fix.js';
import type { GpsDevice, GpsTracker } from './gps-tracker.js';

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

/** One GPS as `/gps/all_gps.json` lists it. */
export function gpsDeviceRecord(device: GpsDevice, priority: number, valid: boolean): Record<string, unknown> {
  return {
    'svc.gps.name': device.definition.name,
    'svc.gps.type': device.definition.type,
    'svc.gps.definition': device.definition.line,
    'svc.gps.description': device.description || device.typeDescription,
    'svc.gps.priority': priority,
    'svc.gps.state': device.state,
    'svc.gps.error': device.error,
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
  { name: 'svc.gps.name', type: 'string', description: 'GPS name (name= option, else its type)' },
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
