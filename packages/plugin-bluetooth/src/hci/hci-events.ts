/**
 * The HCI events that tell a host about remote devices (Core spec vol 4 part E 7.7): Inquiry
 * Result (0x02), Inquiry Result with RSSI (0x22), Extended Inquiry Result (0x2F), Remote Name
 * Request Complete (0x07), and the LE Meta event's Advertising Report (0x02), Directed
 * Advertising Report (0x0B) and Extended Advertising Report (0x0D). One event may carry several
 * reports; each becomes a {@link BluetoothReport}. A report that runs past the event stops the
 * walk: the reports before it are kept and the event counts as malformed.
 */
import { readAdvertisingData } from '../btle/advertising-data.js';
import type { BluetoothAddressType, BluetoothReport } from './bluetooth-report.js';

/** What one event told. */
export interface HciEventReports {
  readonly reports: BluetoothReport[];
  /** The event (or a report in it) was shorter than it said. */
  readonly malformed: boolean;
}

const EVENT_INQUIRY_RESULT = 0x02;
const EVENT_REMOTE_NAME = 0x07;
const EVENT_INQUIRY_RESULT_RSSI = 0x22;
const EVENT_EXTENDED_INQUIRY_RESULT = 0x2f;
const EVENT_LE_META = 0x3e;
const LE_ADVERTISING_REPORT = 0x02;
const LE_DIRECTED_ADVERTISING_REPORT = 0x0b;
const LE_EXTENDED_ADVERTISING_REPORT = 0x0d;
/** RSSI and TX power value that means "not available". */
const NOT_AVAILABLE = 127;
const ADDRESS_BYTES = 6;
const REMOTE_NAME_BYTES = 248;
/** One response of an inquiry result: address 6, scan modes 3 (2 with RSSI), class 3, clock offset 2 (+ RSSI 1). */
const INQUIRY_RESPONSE_BYTES = 14;
const LEGACY_PDU_TYPES = ['ADV_IND', 'ADV_DIRECT_IND', 'ADV_SCAN_IND', 'ADV_NONCONN_IND', 'SCAN_RSP'] as const;
const LE_ADDRESS_TYPES: readonly BluetoothAddressType[] = ['public', 'random', 'public_identity', 'random_static_identity'];

/** Reads a device address stored little endian, as a number in display order. */
export function readBdAddr(bytes: Uint8Array, at: number): number {
  return ((bytes[at + 5]! << 16) | (bytes[at + 4]! << 8) | bytes[at + 3]!) * 0x1000000 + ((bytes[at + 2]! << 16) | (bytes[at + 1]! << 8) | bytes[at]!);
}

function leAddressType(code: number): BluetoothAddressType {
  return code === 0xff ? 'anonymous' : (LE_ADDRESS_TYPES[code] ?? 'unknown');
}

function signed(byte: number): number {
  return (byte << 24) >> 24;
}

function rssiOf(byte: number): number | undefined {
  const value = signed(byte);
  return value === NOT_AVAILABLE ? undefined : value;
}

function classOfDevice(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
}

/**
 * Reads the HCI event whose event code is at `offset` (just after the H4 packet type); undefined
 * when it is no event about remote devices.
 */
export function readHciEvent(bytes: Uint8Array, offset: number): HciEventReports | undefined {
  if (bytes.length < offset + 2) return undefined;
  const code = bytes[offset]!;
  const declared = bytes[offset + 1]!;
  const start = offset + 2;
  // A capture may cut an event short (snap length): read what is there and call it malformed.
  const end = Math.min(start + declared, bytes.length);
  const cut = start + declared > bytes.length;
  let result: HciEventReports | undefined;
  switch (code) {
    case EVENT_INQUIRY_RESULT:
    case EVENT_INQUIRY_RESULT_RSSI:
      result = readInquiryResults(bytes, start, end, code === EVENT_INQUIRY_RESULT_RSSI);
      break;
    case EVENT_EXTENDED_INQUIRY_RESULT:
      result = readExtendedInquiryResult(bytes, start, end);
      break;
    case EVENT_REMOTE_NAME:
      result = readRemoteName(bytes, start, end);
      break;
    case EVENT_LE_META:
      result = readLeMeta(bytes, start, end);
      break;
    default:
      return undefined;
  }
  return result !== undefined && cut ? { reports: result.reports, malformed: true } : result;
}

