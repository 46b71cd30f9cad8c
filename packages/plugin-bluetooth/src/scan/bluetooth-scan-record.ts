/**
 * One device of a phone's Bluetooth scan report (Kismet's `BLUETOOTHSCAN` record, kismet-docs
 * "PhyBluetooth Scanning-mode Sources"): `btaddr` (required), and optional `name`,
 * `devicetype` (the reporter's words for the kind of device, which becomes the device's type),
 * `txpowerlevel`, `pathloss`, `signal` (dBm), `scan_data` (the advertising data as hex) and
 * `service_data` (service UUID to hex). The route checks each entry with this reader before it
 * accepts a report, and the Bluetooth decoder reads the record again from the packet, so a
 * record replayed from a log decodes the same way.
 *
 * A report does not say whether the device was found by an LE scan or a Classic inquiry: a
 * `devicetype` of `BTLE` (or `LE`, `BLE`) or `BR/EDR` (or `Classic`) says it; otherwise an
 * entry with LE scan results (scan data, service data, TX power: what Android's and iOS's LE
 * scanners give) is an LE device, and one with only a name and a signal a Classic one (what
 * Android's Classic discovery gives).
 */
import { optionalNumber, optionalString, parseMac, requireString } from '@svc/core';
import { readAdvertisingData, type AdvertisingData } from '../btle/advertising-data.js';
import type { BluetoothReport } from '../hci/bluetooth-report.js';
import { shortUuid } from '../hci/linuxbthci-record.js';

/** JSON record type of scan-report packets, as Kismet names it. */
export const BLUETOOTHSCAN_RECORD_TYPE = 'BLUETOOTHSCAN';

const HEX = /^(?:[0-9a-fA-F]{2})*$/;
const SERVICE_UUID = /^(?:[0-9a-fA-F]{4}|[0-9a-fA-F]{8}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
/** Most bytes of scan data (extended advertising carries up to 1650). */
const MAX_SCAN_DATA_BYTES = 2048;
const LE_WORDS = /^(?:btle|ble|le|bluetooth le)$/i;
const CLASSIC_WORDS = /^(?:br\/edr|classic|bluetooth classic)$/i;

/** Reads one report entry; throws an error naming the key when it is not one. */
export function readBluetoothScanEntry(entry: Readonly<Record<string, unknown>>): BluetoothReport {
  const btaddr = requireString(entry, 'btaddr');
  const address = parseMac(btaddr);
  if (address === undefined) throw new Error(`btaddr '${btaddr}' is not a device address`);
  const deviceType = optionalString(entry, 'devicetype')?.trim() || undefined;
  const rawData = hexBytes(optionalString(entry, 'scan_data'), 'scan_data');
  if (rawData !== undefined && rawData.length > MAX_SCAN_DATA_BYTES) throw new Error(`'scan_data' has ${rawData.length} bytes (at most ${MAX_SCAN_DATA_BYTES})`);
  const txPower = txPowerOf(entry);
  const data = advertisingData(rawData, entry.service_data);
  const leScanResults = rawData !== undefined || data?.serviceData !== undefined || txPower !== undefined;
  return {
    transport: transportOf(deviceType, leScanResults),
    kind: 'scan_report',
    address,
    addressType: 'unknown',
    rssi: signalOf(entry),
    name: optionalString(entry, 'name') || undefined,
    txPower,
    pathloss: integer(entry, 'pathloss', -255, 255),
    deviceType,
    data,
    rawData,
    dataLength: rawData?.length ?? 0,
  };
}

/** Reads a `BLUETOOTHSCAN` record's JSON text; throws, naming the key, when it is not one. */
export function readBluetoothScanRecord(text: string): BluetoothReport {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('a BLUETOOTHSCAN record is a JSON object');
  return readBluetoothScanEntry(parsed as Record<string, unknown>);
}

/** LE or Classic, by the reporter's word for it, else by whether the entry has LE scan results. */
function transportOf(deviceType: string | undefined, leScanResults: boolean): BluetoothReport['transport'] {
  if (deviceType !== undefined && LE_WORDS.test(deviceType)) return 'le';
  if (deviceType !== undefined && CLASSIC_WORDS.test(deviceType)) return 'br_edr';
  return leScanResults ? 'le' : 'br_edr';
}

function integer(entry: Readonly<Record<string, unknown>>, key: string, min: number, max: number): number | undefined {
  const value = optionalNumber(entry, key);
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`'${key}' ${value} must be an integer from ${min} to ${max}`);
  return value;
}

/** The signal in dBm; 0 is Android's "no RSSI available". */
function signalOf(entry: Readonly<Record<string, unknown>>): number | undefined {
  const signal = optionalNumber(entry, 'signal');
  if (signal === undefined || signal === 0) return undefined;
  if (signal < -150 || signal > 30) throw new Error(`signal ${signal} dBm is out of range`);
  return Math.round(signal);
}

/**
 * The advertised TX power. A value no radio sends stands for "not advertised": Android's scan
 * record gives Integer.MIN_VALUE, HCI gives 127.
 */
function txPowerOf(entry: Readonly<Record<string, unknown>>): number | undefined {
  const value = optionalNumber(entry, 'txpowerlevel');
  if (value === undefined) return undefined;
  if (!Number.isInteger(value)) throw new Error(`'txpowerlevel' ${value} must be an integer (dBm)`);
  return value >= -127 && value <= 126 ? value : undefined;
}

function hexBytes(text: string | undefined, key: string): Buffer | undefined {
  if (text === undefined || text === '') return undefined;
  if (!HEX.test(text)) throw new Error(`'${key}' must be hex bytes (pairs of 0-9, a-f)`);
  return Buffer.from(text, 'hex');
}

/** The scan data's advertising data, with the `service_data` map (UUID to hex) added. */
function advertisingData(rawData: Buffer | undefined, serviceData: unknown): AdvertisingData | undefined {
  const data = rawData === undefined ? undefined : readAdvertisingData(rawData, 0, rawData.length);
  if (serviceData === undefined || serviceData === null) return data;
  if (typeof serviceData !== 'object' || Array.isArray(serviceData)) throw new Error("'service_data' must be an object of service UUID to hex bytes");
  const merged: AdvertisingData = data ?? { serviceUuids: [], truncated: false };
  for (const [uuid, hex] of Object.entries(serviceData)) {
    if (!SERVICE_UUID.test(uuid)) throw new Error(`'service_data' key '${uuid}' is not a service UUID`);
    if (typeof hex !== 'string' || !HEX.test(hex)) throw new Error(`'service_data.${uuid}' must be hex bytes (pairs of 0-9, a-f)`);
    const short = shortUuid(uuid);
    const entries = (merged.serviceData ??= []);
    const existing = entries.findIndex((item) => item.uuid === short);
    if (existing >= 0) entries.splice(existing, 1);
    entries.push({ uuid: short, data: hex.toLowerCase() });
  }
  return merged;
}
