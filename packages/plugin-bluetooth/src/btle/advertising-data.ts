/**
 * Advertising data (Bluetooth Core Supplement part A): a list of `length, type, data`
 * structures. svc keeps what identifies a device: its local name, flags, TX power, service
 * UUIDs and manufacturer-specific data (company identifier and payload). A structure that runs
 * past the end stops the walk and marks the data truncated; what came before is kept.
 */

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
  /** Bluetooth SIG company identifier of the manufacturer-specific data. */
  companyId?: number;
  /** Manufacturer-specific payload after the company identifier, hex. */
  manufacturerData?: string;
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
const AD_MANUFACTURER = 0xff;

/** Writes a UUID stored little endian as big-endian hex, dashed when 128-bit. */
function uuidText(bytes: Uint8Array): string {
  const hex = Buffer.from(bytes).reverse().toString('hex').toUpperCase();
  return hex.length === 32 ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` : hex;
}

/** Walks the advertising data in `bytes[start, end)`. */
export function readAdvertisingData(bytes: Uint8Array, start: number, end: number): AdvertisingData {
  const data: AdvertisingData = { serviceUuids: [], truncated: false };
  let at = start;
  while (at < end) {
    const length = bytes[at]!;
    if (length === 0) break; // zero padding ends the significant part
    if (at + 1 + length > end) {
      data.truncated = true;
      break;
    }
    const type = bytes[at + 1]!;
    const body = bytes.subarray(at + 2, at + 1 + length);
    if (type === AD_FLAGS && body.length >= 1) data.flags = body[0];
    else if (type === AD_COMPLETE_NAME) {
      data.name = Buffer.from(body).toString('utf8');
      data.nameShortened = false;
    } else if (type === AD_SHORT_NAME && data.nameShortened !== false) {
      data.name = Buffer.from(body).toString('utf8');
      data.nameShortened = true;
    } else if (type === AD_TX_POWER && body.length >= 1) data.txPower = (body[0]! << 24) >> 24;
    else if (type === AD_MANUFACTURER && body.length >= 2) {
      data.companyId = body[0]! | (body[1]! << 8);
      data.manufacturerData = Buffer.from(body.subarray(2)).toString('hex');
    } else {
      const size = AD_UUID16.includes(type) ? 2 : AD_UUID32.includes(type) ? 4 : AD_UUID128.includes(type) ? 16 : 0;
      for (let i = 0; size > 0 && i + size <= body.length; i += size) {
        const uuid = uuidText(body.subarray(i, i + size));
        if (!data.serviceUuids.includes(uuid)) data.serviceUuids.push(uuid);
      }
    }
    at += 1 + length;
  }
  return data;
}