/** Inquiry Result and Inquiry Result with RSSI: parameters are arrays, each of `count` entries. */
function readInquiryResults(bytes: Uint8Array, start: number, end: number, withRssi: boolean): HciEventReports {
  const count = bytes[start] ?? 0;
  const reports: BluetoothReport[] = [];
  if (start + 1 + count * INQUIRY_RESPONSE_BYTES > end) return { reports, malformed: true };
  const addresses = start + 1;
  const classes = addresses + count * (ADDRESS_BYTES + (withRssi ? 2 : 3));
  const rssis = classes + count * 5;
  for (let i = 0; i < count; i++) {
    reports.push({
      transport: 'br_edr',
      kind: withRssi ? 'inquiry_result_with_rssi' : 'inquiry_result',
      address: readBdAddr(bytes, addresses + i * ADDRESS_BYTES),
      addressType: 'public',
      classOfDevice: classOfDevice(bytes, classes + i * 3),
      rssi: withRssi ? rssiOf(bytes[rssis + i]!) : undefined,
      dataLength: 0,
    });
  }
  return { reports, malformed: false };
}

/** Extended Inquiry Result: one response, with RSSI and the device's EIR. */
function readExtendedInquiryResult(bytes: Uint8Array, start: number, end: number): HciEventReports {
  const header = 1 + ADDRESS_BYTES + 1 + 1 + 3 + 2 + 1;
  if (start + header > end) return { reports: [], malformed: true };
  const at = start + 1;
  const data = readAdvertisingData(bytes, start + header, end);
  const report: BluetoothReport = {
    transport: 'br_edr',
    kind: 'extended_inquiry_result',
    address: readBdAddr(bytes, at),
    addressType: 'public',
    classOfDevice: classOfDevice(bytes, at + 8),
    rssi: rssiOf(bytes[at + 13]!),
    data,
    rawData: bytes.subarray(start + header, start + header + significantLength(bytes, start + header, end)),
    dataLength: significantLength(bytes, start + header, end),
  };
  return { reports: [report], malformed: data.truncated };
}

/** The bytes of advertising data before its zero padding. */
function significantLength(bytes: Uint8Array, start: number, end: number): number {
  let at = start;
  while (at < end && bytes[at] !== 0) at += 1 + bytes[at]!;
  return Math.min(at, end) - start;
}

/** Remote Name Request Complete: the name, NUL-terminated in 248 bytes; a failed request names nobody. */
function readRemoteName(bytes: Uint8Array, start: number, end: number): HciEventReports {
  if (start + 1 + ADDRESS_BYTES > end) return { reports: [], malformed: true };
  if (bytes[start] !== 0) return { reports: [], malformed: false };
  const nameStart = start + 1 + ADDRESS_BYTES;
  const nameEnd = Math.min(end, nameStart + REMOTE_NAME_BYTES);
  const nul = bytes.subarray(nameStart, nameEnd).indexOf(0);
  const name = Buffer.from(bytes.subarray(nameStart, nul < 0 ? nameEnd : nameStart + nul)).toString('utf8');
  return { reports: [{ transport: 'br_edr', kind: 'remote_name', address: readBdAddr(bytes, start + 1), addressType: 'public', name, dataLength: 0 }], malformed: false };
}

function readLeMeta(bytes: Uint8Array, start: number, end: number): HciEventReports | undefined {
  if (start + 2 > end) return undefined;
  const subevent = bytes[start]!;
  const count = bytes[start + 1]!;
  const first = start + 2;
  if (subevent === LE_ADVERTISING_REPORT) return readLeReports(bytes, first, end, count, readLegacyReport);
  if (subevent === LE_EXTENDED_ADVERTISING_REPORT) return readLeReports(bytes, first, end, count, readExtendedReport);
  if (subevent === LE_DIRECTED_ADVERTISING_REPORT) return readLeReports(bytes, first, end, count, readDirectedReport);
  return undefined;
}

