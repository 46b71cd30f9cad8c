/**
 * Advertising data (Bluetooth Core Supplement part A): a list of `length, type, data`
 * structures. LE advertisements carry it, and Classic devices send the same structures as their
 * extended inquiry response (EIR), so one reader serves both. svc keeps what identifies a
 * device: its local name, flags, TX power, class of device, appearance, service and solicited
 * UUIDs, service data and manufacturer-specific data (company identifier and payload). A
 * structure that runs past the end stops the walk and marks the data truncated; what came
 * before is kept.
 */

/** Manufacturer-specific data: the company identifier and what follows it. */
export interface ManufacturerData {
  /** Bluetooth SIG company identifier. */
  readonly companyId: number;
  /** The payload after the company identifier, hex. */
  readonly data: string;
}

/** Service data: the service's UUID and its payload. */
export interface ServiceData {
  /** The service UUID, as text (`FE2C`, `0000FD5A-...`). */
  readonly uuid: string;
  /** The payload after the UUID, hex. */
  readonly data: string;
}

/** What the advertising data told. */
export interface AdvertisingData {
  /** Complete local name, else the shortened one. */
  name?: string;
  /** True when `name` is the shortened local name. */
  nameShortened?: boolean;
  /** The flags byte (discoverable modes, BR/EDR support). */
  flags?: number;
  /** Advertised TX power, dBm. */
  txPower?: number;
  /** 16-, 32- and 128-bit service UUIDs, as text (`180F`, `0000FE9F-...`). */
  serviceUuids: string[];
  /** Service UUIDs the device solicits (asks a peer to offer). */
  solicitationUuids?: string[];
  /** Bluetooth SIG company identifier of the (last) manufacturer-specific data. */
  companyId?: number;
  /** Manufacturer-specific payload after the company identifier, hex. */
  manufacturerData?: string;
  /** Every manufacturer-specific structure, when there is more than one. */
  manufacturers?: ManufacturerData[];
  /** Service data structures. */
  serviceData?: ServiceData[];
  /** GAP appearance (the device's outward kind: watch, tag, keyboard). */
  appearance?: number;
  /** Class of device, when the data carries it (EIR, out-of-band data). */
  classOfDevice?: number;
  /** A structure ran past the end of the data. */
  truncated: boolean;
}

const AD_FLAGS = 0x01;
const AD_UUID16 = [0x02, 0x03];
const AD_UUID32 = [0x04, 0x05];
const AD_UUID128 = [0x06, 0x07];
const AD_SHORT_NAME = 0x08;
const AD_COMPLETE_NAME = 0x09;
const AD_TX_POWER = 0x0a;
const AD_CLASS_OF_DEVICE = 0x0d;
const AD_SOLICIT16 = 0x14;
const AD_SOLICIT128 = 0x15;
const AD_SOLICIT32 = 0x1f;
const AD_SERVICE_DATA16 = 0x16;
const AD_SERVICE_DATA32 = 0x20;
const AD_SERVICE_DATA128 = 0x21;
const AD_APPEARANCE = 0x19;
const AD_MANUFACTURER = 0xff;

/** The 16-bit UUIDs written so far, by value: advertisers repeat a few dozen of them. */
const UUID16_TEXT: string[] = [];

/** Writes a UUID stored little endian as big-endian hex, dashed when 128-bit. */
export function uuidText(bytes: Uint8Array): string {
  if (bytes.length === 2) {
    const value = bytes[0]! | (bytes[1]! << 8);
    return (UUID16_TEXT[value] ??= value.toString(16).toUpperCase().padStart(4, '0'));
  }
  const hex = Buffer.from(bytes).reverse().toString('hex').toUpperCase();
  return hex.length === 32 ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` : hex;
}

function uuidSize(type: number): number {
  if (AD_UUID16.includes(type) || type === AD_SOLICIT16) return 2;
  if (AD_UUID32.includes(type) || type === AD_SOLICIT32) return 4;
  if (AD_UUID128.includes(type) || type === AD_SOLICIT128) return 16;
  return 0;
}

function serviceDataUuidSize(type: number): number {
  return type === AD_SERVICE_DATA16 ? 2 : type === AD_SERVICE_DATA32 ? 4 : type === AD_SERVICE_DATA128 ? 16 : 0;
}

function addUuids(list: string[], body: Uint8Array, size: number): void {
  for (let i = 0; i + size <= body.length; i += size) {
    const uuid = uuidText(body.subarray(i, i + size));
    if (!list.includes(uuid)) list.push(uuid);
  }
}

/** Walks the advertising data in `bytes[start, end)`. */
export function readAdvertisingData(bytes: Uint8Array, start: number, end: number): AdvertisingData {
  // Text is cut straight from the frame's buffer: no copy of each structure.
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const data: AdvertisingData = { serviceUuids: [], truncated: false };
  let at = start;
  while (at < end) {
    const length = buffer[at]!;
    if (length === 0) break; // zero padding ends the significant part
    if (at + 1 + length > end) {
      data.truncated = true;
      break;
    }
    readStructure(data, buffer, buffer[at + 1]!, at + 2, at + 1 + length);
    at += 1 + length;
  }
  return data;
}

/** Reads one structure of type `type` whose body is `buffer[from, to)`. */
function readStructure(data: AdvertisingData, buffer: Buffer, type: number, from: number, to: number): void {
  const size = to - from;
  if (type === AD_FLAGS && size >= 1) data.flags = buffer[from];
  else if (type === AD_COMPLETE_NAME) {
    data.name = buffer.toString('utf8', from, to);
    data.nameShortened = false;
  } else if (type === AD_SHORT_NAME && data.nameShortened !== false) {
    data.name = buffer.toString('utf8', from, to);
    data.nameShortened = true;
  } else if (type === AD_TX_POWER && size >= 1) data.txPower = (buffer[from]! << 24) >> 24;
  else if (type === AD_MANUFACTURER && size >= 2) readManufacturer(data, buffer[from]! | (buffer[from + 1]! << 8), buffer.toString('hex', from + 2, to));
  else if (type === AD_APPEARANCE && size >= 2) data.appearance = buffer[from]! | (buffer[from + 1]! << 8);
  else if (type === AD_CLASS_OF_DEVICE && size >= 3) data.classOfDevice = buffer[from]! | (buffer[from + 1]! << 8) | (buffer[from + 2]! << 16);
  else if (serviceDataUuidSize(type) > 0) {
    const uuidBytes = serviceDataUuidSize(type);
    if (size >= uuidBytes) (data.serviceData ??= []).push({ uuid: uuidText(buffer.subarray(from, from + uuidBytes)), data: buffer.toString('hex', from + uuidBytes, to) });
  } else if (type === AD_SOLICIT16 || type === AD_SOLICIT32 || type === AD_SOLICIT128) addUuids((data.solicitationUuids ??= []), buffer.subarray(from, to), uuidSize(type));
  else if (uuidSize(type) > 0) addUuids(data.serviceUuids, buffer.subarray(from, to), uuidSize(type));
}

function readManufacturer(data: AdvertisingData, companyId: number, payload: string): void {
  if (data.companyId !== undefined) (data.manufacturers ??= [{ companyId: data.companyId, data: data.manufacturerData ?? '' }]).push({ companyId, data: payload });
  data.companyId = companyId;
  data.manufacturerData = payload;
}

/** The company identifiers of every manufacturer-specific structure in `data`. */
export function companyIdsOf(data: AdvertisingData): number[] {
  if (data.manufacturers !== undefined) return data.manufacturers.map((entry) => entry.companyId);
  return data.companyId === undefined ? [] : [data.companyId];
}
