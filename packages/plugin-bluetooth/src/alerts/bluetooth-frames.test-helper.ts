/**
 * Builders of the Bluetooth frames the alert tests send, byte by byte after the Core spec:
 * advertising structures (Core Supplement part A), a sniffed advertising-channel packet behind
 * the LE pseudo-header (DLT 256, vol 6 part B 2.1), and HCI events as an HCI capture holds them
 * (DLT 201: a 4-byte direction, the H4 event type, then the event of vol 4 part E 7.7): an LE
 * Advertising Report and an Inquiry Result. Not part of the package's exports.
 */
import { ADVERTISING_ACCESS_ADDRESS, DLT_BLUETOOTH_LE_LL_WITH_PHDR, withLePhdr } from '../btle/le-ll-phdr.js';
import { DLT_BLUETOOTH_HCI_H4_WITH_PHDR, H4_EVENT } from '../hci/hci-frame.js';

export { DLT_BLUETOOTH_HCI_H4_WITH_PHDR, DLT_BLUETOOTH_LE_LL_WITH_PHDR };

/** A 48-bit address from its text form (`80:E1:26:00:00:01`). */
export const mac = (text: string) => Number.parseInt(text.replaceAll(':', ''), 16);

/** The address stored little endian, as frames carry it. */
function addressBytes(address: number): Buffer {
  const bytes = Buffer.alloc(6);
  bytes.writeUIntLE(address, 0, 6);
  return bytes;
}

/** One advertising structure: length, type, body. */
export const adStructure = (type: number, body: Buffer | number[]) => Buffer.concat([Buffer.from([Buffer.from(body).length + 1, type]), Buffer.from(body)]);

/** Flags: LE general discoverable, BR/EDR not supported. */
export const FLAGS = adStructure(0x01, [0x06]);

/** A complete local name. */
export const completeName = (name: string) => adStructure(0x09, Buffer.from(name, 'utf8'));

/** Manufacturer-specific data padding the advertising data to exactly `length` bytes (at least 5). */
export function paddedData(length: number): Buffer {
  return Buffer.concat([FLAGS, adStructure(0xff, Buffer.alloc(length - FLAGS.length - 2, 0x5a))]);
}

/**
 * An AirTag separated from its owner: Apple's Find My message (company 0x004C, type 0x12, length
 * 0x19) with status 0x10 (an AirTag) and 22 bytes of its public key, 31 bytes in all.
 */
export function airTagData(keySeed = 0x11): Buffer {
  const key = Buffer.alloc(22, keySeed);
  return adStructure(0xff, Buffer.concat([Buffer.from([0x4c, 0x00, 0x12, 0x19, 0x10]), key, Buffer.from([0x01, 0x00])]));
}

/** PDU types of the advertising channel, by name. */
export const PduType = { ADV_IND: 0, ADV_NONCONN_IND: 2, SCAN_RSP: 4, ADV_SCAN_IND: 6 } as const;

/** A sniffed advertising PDU (`type`) from `address` carrying `data`, behind the pseudo-header (channel 37). */
export function sniffedAdvertisement(type: number, address: number, data: Buffer, random = false): Buffer {
  const pdu = Buffer.concat([addressBytes(address), data]);
  const ll = Buffer.alloc(6 + pdu.length + 3);
  ll.writeUInt32LE(ADVERTISING_ACCESS_ADDRESS, 0);
  ll[4] = type | (random ? 0x40 : 0);
  ll[5] = pdu.length;
  pdu.copy(ll, 6);
  return withLePhdr({ rfChannel: 0, signalDbm: -60, flags: 0 }, ll);
}

/** An HCI event (`code`, `parameters`) as DLT 201 carries it, received from the controller. */
function hciEvent(code: number, parameters: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0, 0, 0, 1, H4_EVENT, code, parameters.length]), parameters]);
}

/** Legacy event types of an LE Advertising Report. */
export const ReportType = { ADV_IND: 0, ADV_SCAN_IND: 2, ADV_NONCONN_IND: 3, SCAN_RSP: 4 } as const;

/** An LE Advertising Report of one device: event type, address (random or public), data, RSSI. */
export function leAdvertisingReport(eventType: number, address: number, data: Buffer, random = false): Buffer {
  const report = Buffer.concat([Buffer.from([eventType, random ? 1 : 0]), addressBytes(address), Buffer.from([data.length]), data, Buffer.from([0xc4])]);
  return hciEvent(0x3e, Buffer.concat([Buffer.from([0x02, 1]), report]));
}

/** An Inquiry Result of one Classic device with class of device `cod`. */
export function inquiryResult(address: number, cod = 0x5a020c): Buffer {
  const cls = Buffer.from([cod & 0xff, (cod >> 8) & 0xff, (cod >> 16) & 0xff]);
  return hciEvent(0x02, Buffer.concat([Buffer.from([1]), addressBytes(address), Buffer.from([1, 0, 0]), cls, Buffer.from([0x34, 0x12])]));
}
