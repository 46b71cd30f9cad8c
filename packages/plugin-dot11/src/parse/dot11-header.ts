/**
 * The 802.11 MAC header, read in place: frame control, and the addresses every frame type
 * carries, resolved into roles (BSSID, transmitter, source, destination) by the to/from-DS
 * bits as IEEE 802.11-2020 9.3 lays them out. MACs are 48-bit numbers, the tracker's key.
 * A header cut short is malformed; a protocol version other than 0 is not 802.11 at all.
 */

/** Frame types (frame control bits 2-3). */
export const Dot11Type = { MANAGEMENT: 0, CONTROL: 1, DATA: 2, EXTENSION: 3 } as const;

/** Management subtypes svc reads. */
export const ManagementSubtype = {
  ASSOC_REQUEST: 0,
  ASSOC_RESPONSE: 1,
  REASSOC_REQUEST: 2,
  REASSOC_RESPONSE: 3,
  PROBE_REQUEST: 4,
  PROBE_RESPONSE: 5,
  BEACON: 8,
  ATIM: 9,
  DISASSOC: 10,
  AUTH: 11,
  DEAUTH: 12,
  ACTION: 13,
  ACTION_NO_ACK: 14,
} as const;

/** A parsed MAC header. */
export interface Dot11Header {
  readonly type: number;
  readonly subtype: number;
  readonly toDs: boolean;
  readonly fromDs: boolean;
  readonly retry: boolean;
  readonly protected: boolean;
  /** Receiver (address 1). */
  readonly receiver: number;
  /** Transmitter (address 2), when the frame carries one. */
  readonly transmitter?: number;
  readonly bssid?: number;
  readonly source?: number;
  readonly destination?: number;
  /** Sequence number, when the frame has a sequence control field. */
  readonly sequence?: number;
  /** QoS data (subtype bit 3). */
  readonly qos: boolean;
  /** Offset of the frame body (from the start of the 802.11 frame). */
  readonly bodyOffset: number;
}

/** Why a frame could not be read as 802.11; carries the type and subtype when the frame control was readable. */
export class Dot11Malformed extends Error {
  constructor(
    message: string,
    readonly frameKind?: { readonly type: number; readonly subtype: number },
  ) {
    // Without a stack: the message says what is wrong with the frame, and a capture where a few
    // frames in a hundred are damaged made one for each (about 1 % of the packet path's time).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

/** Thrown for a protocol version other than 0: the bytes are not an 802.11 frame. */
export class NotDot11 extends Error {}

/** Control subtypes with a second address: a transmitter, except CF-End's, which is the BSSID. */
const CONTROL_WITH_TWO_ADDRESSES = new Set([2, 4, 5, 8, 9, 10, 11, 14, 15]);
const CF_END = 14;
const CF_END_ACK = 15;
const PS_POLL = 10;

/** Reads a MAC at `at` as a 48-bit number. */
export function readMac(data: Buffer, at: number): number {
  return data[at]! * 0x10000000000 + data[at + 1]! * 0x100000000 + data.readUInt32BE(at + 2);
}

/** Throws a malformed-frame error when the frame is shorter than `bytes`. */
function need(available: number, bytes: number, what: string, type: number, subtype: number): void {
  if (available < bytes) throw new Dot11Malformed(`${what} needs ${bytes} bytes, the frame has ${available}`, { type, subtype });
}

/**
 * Builds a header with every field present, in one order, so all headers share one shape and
 * the hot path stays monomorphic. `flags` is the frame control's second byte (to/from DS,
 * retry, protected), which is also how a header crosses threads (frame-transfer.ts).
 */
export function header(
  type: number,
  subtype: number,
  flags: number,
  receiver: number,
  transmitter: number | undefined,
  bssid: number | undefined,
  source: number | undefined,
  destination: number | undefined,
  sequence: number | undefined,
  qos: boolean,
  bodyOffset: number,
): Dot11Header {
  return {
    type,
    subtype,
    toDs: (flags & 0x01) !== 0,
    fromDs: (flags & 0x02) !== 0,
    retry: (flags & 0x08) !== 0,
    protected: (flags & 0x40) !== 0,
    receiver,
    transmitter,
    bssid,
    source,
    destination,
    sequence,
    qos,
    bodyOffset,
  };
}

/** Parses the header of the 802.11 frame in `data[start, end)`. */
export function parseDot11Header(data: Buffer, start: number, end: number): Dot11Header {
  const available = end - start;
  if (available < 2) throw new Dot11Malformed(`an 802.11 frame needs at least 10 bytes, this one has ${available}`);
  const fc0 = data[start]!;
  const flags = data[start + 1]!;
  if ((fc0 & 0x03) !== 0) throw new NotDot11(`802.11 protocol version ${fc0 & 0x03}`);
  const type = (fc0 >> 2) & 0x03;
  const subtype = fc0 >> 4;
  if (available < 10) throw new Dot11Malformed(`an 802.11 frame needs at least 10 bytes, this one has ${available}`, { type, subtype });
  const receiver = readMac(data, start + 4);

  if (type === Dot11Type.CONTROL) {
    if (!CONTROL_WITH_TWO_ADDRESSES.has(subtype)) return header(type, subtype, flags, receiver, undefined, undefined, undefined, undefined, undefined, false, 10);
    need(available, 16, 'a control frame with two addresses', type, subtype);
    const second = readMac(data, start + 10);
    if (subtype === CF_END || subtype === CF_END_ACK) return header(type, subtype, flags, receiver, undefined, second, undefined, undefined, undefined, false, 16);
    return header(type, subtype, flags, receiver, second, subtype === PS_POLL ? receiver : undefined, undefined, undefined, undefined, false, 16);
  }
  if (type === Dot11Type.EXTENSION) return header(type, subtype, flags, receiver, undefined, undefined, undefined, undefined, undefined, false, 10);

  need(available, 24, type === Dot11Type.MANAGEMENT ? 'a management header' : 'a data header', type, subtype);
  const addr2 = readMac(data, start + 10);
  const addr3 = readMac(data, start + 16);
  const sequence = data.readUInt16LE(start + 22) >> 4;
  const order = (flags & 0x80) !== 0;
  if (type === Dot11Type.MANAGEMENT) {
    const bodyOffset = order ? 28 : 24;
    need(available, bodyOffset, 'a management header with HT control', type, subtype);
    return header(type, subtype, flags, receiver, addr2, addr3, addr2, receiver, sequence, false, bodyOffset);
  }

  const toDs = (flags & 0x01) !== 0;
  const fromDs = (flags & 0x02) !== 0;
  const qos = (subtype & 0x08) !== 0;
  let bodyOffset = 24;
  let addr4: number | undefined;
  if (toDs && fromDs) {
    need(available, 30, 'a four-address data header', type, subtype);
    addr4 = readMac(data, start + 24);
    bodyOffset = 30;
  }
  if (qos) bodyOffset += order ? 6 : 2;
  need(available, bodyOffset, 'a data header', type, subtype);
  if (!toDs && !fromDs) return header(type, subtype, flags, receiver, addr2, addr3, addr2, receiver, sequence, qos, bodyOffset);
  if (toDs && !fromDs) return header(type, subtype, flags, receiver, addr2, receiver, addr2, addr3, sequence, qos, bodyOffset);
  if (fromDs && !toDs) return header(type, subtype, flags, receiver, addr2, addr2, addr3, receiver, sequence, qos, bodyOffset);
  return header(type, subtype, flags, receiver, addr2, undefined, addr4, addr3, sequence, qos, bodyOffset);
}
