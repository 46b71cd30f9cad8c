/**
 * A BlueZ `org.bluez.Device1` object as a `linuxbthci` record, the record Kismet's Linux
 * Bluetooth tool sends, so the live adapter, a remote Kismet tool and a replayed capture make
 * devices the same way.
 *
 * BlueZ keeps one object per address and does not say over which transport it heard it, so the
 * record's `type` follows this rule, first match wins:
 * 1. `AddressType` `random`: LE with a random address (2). Only LE has random addresses.
 * 2. `Class` present: BR/EDR (0). BlueZ learns a class of device only from an inquiry response
 *    or EIR, which only Classic discovery gives (a dual-mode device heard both ways is Classic).
 * 3. Anything else: LE with a public address (1). A device BlueZ heard without a class was heard
 *    advertising (`AdvertisingFlags`, `ManufacturerData`, `ServiceData`, `Appearance` are LE's).
 */
import { formatMac, parseMac } from '@svc/core';
import { LinuxBtAddressKind, type LinuxBtHciRecord } from '../hci/linuxbthci-record.js';
import type { BluezProperties } from './bluez-objects.js';

/** The Device1 properties that change when the adapter hears the device; others (Connected, Paired) are the user's business. */
export const HEARD_PROPERTIES: ReadonlySet<string> = new Set([
  'RSSI',
  'Name',
  'AddressType',
  'Class',
  'Appearance',
  'TxPower',
  'UUIDs',
  'ManufacturerData',
  'ServiceData',
  'AdvertisingFlags',
]);

/** The record's address kind for a device, by the rule above. */
export function addressKindOf(device: BluezProperties): LinuxBtAddressKind {
  if (device.AddressType === 'random') return LinuxBtAddressKind.LE_RANDOM;
  if (typeof device.Class === 'number') return LinuxBtAddressKind.BR_EDR;
  return LinuxBtAddressKind.LE_PUBLIC;
}

/** The `linuxbthci` record of a device; undefined when BlueZ gave no usable address. */
export function deviceRecord(device: BluezProperties): LinuxBtHciRecord | undefined {
  const address = typeof device.Address === 'string' ? parseMac(device.Address) : undefined;
  if (address === undefined) return undefined;
  const kind = addressKindOf(device);
  const record: { -readonly [K in keyof LinuxBtHciRecord]: LinuxBtHciRecord[K] } = {
    addr: formatMac(address),
    type: kind,
    address_type: kind === LinuxBtAddressKind.LE_RANDOM ? 'random' : 'public',
  };
  if (typeof device.Name === 'string' && device.Name !== '') record.name = device.Name;
  if (typeof device.Class === 'number') record.class = device.Class;
  if (typeof device.Appearance === 'number') record.appearance = device.Appearance;
  if (typeof device.TxPower === 'number') record.txpower = device.TxPower;
  const flags = device.AdvertisingFlags;
  if (Buffer.isBuffer(flags) && flags.length > 0) record.flags = flags[0];
  if (Array.isArray(device.UUIDs)) record.uuids = device.UUIDs.filter((uuid): uuid is string => typeof uuid === 'string');
  const manufacturers = hexEntries(device.ManufacturerData);
  if (manufacturers) record.manufacturer_data = manufacturers;
  const services = hexEntries(device.ServiceData);
  if (services) record.service_data = services;
  return record;
}

/** A dictionary of byte arrays (`ManufacturerData`, `ServiceData`) as hex strings; undefined when empty. */
function hexEntries(value: unknown): Record<string, string> | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, Buffer] => Buffer.isBuffer(entry[1]));
  return entries.length > 0 ? Object.fromEntries(entries.map(([key, bytes]) => [key, bytes.toString('hex')])) : undefined;
}