/** Reads one report at `at`; returns it with the offset after it, or undefined when it does not fit. */
type LeReportReader = (bytes: Uint8Array, at: number, end: number) => { report: BluetoothReport; next: number; truncated: boolean } | undefined;

function readLeReports(bytes: Uint8Array, first: number, end: number, count: number, read: LeReportReader): HciEventReports {
  const reports: BluetoothReport[] = [];
  let at = first;
  let malformed = false;
  for (let i = 0; i < count; i++) {
    const result = read(bytes, at, end);
    if (result === undefined) return { reports, malformed: true };
    reports.push(result.report);
    if (result.truncated) malformed = true;
    at = result.next;
  }
  return { reports, malformed };
}

/** LE Advertising Report: event type, address type, address, data length, data, RSSI. */
const readLegacyReport: LeReportReader = (bytes, at, end) => {
  if (at + 9 > end) return undefined;
  const eventType = bytes[at]!;
  const length = bytes[at + 8]!;
  const dataStart = at + 9;
  if (dataStart + length + 1 > end) return undefined;
  const data = readAdvertisingData(bytes, dataStart, dataStart + length);
  const report: BluetoothReport = {
    transport: 'le',
    kind: 'le_advertising_report',
    address: readBdAddr(bytes, at + 2),
    addressType: leAddressType(bytes[at + 1]!),
    rssi: rssiOf(bytes[dataStart + length]!),
    pduType: LEGACY_PDU_TYPES[eventType] ?? 'RESERVED',
    connectable: eventType === 0 || eventType === 1,
    data,
    dataLength: length,
    legacy: true,
  };
  return { report, next: dataStart + length + 1, truncated: data.truncated };
};

/** The PDU an extended report's event type stands for. */
function extendedPduType(eventType: number): string {
  if (eventType & 0x10) {
    // Legacy PDUs, as the event type bits of the Core spec's table encode them.
    if (eventType & 0x08) return 'SCAN_RSP';
    if (eventType & 0x04) return 'ADV_DIRECT_IND';
    if (eventType & 0x01) return 'ADV_IND';
    return eventType & 0x02 ? 'ADV_SCAN_IND' : 'ADV_NONCONN_IND';
  }
  return eventType & 0x08 ? 'AUX_SCAN_RSP' : 'ADV_EXT_IND';
}

/** LE Extended Advertising Report: a 24-byte header (PHYs, SID, TX power, RSSI, direct address), then the data. */
const readExtendedReport: LeReportReader = (bytes, at, end) => {
  if (at + 24 > end) return undefined;
  const eventType = bytes[at]! | (bytes[at + 1]! << 8);
  const length = bytes[at + 23]!;
  const dataStart = at + 24;
  if (dataStart + length > end) return undefined;
  const data = readAdvertisingData(bytes, dataStart, dataStart + length);
  const txPower = rssiOf(bytes[at + 12]!);
  const report: BluetoothReport = {
    transport: 'le',
    kind: 'le_extended_advertising_report',
    address: readBdAddr(bytes, at + 3),
    addressType: leAddressType(bytes[at + 2]!),
    rssi: rssiOf(bytes[at + 13]!),
    pduType: extendedPduType(eventType),
    connectable: (eventType & 0x01) !== 0,
    txPower,
    data,
    dataLength: length,
    legacy: (eventType & 0x10) !== 0,
  };
  return { report, next: dataStart + length, truncated: data.truncated };
};

/** LE Directed Advertising Report: event type, address type, address, direct address type and address, RSSI. */
const readDirectedReport: LeReportReader = (bytes, at, end) => {
  if (at + 16 > end) return undefined;
  const report: BluetoothReport = {
    transport: 'le',
    kind: 'le_directed_advertising_report',
    address: readBdAddr(bytes, at + 2),
    addressType: leAddressType(bytes[at + 1]!),
    rssi: rssiOf(bytes[at + 15]!),
    pduType: 'ADV_DIRECT_IND',
    connectable: true,
    dataLength: 0,
    legacy: true,
  };
  return { report, next: at + 16, truncated: false };
};
