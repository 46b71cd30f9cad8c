/**
 * 802.11 frames assembled byte by byte from the standard's layouts (IEEE 802.11-2020 clause 9),
 * so a generated capture, or a test, says exactly which bits it sends: MAC addresses,
 * information elements, and management, control and data frames.
 */

/** A MAC's six bytes, from its text form. */
export const mac = (text: string): Buffer => Buffer.from(text.replaceAll(':', ''), 'hex');

/** A MAC as the 48-bit number svc keys devices by. */
export const macNumber = (text: string): number => parseInt(text.replaceAll(':', ''), 16);

/** A little-endian 16-bit field. */
export const u16 = (value: number): Buffer => Buffer.from([value & 0xff, (value >> 8) & 0xff]);

/** A little-endian 32-bit field. */
export const u32 = (value: number): Buffer => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0);
  return bytes;
};

/** The broadcast address. */
export const BROADCAST = 'ff:ff:ff:ff:ff:ff';

/** An information element: tag, length, body. */
export function element(tag: number, ...bytes: (number | Buffer)[]): Buffer {
  const body = Buffer.concat(bytes.map((b) => (typeof b === 'number' ? Buffer.from([b]) : b)));
  return Buffer.concat([Buffer.from([tag, body.length]), body]);
}

/** An SSID element (an empty one is a hidden network's). */
export const ssid = (text: string): Buffer => element(0, Buffer.from(text));

/** Beacon and probe response fixed fields: TSF timestamp, beacon interval (TU), capability. */
export function beaconFixed(capability: number, tsfMicroseconds = 0, intervalTu = 100): Buffer {
  const timestamp = Buffer.alloc(8);
  timestamp.writeBigUInt64LE(BigInt(Math.floor(tsfMicroseconds)));
  return Buffer.concat([timestamp, u16(intervalTu), u16(capability)]);
}

/** Capability bits of beacons, probe responses and association requests. */
export const Capability = { ESS: 0x0001, IBSS: 0x0002, PRIVACY: 0x0010, SHORT_PREAMBLE: 0x0020, SHORT_SLOT: 0x0400 } as const;

/** Management frame subtypes. */
export const ManagementFrame = {
  ASSOCIATION_REQUEST: 0,
  ASSOCIATION_RESPONSE: 1,
  PROBE_REQUEST: 4,
  PROBE_RESPONSE: 5,
  BEACON: 8,
  DISASSOCIATION: 10,
  AUTHENTICATION: 11,
  DEAUTHENTICATION: 12,
} as const;

/** The sequence control field: a 12-bit sequence number, fragment 0. */
const sequenceControl = (sequence: number) => u16((sequence & 0xfff) << 4);

/** A management frame: frame control, duration, receiver, transmitter, BSSID, sequence, body. */
export function management(subtype: number, body: Buffer, flags = 0, from = '00:00:00:00:00:00', to = BROADCAST, bssid = from, sequence = 0x123): Buffer {
  return Buffer.concat([Buffer.from([subtype << 4, flags]), u16(0), mac(to), mac(from), mac(bssid), sequenceControl(sequence), body]);
}

/** Frame control flag bits (the second byte). */
export const FrameFlags = { TO_DS: 0x01, FROM_DS: 0x02, RETRY: 0x08, POWER_MANAGEMENT: 0x10, PROTECTED: 0x40 } as const;

/** A data frame with addresses 1-3 (and `extra` after the sequence field: address 4, QoS control). */
export function dataFrame(flags: number, a1: string, a2: string, a3: string, subtype = 0, extra: Buffer[] = [], body: Buffer = Buffer.alloc(8), sequence = 0): Buffer {
  return Buffer.concat([Buffer.from([0x08 | (subtype << 4), flags]), u16(0), mac(a1), mac(a2), mac(a3), sequenceControl(sequence), ...extra, body]);
}

/** Data frame subtypes svc tells apart. */
export const DataFrame = { DATA: 0, NULL: 4, QOS_DATA: 8, QOS_NULL: 12 } as const;

/** An acknowledgement (control subtype 13): receiver only. */
export const ackFrame = (receiver: string): Buffer => Buffer.concat([Buffer.from([0xd4, 0]), u16(0), mac(receiver)]);

/** A request to send (control subtype 11): receiver and transmitter. */
export const rtsFrame = (receiver: string, transmitter: string): Buffer => Buffer.concat([Buffer.from([0xb4, 0]), u16(500), mac(receiver), mac(transmitter)]);

/** A clear to send (control subtype 12): receiver only. */
export const ctsFrame = (receiver: string): Buffer => Buffer.concat([Buffer.from([0xc4, 0]), u16(400), mac(receiver)]);

/** LLC/SNAP header for an EtherType. */
export const llcSnap = (etherType: number): Buffer => Buffer.from([0xaa, 0xaa, 0x03, 0, 0, 0, etherType >> 8, etherType & 0xff]);
