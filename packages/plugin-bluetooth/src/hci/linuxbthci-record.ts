/**
 * The `linuxbthci` JSON record: what Kismet's `kismet_cap_linux_bluetooth` sends for each
 * device its adapter found (`addr`, `name`, `type`: 0 BR/EDR, 1 LE public, 2 LE random, and
 * `connectable`), and what svc's own `linuxbluetooth` source sends with the rest of what BlueZ
 * knows: `address_type`, `class`, `appearance`, `txpower`, `flags` (the advertising flags
 * byte), `uuids`, `manufacturer_data` (company id to hex) and `service_data` (UUID to hex). The
 * RSSI travels as the packet's signal.
 */
import { parseMac } from '@svc/core';
import type { AdvertisingData } from '../btle/advertising-data.js';
import type { BluetoothAddressType, BluetoothReport } from './bluetooth-report.js';

/** JSON record type of adapter reports, as Kismet names it. */
export const LINUXBTHCI_RECORD_TYPE = 'linuxbthci';

/** The record's `type`: how Kismet's tool (the kernel's management API) gives the address kind. */
export const enum LinuxBtAddressKind {
  BR_EDR = 0,
  LE_PUBLIC = 1,
  LE_RANDOM = 2,
}

/** What svc's adapter source puts in a record, beyond Kismet's four keys. */
export interface LinuxBtHciRecord {
  readonly addr: string;
  readonly name?: string;
  readonly type: number;
  readonly connectable?: number;
  readonly address_type?: BluetoothAddressType;
  readonly class?: number;
  readonly appearance?: number;
  readonly txpower?: number;
  readonly flags?: number;
  readonly uuids?: readonly string[];
  readonly manufacturer_data?: Readonly<Record<string, string>>;
  readonly service_data?: Readonly<Record<string, string>>;
}

const ADDRESS_TYPES: readonly BluetoothAddressType[] = ['public', 'random', 'public_identity', 'random_static_identity', 'anonymous', 'unknown'];
const BASE_UUID_TAIL = '-0000-1000-8000-00805F9B34FB';
const HEX = /^(?:[0-9a-fA-F]{2})*$/;

/** A UUID as the advertising data reader writes it: 16 or 32 bits when on the Bluetooth base UUID. */
export function shortUuid(uuid: string): string {
  const upper = uuid.toUpperCase();
  if (upper.length === 36 && upper.endsWith(BASE_UUID_TAIL)) return upper.startsWith('0000') ? upper.slice(4, 8) : upper.slice(0, 8);
  return upper;
}

function fail(message: string): never {
  throw new Error(`linuxbthci record: ${message}`);
}

function optionalInteger(record: Record<string, unknown>, key: string, min: number, max: number): number | undefined {
  const value = record[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) fail(`'${key}' must be an integer from ${min} to ${max}`);
  return value;
}

function hexMap(record: Record<string, unknown>, key: string): [string, string][] {
  const value = record[key];
  if (value === undefined || value === null) return [];
  if (typeof value !== 'object' || Array.isArray(value)) fail(`'${key}' must be an object of hex strings`);
  return Object.entries(value as Record<string, unknown>).map(([name, hex]) => {
    if (typeof hex !== 'string' || !HEX.test(hex)) fail(`'${key}.${name}' must be a hex string`);
    return [name, hex.toLowerCase()];
  });
}

/** Reads a record's JSON text into a report; throws, naming the key, when it is not a record. */
export function readLinuxBtHciRecord(text: string): BluetoothReport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    fail(`not JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) fail('not an object');
  const record = parsed as Record<string, unknown>;
  if (typeof record.addr !== 'string') fail("'addr' is required");
  const address = parseMac(record.addr);
  if (address === undefined) fail(`'addr' ${JSON.stringify(record.addr)} is not a device address`);
  const kind = optionalInteger(record, 'type', 0, 255) ?? LinuxBtAddressKind.BR_EDR;
  if (record.name !== undefined && typeof record.name !== 'string') fail("'name' must be a string");
  const data = advertisingDataOf(record);
  const addressType = addressTypeOf(record, kind);
  const connectable = optionalInteger(record, 'connectable', 0, 1);
  return {
    transport: kind === LinuxBtAddressKind.LE_PUBLIC || kind === LinuxBtAddressKind.LE_RANDOM ? 'le' : 'br_edr',
    kind: 'adapter',
    address,
    addressType,
    classOfDevice: optionalInteger(record, 'class', 0, 0xffffff),
    name: typeof record.name === 'string' && record.name !== '' ? record.name : undefined,
    connectable: connectable === undefined ? undefined : connectable === 1,
    txPower: optionalInteger(record, 'txpower', -128, 127),
    data,
    dataLength: 0,
  };
}

function addressTypeOf(record: Record<string, unknown>, kind: number): BluetoothAddressType {
  const given = record.address_type;
  if (given === undefined || given === null) return kind === LinuxBtAddressKind.LE_RANDOM ? 'random' : 'public';
  if (!ADDRESS_TYPES.includes(given as BluetoothAddressType)) fail(`'address_type' must be one of ${ADDRESS_TYPES.join(', ')}`);
  return given as BluetoothAddressType;
}

function advertisingDataOf(record: Record<string, unknown>): AdvertisingData {
  const data: AdvertisingData = { serviceUuids: [], truncated: false };
  const uuids = record.uuids;
  if (uuids !== undefined && uuids !== null) {
    if (!Array.isArray(uuids) || uuids.some((uuid) => typeof uuid !== 'string')) fail("'uuids' must be a list of strings");
    for (const uuid of uuids as string[]) if (!data.serviceUuids.includes(shortUuid(uuid))) data.serviceUuids.push(shortUuid(uuid));
  }
  const appearance = optionalInteger(record, 'appearance', 0, 0xffff);
  if (appearance !== undefined) data.appearance = appearance;
  const flags = optionalInteger(record, 'flags', 0, 0xff);
  if (flags !== undefined) data.flags = flags;
  for (const [id, hex] of hexMap(record, 'manufacturer_data')) {
    const companyId = Number(id);
    if (!Number.isInteger(companyId) || companyId < 0 || companyId > 0xffff) fail(`'manufacturer_data' key '${id}' is not a company id`);
    if (data.companyId !== undefined) (data.manufacturers ??= [{ companyId: data.companyId, data: data.manufacturerData ?? '' }]).push({ companyId, data: hex });
    data.companyId = companyId;
    data.manufacturerData = hex;
  }
  for (const [uuid, hex] of hexMap(record, 'service_data')) (data.serviceData ??= []).push({ uuid: shortUuid(uuid), data: hex });
  return data;
}

/** A UUID in full 128-bit form (`0000110A-0000-1000-8000-00805F9B34FB`), as Kismet serves its UUID fields. */
export function longUuid(uuid: string): string {
  if (uuid.length === 4) return `0000${uuid}${BASE_UUID_TAIL}`;
  if (uuid.length === 8) return `${uuid}${BASE_UUID_TAIL}`;
  return uuid;
}

/** A 16-bit UUID in the form BlueZ writes it (`0000180f-0000-1000-8000-00805f9b34fb`), for tests and sources. */
export function fullUuid(short: number): string {
  return longUuid(short.toString(16).toUpperCase().padStart(4, '0')).toLowerCase();
}
