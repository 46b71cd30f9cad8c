/**
 * `/system/status`: what an operator checks first. Battery, clock, memory, device count,
 * version and identity, with the field names of spec 2.3 and kismet-reference 1.2.
 */
import { userInfo } from 'node:os';
import type { FieldDefinition } from '../fields/field-registry.js';
import { nowSeconds, splitSeconds } from '../time/timestamp.js';
import { readBattery } from './battery.js';
import type { SystemHistory } from './system-history.js';

/** Fields of the status record and of timestamps. */
export const STATUS_FIELDS: readonly FieldDefinition[] = [
  { name: 'svc.system.battery.percentage', type: 'int32_t', description: 'remaining battery percentage' },
  { name: 'svc.system.battery.charging', type: 'string', description: 'battery charging state' },
  { name: 'svc.system.battery.ac', type: 'uint8_t', description: 'on AC power' },
  { name: 'svc.system.battery.remaining', type: 'uint32_t', description: 'battery remaining in seconds' },
  { name: 'svc.system.timestamp.sec', type: 'uint64_t', description: 'server timestamp, Unix seconds' },
  { name: 'svc.system.timestamp.usec', type: 'uint64_t', description: 'server timestamp, microseconds part' },
  { name: 'svc.system.timestamp.start_sec', type: 'uint64_t', description: 'server start time, Unix seconds' },
  { name: 'svc.system.memory.rss', type: 'uint64_t', description: 'resident memory in kilobytes' },
  { name: 'svc.system.memory.heap_used', type: 'uint64_t', description: 'JavaScript heap in use, in kilobytes' },
  { name: 'svc.system.devices.count', type: 'uint64_t', description: 'number of tracked devices' },
  { name: 'svc.system.memory.rrd', type: 'object', description: 'resident memory in kilobytes, sampled each second; the peak per minute and hour (rrd record)' },
  { name: 'svc.system.devices.rrd', type: 'object', description: 'tracked devices, sampled each second; the peak per minute and hour (rrd record)' },
  { name: 'svc.system.user', type: 'string', description: 'user the server runs as' },
  { name: 'svc.system.version', type: 'string', description: 'svc version' },
  { name: 'svc.system.server_name', type: 'string', description: 'server name from config' },
  { name: 'svc.system.server_description', type: 'string', description: 'server description from config' },
  { name: 'svc.system.server_location', type: 'string', description: 'server location from config' },
  { name: 'svc.system.num_fields', type: 'uint64_t', description: 'number of registered fields' },
  { name: 'svc.system.num_plugins', type: 'uint64_t', description: 'number of plugins applied' },
  { name: 'svc.server.uuid', type: 'uuid', description: 'unique id of this server' },
];

/** What the status record is built from. */
export interface StatusSource {
  readonly version: string;
  readonly serverUuid: string;
  readonly startTime: number;
  readonly serverName: string;
  readonly serverDescription: string;
  readonly serverLocation: string;
  numFields(): number;
  numPlugins(): number;
  deviceCount(): number;
  /** The memory and device-count histories. */
  readonly history: SystemHistory;
}

/** The current timestamp record (also the `TIMESTAMP` event payload). */
export function timestampRecord(now = nowSeconds()): Record<string, number> {
  const { sec, usec } = splitSeconds(now);
  return { 'svc.system.timestamp.sec': sec, 'svc.system.timestamp.usec': usec };
}

/**
 * The Unix user the server runs as (`svc.system.user`), or its uid when the system has no name
 * for it (a container run with an arbitrary uid), as Kismet falls back.
 */
export function serverUser(): string {
  try {
    return userInfo().username;
  } catch {
    return String(process.getuid?.() ?? '');
  }
}

/** Builds the status record. */
export function statusRecord(source: StatusSource, now = nowSeconds()): Record<string, unknown> {
  const battery = readBattery();
  const memory = process.memoryUsage();
  return {
    'svc.system.battery.percentage': battery.percentage,
    'svc.system.battery.charging': battery.charging,
    'svc.system.battery.ac': battery.ac,
    'svc.system.battery.remaining': battery.remaining,
    ...timestampRecord(),
    'svc.system.timestamp.start_sec': Math.floor(source.startTime),
    'svc.system.memory.rss': Math.round(memory.rss / 1024),
    'svc.system.memory.heap_used': Math.round(memory.heapUsed / 1024),
    'svc.system.devices.count': source.deviceCount(),
    ...source.history.records(now),
    'svc.system.user': serverUser(),
    'svc.system.version': source.version,
    'svc.system.server_name': source.serverName,
    'svc.system.server_description': source.serverDescription,
    'svc.system.server_location': source.serverLocation,
    'svc.system.num_fields': source.numFields(),
    'svc.system.num_plugins': source.numPlugins(),
    'svc.server.uuid': source.serverUuid,
  };
}
