/**
 * Rows of the svcdb tables other than `packets`, built from what svc holds: a device, a
 * non-frame record (rtl_433 JSON, a serial report), an alert, a message, a datasource, a GPS
 * position. Column order is the schema's; JSON columns carry svc's field names.
 */
import type { Packet } from '../../packets/packet.js';
import type { GpsFix } from '../../gps/gps-fix.js';
import type { PhyComponentState } from '../../tracker/phy.js';
import { writeDeviceState } from '../../tracker/state/device-state.js';
import type { StateWriter } from '../../tracker/state/state-writer.js';
import type { TrackedDevice } from '../../tracker/tracked-device.js';
import { deviceRecord } from '../../tracker/device-fields.js';
import { formatMac } from '../../util/mac.js';
import type { DeviceStateRow, SvcdbValue } from './svcdb-messages.js';

const ZERO_MAC = '00:00:00:00:00:00';

/** A `devices` row: the device's summary columns and its whole record as JSON. */
export function deviceRow(device: TrackedDevice, now: number): SvcdbValue[] {
  const location = device.location;
  const count = location?.sum.count ?? 0;
  return [
    Math.floor(device.firstTime),
    Math.floor(device.lastTime),
    device.key,
    device.phy.name,
    formatMac(device.mac),
    device.signal?.maxSignal ?? 0,
    location?.min.lat ?? 0,
    location?.min.lon ?? 0,
    location?.max.lat ?? 0,
    location?.max.lon ?? 0,
    count > 0 ? location!.sum.lat / count : 0,
    count > 0 ? location!.sum.lon / count : 0,
    device.datasize,
    device.type,
    JSON.stringify(deviceRecord(device, now)),
  ];
}

/**
 * The device's row of the state snapshot, or undefined when its PHY has a sub-record but no
 * compact form of it: such a device is restored from its JSON record, which holds it whole.
 */
export function deviceStateRow(device: TrackedDevice, componentState: PhyComponentState | undefined, writer: StateWriter): DeviceStateRow | undefined {
  if (device.phy.componentKey !== undefined && componentState === undefined) return undefined;
  try {
    writeDeviceState(device, componentState, writer);
  } catch (error) {
    // A PHY that fails to pack its sub-record leaves half a state behind: drop it.
    writer.take();
    throw error;
  }
  return [device.phy.name, formatMac(device.mac), writer.take()];
}

/** A `data` row for a packet that carries a record instead of a frame. */
export function dataRow(packet: Packet): SvcdbValue[] {
  const gps = packet.gps && packet.gps.fix >= 2 ? packet.gps : undefined;
  return [
    packet.tsSec,
    packet.tsUsec,
    packet.phyName ?? 'UNKNOWN',
    packet.device ? formatMac(packet.device.mac) : ZERO_MAC,
    gps?.lat ?? 0,
    gps?.lon ?? 0,
    gps?.alt ?? 0,
    0,
    0,
    packet.sourceUuid,
    packet.json!.type,
    packet.json!.text,
  ];
}

/** An `alerts` row from an alert record, placed where the server was when it was raised. */
export function alertRow(record: Record<string, unknown>, gps: GpsFix | undefined): SvcdbValue[] {
  const timestamp = Number(record['svc.alert.timestamp'] ?? 0);
  return [
    Math.floor(timestamp),
    Math.round((timestamp % 1) * 1e6),
    String(record['svc.alert.phy_name'] || 'UNKNOWN'),
    String(record['svc.alert.transmitter_mac'] ?? ZERO_MAC),
    gps?.lat ?? 0,
    gps?.lon ?? 0,
    String(record['svc.alert.header'] ?? ''),
    JSON.stringify(record),
  ];
}

/** Message flags to Kismet's `msgtype` words. */
function messageType(flags: number): string {
  if (flags & 16) return 'FATAL';
  if (flags & 8) return 'ALERT';
  if (flags & 4) return 'ERROR';
  if (flags & 1) return 'DEBUG';
  return 'INFO';
}

/** A `messages` row from a message record. */
export function messageRow(record: Record<string, unknown>, gps: GpsFix | undefined): SvcdbValue[] {
  return [
    Math.floor(Number(record['svc.messagebus.message_time'] ?? 0)),
    gps?.lat ?? 0,
    gps?.lon ?? 0,
    messageType(Number(record['svc.messagebus.message_flags'] ?? 2)),
    String(record['svc.messagebus.message_string'] ?? ''),
  ];
}

/**
 * The datasource fields Kismet's `kismetdb_statistics` reads from this blob by Kismet's names (it
 * stops with an error without them): they are repeated under those names beside svc's record.
 */
const KISMET_STATISTICS_FIELDS = ['hardware', 'num_packets', 'hopping', 'hop_rate', 'hop_channels', 'channel'] as const;

/** A `datasources` row from a datasource record. */
export function datasourceRow(record: Record<string, unknown>): SvcdbValue[] {
  const json: Record<string, unknown> = { ...record };
  for (const name of KISMET_STATISTICS_FIELDS) json[`kismet.datasource.${name}`] = record[`svc.datasource.${name}`];
  return [
    String(record['svc.datasource.uuid'] ?? ''),
    String((record['svc.datasource.type_driver'] as Record<string, unknown> | undefined)?.['svc.datasource.driver.type'] ?? ''),
    String(record['svc.datasource.definition'] ?? ''),
    String(record['svc.datasource.name'] ?? ''),
    String(record['svc.datasource.interface'] ?? ''),
    JSON.stringify(json),
  ];
}

/** A `snapshots` row of type `GPS`: where the server was. */
export function gpsSnapshotRow(fix: GpsFix): SvcdbValue[] {
  return [Math.floor(fix.time), Math.round((fix.time % 1) * 1e6), fix.lat, fix.lon, 'GPS', JSON.stringify({ 'svc.gps.lat': fix.lat, 'svc.gps.lon': fix.lon, 'svc.gps.alt': fix.alt ?? 0, 'svc.gps.speed': fix.speed ?? 0, 'svc.gps.heading': fix.heading ?? 0, 'svc.gps.fix': fix.fix, 'svc.gps.time': fix.time })];
}

/**
 * A `snapshots` row of type `POI`, as Kismet writes a point of interest: when, where the server
 * was (0, 0 without a fix), and `{"note": ...}` (Kismet leaves the JSON empty without a note).
 */
export function poiSnapshotRow(record: Record<string, unknown>): SvcdbValue[] {
  const time = Number(record['svc.poi.time'] ?? 0);
  const location = record['svc.poi.location'] as Record<string, unknown> | undefined;
  const valid = location?.['svc.common.location.valid'] === 1;
  const [lon, lat] = valid ? (location!['svc.common.location.geopoint'] as [number, number]) : [0, 0];
  const note = record['svc.poi.note'];
  return [Math.floor(time), Math.round((time % 1) * 1e6), lat, lon, 'POI', typeof note === 'string' && note !== '' ? JSON.stringify({ note }) : ''];
}
