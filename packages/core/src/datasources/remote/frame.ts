/**
 * Kismet's v3 external capture frames (kismet-reference 6.2), the wire format of remote
 * capture: a big-endian header, then a msgpack map with integer keys.
 *
 *   offset 0  u32 signature 0xDECAFBAD
 *          4  u16 sentinel  0xA9A9
 *          6  u16 version   3
 *          8  u32 length    payload bytes after the header
 *         12  u16 type      (PING, OPENREQ, PACKET, ...)
 *         14  u16 code      reports: non-zero = success; requests: 1
 *         16  u32 seqno
 *         20  payload
 *
 * The reference calls it a 16-byte header, but the fields it lists add up to 20 bytes, as
 * Kismet's `kismet_external_frame_v3` struct does; the length sits at offset 8 in every
 * version, which is how a reader finds the frame end before it knows the version.
 */
import { Packr, Unpackr } from 'msgpackr';
import { SvcError } from '../../errors.js';

/** Bytes before the payload. */
export const FRAME_HEADER_BYTES = 20;
export const FRAME_SIGNATURE = 0xdecafbad;
export const FRAME_SENTINEL_V3 = 0xa9a9;
/** Sentinel of the legacy protobuf frames, recognised only to say they are not supported. */
export const FRAME_SENTINEL_V2 = 0xabcd;
/** Largest frame accepted: well above any capture, low enough to stop a stream that is not Kismet's. */
export const MAX_FRAME_BYTES = 1 << 20;

/** Frame types (kismet-reference 6.3). */
export const FrameType = {
  REGISTER: 1,
  PING: 2,
  PONG: 3,
  SHUTDOWN: 4,
  MESSAGE: 5,
  ERROR: 6,
  PROBEREQ: 10,
  PROBEREPORT: 11,
  OPENREQ: 12,
  OPENREPORT: 13,
  LISTREQ: 14,
  LISTREPORT: 15,
  PACKET: 16,
  CONFIGREQ: 17,
  CONFIGREPORT: 18,
  NEWSOURCE: 19,
  /** A credential (Kismet's web-proxy AUTHRESP); svc's TCP listener takes its shared key in one. */
  AUTHRESP: 69,
} as const;

/** Message types of MESSAGE frames. */
export const MessageType = { DEBUG: 1, INFO: 2, ERROR: 4, ALERT: 8, FATAL: 16 } as const;

/** A msgpack map with integer keys, as the protocol's bodies are. */
export type FrameBody = Map<number, unknown>;

/** One decoded frame. */
export interface Frame {
  readonly type: number;
  readonly code: number;
  readonly seqno: number;
  readonly body: FrameBody;
}

const packr = new Packr({ useRecords: false, mapsAsObjects: false, variableMapSize: true });
const unpackr = new Unpackr({ useRecords: false, mapsAsObjects: false });

/** Encodes a frame. */
export function encodeFrame(type: number, seqno: number, body: FrameBody, code = 1): Buffer {
  const payload = packr.pack(body);
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + payload.length);
  frame.writeUInt32BE(FRAME_SIGNATURE, 0);
  frame.writeUInt16BE(FRAME_SENTINEL_V3, 4);
  frame.writeUInt16BE(3, 6);
  frame.writeUInt32BE(payload.length, 8);
  frame.writeUInt16BE(type, 12);
  frame.writeUInt16BE(code, 14);
  frame.writeUInt32BE(seqno >>> 0, 16);
  payload.copy(frame, FRAME_HEADER_BYTES);
  return frame;
}

/** Decodes exactly one frame (a websocket message); anything else is `SVC_ERR_REMOTE_PROTOCOL`. */
export function decodeFrame(message: Uint8Array): Frame {
  const buffer = Buffer.isBuffer(message) ? message : Buffer.from(message.buffer, message.byteOffset, message.byteLength);
  const length = checkHeader(buffer);
  if (buffer.length !== FRAME_HEADER_BYTES + length) {
    throw protocolError(`a frame announces ${length} payload bytes but carries ${buffer.length - FRAME_HEADER_BYTES}`);
  }
  return parseFrame(buffer, length);
}

/** Splits a byte stream (TCP) into frames; a malformed frame is an error that ends the stream. */
export class FrameReader {
  #pending: Buffer = Buffer.alloc(0);

  /** Adds received bytes; returns the frames they complete. */
  push(chunk: Buffer): Frame[] {
    this.#pending = this.#pending.length ? Buffer.concat([this.#pending, chunk]) : chunk;
    const frames: Frame[] = [];
    while (this.#pending.length >= 12) {
      const length = checkHeader(this.#pending);
      const total = FRAME_HEADER_BYTES + length;
      if (this.#pending.length < total) break;
      frames.push(parseFrame(this.#pending.subarray(0, total), length));
      this.#pending = this.#pending.subarray(total);
    }
    return frames;
  }

  /** Bytes received that do not make a whole frame yet. */
  get buffered(): number {
    return this.#pending.length;
  }
}

/** Checks signature, sentinel, version and size; returns the payload length. */
function checkHeader(buffer: Buffer): number {
  if (buffer.length < 12) throw protocolError(`a frame of ${buffer.length} bytes is shorter than a header`);
  const signature = buffer.readUInt32BE(0);
  if (signature !== FRAME_SIGNATURE) throw protocolError(`bad frame signature 0x${signature.toString(16)} (expected 0xdecafbad): not Kismet's capture protocol, or the stream lost its place`);
  const sentinel = buffer.readUInt16BE(4);
  const version = buffer.readUInt16BE(6);
  if (sentinel === FRAME_SENTINEL_V2) throw protocolError('the capture tool speaks the legacy v2 (protobuf) protocol; svc speaks v3: update the tool');
  if (sentinel !== FRAME_SENTINEL_V3 || version !== 3) throw protocolError(`unsupported frame sentinel 0x${sentinel.toString(16)} version ${version} (expected 0xa9a9 version 3)`);
  const length = buffer.readUInt32BE(8);
  if (FRAME_HEADER_BYTES + length > MAX_FRAME_BYTES) throw protocolError(`a frame of ${length} bytes is larger than ${MAX_FRAME_BYTES}`);
  return length;
}

function parseFrame(buffer: Buffer, length: number): Frame {
  if (buffer.length < FRAME_HEADER_BYTES) throw protocolError('a frame is shorter than its header');
  let body: unknown;
  try {
    body = length === 0 ? new Map() : unpackr.unpack(buffer.subarray(FRAME_HEADER_BYTES, FRAME_HEADER_BYTES + length));
  } catch (error) {
    throw protocolError(`a frame body is not valid msgpack (${(error as Error).message})`);
  }
  if (!(body instanceof Map)) throw protocolError('a frame body is not a msgpack map');
  return { type: buffer.readUInt16BE(12), code: buffer.readUInt16BE(14), seqno: buffer.readUInt32BE(16), body };
}

function protocolError(message: string): SvcError {
  return new SvcError('SVC_ERR_REMOTE_PROTOCOL', message);
}
