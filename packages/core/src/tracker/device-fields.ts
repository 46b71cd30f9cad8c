/**
 * The base device fields (kismet-reference 4.2) and how each is read from a `TrackedDevice`.
 * This one table drives serialization (record order = table order; a field whose reader
 * returns undefined is absent), field paths, regex filters, search and sort, so a device is
 * only turned into a JSON-shaped record when a client asks for a field that needs it.
 */
import { dataMap } from '../fields/data-map.js';
import type { FieldDefinition, FieldType } from '../fields/field-registry.js';
import { formatMac } from '../util/mac.js';
import type { RecordSource } from './device.js';
import type { SeenBy, TrackedDevice } from './tracked-device.js';
import { LOCATION_FIELDS, locationRecord } from './location-record.js';
import { RRD_FIELDS } from './rrd.js';
import { SIGNAL_FIELDS } from './signal.js';

type Reader = (device: TrackedDevice, now: number) => unknown;

interface BaseField extends FieldDefinition {
  readonly read: Reader;
  /** Registered and resolvable, but not written into records (an alias). */
  readonly hidden?: boolean;
}

const field = (name: string, type: FieldType, description: string, read: Reader, hidden = false): BaseField => ({ name, type, description, read, hidden });

const packetsRrd: Reader = (device, now) => device.packetsRrd?.toRecord(now);

/** Base fields in record order, with their readers. */
export const BASE_DEVICE_FIELDS: readonly BaseField[] = [
  field('svc.device.base.key', 'devicekey', 'device key: PHY prefix and MAC', (d) => d.key),
  field('svc.device.base.macaddr', 'mac_addr', 'MAC address', (d) => formatMac(d.mac)),
  field('svc.device.base.phyname', 'string', 'name of the PHY that tracks the device', (d) => d.phy.name),
  field('svc.device.base.name', 'string', 'name the device advertises (SSID, model)', (d) => d.name),
  field('svc.device.base.username', 'string', 'name set by a user', (d) => d.username),
  field('svc.device.base.commonname', 'string', 'user name if set, else advertised name, else MAC', (d) => d.commonname),
  field('svc.device.base.type', 'string', 'device type (Wi-Fi AP, Sensor, ...)', (d) => d.type),
  field('svc.device.base.basic_type_set', 'uint64_t', 'bitset of basic device types', (d) => d.basicTypeSet),
  field('svc.device.base.crypt', 'string', 'printable encryption summary', (d) => d.crypt),
  field('svc.device.base.basic_crypt_set', 'uint64_t', 'bitset of encryption kinds', (d) => d.basicCryptSet),
  field('svc.device.base.first_time', 'uint64_t', 'first time seen, Unix seconds', (d) => Math.floor(d.firstTime)),
  field('svc.device.base.last_time', 'uint64_t', 'last time seen, Unix seconds', (d) => Math.floor(d.lastTime)),
  field('svc.device.base.mod_time', 'uint64_t', 'last time the record changed (server clock), Unix seconds', (d) => Math.floor(d.modTime)),
  field('svc.device.base.packets.total', 'uint64_t', 'packets seen', (d) => d.packetsTotal),
  field('svc.device.base.packets.rx_total', 'uint64_t', 'packets received by the device', (d) => d.packetsRx),
  field('svc.device.base.packets.tx_total', 'uint64_t', 'packets sent by the device', (d) => d.packetsTx),
  field('svc.device.base.packets.llc', 'uint64_t', 'link-control packets', (d) => d.packetsLlc),
  field('svc.device.base.packets.error', 'uint64_t', 'malformed packets', (d) => d.packetsError),
  field('svc.device.base.packets.data', 'uint64_t', 'data packets', (d) => d.packetsData),
  field('svc.device.base.packets.crypt', 'uint64_t', 'encrypted packets', (d) => d.packetsCrypt),
  field('svc.device.base.packets.filtered', 'uint64_t', 'filtered packets', (d) => d.packetsFiltered),
  field('svc.device.base.datasize', 'uint64_t', 'bytes seen', (d) => d.datasize),
  field('svc.device.packets_rrd', 'object', 'packets per second/minute/hour (rrd record)', packetsRrd),
  field('svc.device.base.packets.rrd', 'object', 'same as svc.device.packets_rrd', packetsRrd, true),
  field('svc.device.base.signal', 'object', 'signal statistics (signal record)', (d, now) => d.signal?.toRecord(now)),
  field('svc.device.base.freq_khz_map', 'map[double,double]', 'packets per frequency in kHz', (d) =>
    d.frequencyCounts ? dataMap(Object.fromEntries(d.frequencyCounts.map((count) => [count.khz, count.packets]))) : undefined,
  ),
  field('svc.device.base.channel', 'string', 'current channel', (d) => d.channel),
  field('svc.device.base.frequency', 'double', 'current frequency in kHz', (d) => d.frequency),
  field('svc.device.base.manuf', 'string', 'manufacturer from the IEEE OUI registry', (d) => d.manuf),
  field('svc.device.base.num_alerts', 'uint32_t', 'alerts raised that name the device (their device_key)', (d) => d.numAlerts),
  field('svc.device.base.tags', 'map[string,string]', 'user tags (set_tag.cmd)', (d) => (d.tags ? dataMap(Object.fromEntries(d.tags)) : undefined)),
  field('svc.device.base.location', 'object', 'where the device was heard (location record)', (d) => (d.location ? locationRecord(d.location) : undefined)),
  field('svc.device.base.seenby', 'vector[seenby]', 'datasources that saw the device (seenby records)', (d, now) =>
    d.seenby
      ? d.seenby.map((seen) => ({
          'svc.common.seenby.uuid': seen.uuid,
          'svc.common.seenby.first_time': Math.floor(seen.firstTime),
          'svc.common.seenby.last_time': Math.floor(seen.lastTime),
          'svc.common.seenby.num_packets': seen.numPackets,
          ...(seen.signal && { 'svc.common.seenby.signal': seen.signal.toRecord(now) }),
        }))
      : undefined,
  ),
  field('svc.device.base.best_seenby', 'uuid', 'the seen-by source with the strongest last signal, of those that keep their own (the fleet view: the sensor hearing the device best)', (d) => bestSeenBy(d)?.uuid),
  field('svc.device.base.related_devices', 'map[string,vector[devicekey]]', 'related devices by relationship', (d) =>
    d.relatedDevices ? dataMap(Object.fromEntries([...d.relatedDevices].map(([kind, keys]) => [kind, [...keys]]))) : undefined,
  ),
];

