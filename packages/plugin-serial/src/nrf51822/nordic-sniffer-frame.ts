/**
 * Frames of Nordic's nRF Sniffer firmware (protocol versions 1-3, shared/data/serial/README.md
 * section 2), after the SLIP escapes are undone:
 *
 * ```
 * 0  2  v2/v3: payload length, little endian; v1 (and hosts of every version): header length, payload length
 * 2  1  protocol version
 * 3  2  packet counter
 * 5  1  packet id: 0x06 a packet (v1/v2: every packet, v3: data channel), 0x02 an advertising packet (v3)
 * 6  n  payload
 * ```
 *
 * A packet's payload starts with the sniffer's BLE header (its own length, flags with CRC OK in
 * bit 0, channel index, RSSI as a positive number, event counter, timestamp), then the
 * link-layer packet. The 1M and 2M radios add a padding byte after the PDU header that is not on
 * the air; the lengths tell whether it is there. Other packet ids (pings, follow and connection
 * events) carry no packet. Anything inconsistent throws with the reason.
 */
import type { Packet } from '@svc/core';
import { DLT_BLUETOOTH_LE_LL_WITH_PHDR, snifferPacketBytes } from './le-phdr.js';

/** Packet ids that carry a BLE packet. */
export const NordicPacketId = {
  /** v3: an advertising-channel packet. */
  ADVERTISING: 0x02,
  /** v1/v2: any packet; v3: a data-channel packet. */
  PACKET: 0x06,
  PING_REQUEST: 0x0d,
  PING_RESPONSE: 0x0e,
} as const;

const FRAME_HEADER_BYTES = 6;
const BLE_HEADER_MIN_BYTES = 10;
const LL_FIXED_BYTES = 4 + 2 + 3; // access address, PDU header, CRC

/** The header fields of a frame. */
export interface NordicFrame {
  readonly version: number;
  readonly counter: number;
  readonly id: number;
  readonly payload: Buffer;
}

/** Reads a frame's header and checks its length. */
export function readNordicFrame(frame: Buffer): NordicFrame {
  if (frame.length < FRAME_HEADER_BYTES) throw new Error(`a frame of ${frame.length} bytes is shorter than the 6-byte header`);
  const version = frame[2]!;
  if (version < 1 || version > 3) throw new Error(`protocol version ${version} (svc reads 1 to 3)`);
  // v2/v3 sniffers send a 2-byte payload length; v1 sniffers, and hosts of every version, send
  // the header length and the payload length in one byte each. Whichever adds up is the layout.
  const v1Start = frame[0]!;
  const v1Consistent = v1Start >= FRAME_HEADER_BYTES && v1Start + frame[1]! === frame.length;
  const v2Consistent = version >= 2 && FRAME_HEADER_BYTES + frame.readUInt16LE(0) === frame.length;
  if (!v1Consistent && !v2Consistent) {
    const announced = version >= 2 ? frame.readUInt16LE(0) : frame[1]!;
    throw new Error(`the header announces ${announced} payload bytes but the frame holds ${frame.length - (version >= 2 ? FRAME_HEADER_BYTES : v1Start)}`);
  }
  const payloadStart = v2Consistent ? FRAME_HEADER_BYTES : v1Start;
  return { version, counter: frame.readUInt16LE(3), id: frame[5]!, payload: frame.subarray(payloadStart) };
}

/** True when a frame of this id and version carries a BLE packet. */
function carriesPacket(frame: NordicFrame): boolean {
  return frame.id === NordicPacketId.PACKET || (frame.version === 3 && frame.id === NordicPacketId.ADVERTISING);
}

/**
 * Turns one frame into a DLT 256 packet (pseudo-header with channel, RSSI and CRC status, then
 * the link-layer packet as it was on the air); undefined for frames that carry no packet.
 */
export function nordicSnifferPacket(frameBytes: Buffer, sourceUuid: string, now = Date.now()): Packet | undefined {
  const frame = readNordicFrame(frameBytes);
  if (!carriesPacket(frame)) return undefined;
  const payload = frame.payload;
  if (payload.length < BLE_HEADER_MIN_BYTES) throw new Error(`a packet event of ${payload.length} bytes has no room for the BLE header`);
  const headerLength = payload[0]!;
  if (headerLength < BLE_HEADER_MIN_BYTES || headerLength > payload.length) throw new Error(`a BLE header length of ${headerLength}`);
  const flags = payload[1]!;
  const channel = payload[2]!;
  if (channel > 39) throw new Error(`channel index ${channel} (BLE has 0 to 39)`);
  const rssi = payload[3]!;
  let ll = payload.subarray(headerLength);
  if (ll.length < LL_FIXED_BYTES) throw new Error(`a link-layer packet of ${ll.length} bytes`);
  const pduLength = ll[5]!;
  if (ll.length === LL_FIXED_BYTES + pduLength + 1) ll = Buffer.concat([ll.subarray(0, 6), ll.subarray(7)]);
  else if (ll.length !== LL_FIXED_BYTES + pduLength) throw new Error(`a PDU length of ${pduLength} in a ${ll.length}-byte link-layer packet`);
  const crcOk = (flags & 0x01) !== 0;
  return {
    tsSec: Math.floor(now / 1000),
    tsUsec: (now % 1000) * 1000,
    sourceUuid,
    dlt: DLT_BLUETOOTH_LE_LL_WITH_PHDR,
    data: snifferPacketBytes(channel, -rssi, crcOk, ll),
    annotations: {},
  };
}
