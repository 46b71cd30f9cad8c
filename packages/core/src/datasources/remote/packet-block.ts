/**
 * PACKET frame bodies (kismet-reference 6.3) to and from svc packets: the `packet` sub-block
 * (dlt, time, raw bytes), the `json` sub-block (a record such as rtl_433's), the `signal` and
 * `gps` sub-blocks. Missing or mistyped parts of a block are a protocol error naming them.
 * Kismet's tools write the signal block's dBm and RSSI as unsigned 32-bit integers (-60 dBm
 * arrives as 4294967236), so those fields are read back as signed 32-bit numbers.
 */
import { SvcError } from '../../errors.js';
import type { Packet } from '../../packets/packet.js';
import type { FrameBody } from './frame.js';

/** Reads a body value as a sub-block. */
export function subBlock(body: FrameBody, key: number): FrameBody | undefined {
  const value = body.get(key);
  if (value === undefined || value === null) return undefined;
  if (!(value instanceof Map)) throw bad(`field ${key} must be a sub-block (a msgpack map)`);
  return value as FrameBody;
}

/** Reads a body value as a string. */
export function stringField(body: FrameBody, key: number): string | undefined {
  const value = body.get(key);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw bad(`field ${key} must be a string`);
  return value;
}

/** Reads a body value as a number. */
export function numberField(body: FrameBody, key: number): number | undefined {
  const value = body.get(key);
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value !== 'number' || !Number.isFinite(value)) throw bad(`field ${key} must be a number`);
  return value;
}

/**
 * Reads a body value as a signed 32-bit number: the signal block's dBm and RSSI, which Kismet's
 * capture framework writes with `mpack_write_u32` from its `uint32_t` fields and its server reads
 * back into `int`.
 */
function int32Field(body: FrameBody, key: number): number | undefined {
  const value = numberField(body, key);
  if (value === undefined || value < 2 ** 31 || value >= 2 ** 32) return value;
  return value - 2 ** 32;
}

/** Reads a body value as a list of strings. */
export function stringListField(body: FrameBody, key: number): string[] | undefined {
  const value = body.get(key);
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw bad(`field ${key} must be a list of strings`);
  return value as string[];
}

/** The packet a PACKET body carries, stamped with the source's UUID. */
export function packetFromBody(body: FrameBody, sourceUuid: string): Packet {
  const raw = subBlock(body, 4);
  const json = subBlock(body, 5);
  if (!raw && !json) throw bad('a PACKET frame has neither a packet (4) nor a json (5) block');
  const block = (raw ?? json)!;
  const tsSec = numberField(block, 2) ?? 0;
  const tsUsec = numberField(block, 3) ?? 0;
  const packet: Packet = { tsSec, tsUsec, sourceUuid, dlt: 0, annotations: {} };
  if (raw) {
    packet.dlt = numberField(raw, 1) ?? 0;
    const content = raw.get(6);
    if (!(content instanceof Uint8Array)) throw bad('the packet block has no binary content (6)');
    packet.data = Buffer.isBuffer(content) ? content : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  }
  if (json) {
    const type = stringField(json, 1);
    const text = stringField(json, 4);
    if (type === undefined || text === undefined) throw bad('the json block needs a type (1) and json text (4)');
    packet.json = { type, text };
  }
  const signal = subBlock(body, 2);
  if (signal) {
    packet.signal = {
      signalDbm: int32Field(signal, 1) || undefined,
      noiseDbm: int32Field(signal, 2) || undefined,
      freqKhz: numberField(signal, 5) || undefined,
      channel: stringField(signal, 7) || undefined,
    };
  }
  const gps = subBlock(body, 1);
  if (gps) {
    const lat = numberField(gps, 1);
    const lon = numberField(gps, 2);
    if (lat !== undefined && lon !== undefined) {
      packet.gps = { lat, lon, alt: numberField(gps, 3), fix: numberField(gps, 4) ?? 0, time: (numberField(gps, 8) ?? tsSec) + (numberField(gps, 9) ?? 0) / 1e6 };
    }
  }
  return packet;
}

/** The PACKET body for a packet (what a capture tool sends). */
export function bodyFromPacket(packet: Packet): FrameBody {
  const body: FrameBody = new Map();
  if (packet.gps) {
    const gpsBlock: FrameBody = new Map<number, unknown>([
      [1, packet.gps.lat],
      [2, packet.gps.lon],
      [4, packet.gps.fix],
      [8, Math.floor(packet.gps.time)],
      [9, Math.round((packet.gps.time % 1) * 1e6)],
    ]);
    if (packet.gps.alt !== undefined) gpsBlock.set(3, packet.gps.alt);
    body.set(1, gpsBlock);
  }
  if (packet.signal) {
    const signal: FrameBody = new Map();
    if (packet.signal.signalDbm !== undefined) signal.set(1, packet.signal.signalDbm);
    if (packet.signal.noiseDbm !== undefined) signal.set(2, packet.signal.noiseDbm);
    if (packet.signal.freqKhz !== undefined) signal.set(5, packet.signal.freqKhz);
    if (packet.signal.channel !== undefined) signal.set(7, packet.signal.channel);
    body.set(2, signal);
  }
  if (packet.data) {
    body.set(
      4,
      new Map<number, unknown>([
        [1, packet.dlt],
        [2, packet.tsSec],
        [3, packet.tsUsec],
        [4, packet.data.length],
        [6, packet.data],
      ]),
    );
  }
  if (packet.json) body.set(5, new Map<number, unknown>([[1, packet.json.type], [2, packet.tsSec], [3, packet.tsUsec], [4, packet.json.text]]));
  return body;
}

function bad(message: string): SvcError {
  return new SvcError('SVC_ERR_REMOTE_PROTOCOL', message);
}
