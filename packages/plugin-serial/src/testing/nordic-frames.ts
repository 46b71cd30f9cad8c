/**
 * Builds what an nRF Sniffer sends, byte by byte from the layout in
 * shared/data/serial/README.md section 2 (the shared data has no BTLE recording): advertising
 * PDUs with their advertising data, the sniffer's BLE header around them, the frame header, and
 * the SLIP escapes. For svc's tests and for authors of BLE plugins.
 */
import { slipEncode } from '../framing/nordic-slip-framer.js';

/** One advertising-data structure: AD type and its bytes. */
export type AdStructure = readonly [type: number, data: Uint8Array | string];

/** An advertising-channel PDU to build. */
export interface PduSpec {
  /** PDU type number (0 ADV_IND, 3 SCAN_REQ, 4 SCAN_RSP...). */
  readonly type: number;
  /** Sender address in display order (`C0:FF:EE:00:00:01`). */
  readonly address: string;
  readonly random?: boolean;
  /** Second address (TargetA, or AdvA of a SCAN_REQ/CONNECT_IND). */
  readonly target?: string;
  readonly ad?: readonly AdStructure[];
  /** Extra PDU bytes (CONNECT_IND's LLData). */
  readonly tail?: Uint8Array;
}

/** Address bytes as sent on air (little endian). */
function addressBytes(text: string): number[] {
  return text.split(':').map((pair) => parseInt(pair, 16)).reverse();
}

/** A link-layer advertising packet: access address, PDU header, PDU and a dummy CRC. */
export function advertisingPacket(spec: PduSpec): Buffer {
  const pdu: number[] = [...addressBytes(spec.address)];
  if (spec.target) pdu.push(...addressBytes(spec.target));
  for (const [type, data] of spec.ad ?? []) {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    pdu.push(bytes.length + 1, type, ...bytes);
  }
  if (spec.tail) pdu.push(...spec.tail);
  const header = spec.type | (spec.random ? 0x40 : 0);
  return Buffer.from([0xd6, 0xbe, 0x89, 0x8e, header, pdu.length, ...pdu, 0x11, 0x22, 0x33]);
}

/** The sniffer's packet event payload: BLE header, then the packet (with the 1M radio's padding byte when `padding`). */
export function snifferPayload(ll: Buffer, options: { channel: number; rssi: number; crcOk?: boolean; padding?: boolean }): Buffer {
  const header = Buffer.from([10, options.crcOk === false ? 0 : 1, options.channel, options.rssi, 0x34, 0x12, 0x78, 0x56, 0x34, 0x12]);
  const packet = options.padding ? Buffer.concat([ll.subarray(0, 6), Buffer.from([0]), ll.subarray(6)]) : ll;
  return Buffer.concat([header, packet]);
}

/** A frame body (before escaping): header for the protocol version, then the payload. */
export function nordicFrameBody(options: { version: 1 | 2 | 3; counter: number; id: number; payload: Uint8Array }): Buffer {
  const { version, counter, id, payload } = options;
  const head = version === 1 ? [6, payload.length] : [payload.length & 0xff, payload.length >> 8];
  return Buffer.from([...head, version, counter & 0xff, counter >> 8, id, ...payload]);
}

/** A whole frame on the wire: an advertising packet event, escaped. */
export function nordicAdvertisingFrame(spec: PduSpec, options: { version?: 1 | 2 | 3; counter?: number; channel?: number; rssi?: number; crcOk?: boolean; padding?: boolean } = {}): Buffer {
  const version = options.version ?? 3;
  const payload = snifferPayload(advertisingPacket(spec), { channel: options.channel ?? 37, rssi: options.rssi ?? 60, crcOk: options.crcOk, padding: options.padding });
  return slipEncode(nordicFrameBody({ version, counter: options.counter ?? 1, id: version === 3 ? 0x02 : 0x06, payload }));
}