/** Fields of the records nested in a device. */
export const NESTED_DEVICE_FIELDS: readonly FieldDefinition[] = [
  ...RRD_FIELDS,
  ...SIGNAL_FIELDS,
  { name: 'svc.common.seenby.uuid', type: 'uuid', description: 'datasource UUID' },
  { name: 'svc.common.seenby.first_time', type: 'uint64_t', description: 'first time this source saw the device' },
  { name: 'svc.common.seenby.last_time', type: 'uint64_t', description: 'last time this source saw the device' },
  { name: 'svc.common.seenby.num_packets', type: 'uint64_t', description: 'packets this source saw from the device' },
  { name: 'svc.common.seenby.signal', type: 'object', description: "this source's own signal statistics for the device (signal record), when it keeps them apart (the fleet view's sensors)" },
  ...LOCATION_FIELDS,
];

/** The seen-by entry with the strongest last signal, of those that keep their own signal; undefined when none does. */
export function bestSeenBy(device: TrackedDevice): SeenBy | undefined {
  let best: SeenBy | undefined;
  for (const seen of device.seenby ?? []) if (seen.signal && seen.signal.lastSignal !== 0 && (!best || seen.signal.lastSignal > best.signal!.lastSignal)) best = seen;
  return best;
}

/** Fields whose value moves with the clock (packet history), so no index can keep them. */
const TIME_DEPENDENT_FIELDS = new Set(['svc.device.packets_rrd', 'svc.device.base.packets.rrd']);

/** Whether a top-level field changes with time alone, without the device changing. */
export function isTimeDependentField(name: string): boolean {
  return TIME_DEPENDENT_FIELDS.has(name);
}

const READERS = new Map(BASE_DEVICE_FIELDS.map((entry) => [entry.name, entry.read]));

/** Reads one top-level field of a device (base field or PHY sub-record); undefined if absent. */
export function readDeviceField(device: TrackedDevice, name: string, now: number): unknown {
  const read = READERS.get(name);
  if (read) return read(device, now);
  if (name === device.phy.componentField && device.phy.componentKey) {
    const component = (device.components as Record<string, unknown>)[device.phy.componentKey];
    return component === undefined ? undefined : toPlain(component, now);
  }
  return undefined;
}

/** Follows a field path into a device, expanding nothing; undefined when it does not resolve. */
export function resolveDevicePath(device: TrackedDevice, path: readonly string[], now: number): unknown {
  let value = readDeviceField(device, path[0]!, now);
  for (let i = 1; i < path.length && value !== undefined; i++) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = toPlain((value as Record<string, unknown>)[path[i]!], now);
  }
  return value;
}

/** The device's full record: base fields in order, then its PHY sub-record. */
export function deviceRecord(device: TrackedDevice, now: number): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const entry of BASE_DEVICE_FIELDS) {
    if (entry.hidden) continue;
    const value = entry.read(device, now);
    if (value !== undefined) record[entry.name] = value;
  }
  if (device.phy.componentField) {
    const component = readDeviceField(device, device.phy.componentField, now);
    if (component !== undefined) record[device.phy.componentField] = component;
  }
  return record;
}

function toPlain(value: unknown, now: number): unknown {
  return value !== null && typeof value === 'object' && typeof (value as Partial<RecordSource>).toRecord === 'function'
    ? (value as RecordSource).toRecord(now)
    : value;
}

