/**
 * Decodes ASTM F3411 Remote ID messages: a single 25-byte message (what a Bluetooth 4 legacy
 * advertisement carries) or a message pack (Wi-Fi beacons and NAN, Bluetooth 5 extended
 * advertising), after the one-byte message counter every transport puts first. Pure and
 * total: any bytes give a {@link RemoteIdPayload}; what is wrong with them is its `malformed`.
 */
import { altitude, degrees, direction, horizontalSpeed, secondsAfterHour, unixTime, verticalSpeed } from './odid-encodings.js';
import {
  ODID_MESSAGE_BYTES,
  OdidMessageType,
  UasIdType,
  type AuthenticationMessage,
  type BasicIdMessage,
  type LocationMessage,
  type OdidMessage,
  type OperatorIdMessage,
  type RemoteIdPayload,
  type SelfIdMessage,
  type SystemMessage,
} from './odid-message.js';

/** Most messages a pack may hold (F3411-22 and opendroneid-core-c). */
export const MAX_PACK_MESSAGES = 9;

const PACK_HEADER_BYTES = 3;

/** A message decoded, or why it could not be (with what could be read of it). */
interface Decoding {
  readonly message?: OdidMessage;
  readonly malformed?: string;
}

/**
 * Decodes the Remote ID payload `bytes[start, end)`: the message counter, then one message or a
 * message pack. Bytes after the message or the pack's messages (padding) are ignored.
 */
export function decodeRemoteIdPayload(bytes: Uint8Array, start: number, end: number): RemoteIdPayload {
  const counter = end > start ? bytes[start]! : 0;
  const at = start + 1;
  const pack = end > at && bytes[at]! >> 4 === OdidMessageType.MESSAGE_PACK;
  const needs = pack ? PACK_HEADER_BYTES : ODID_MESSAGE_BYTES;
  if (end - at < needs) return { counter, messages: [], malformed: `${Math.max(0, end - at)} bytes after the counter, a ${pack ? 'message pack header' : 'message'} needs ${needs}` };
  if (!pack) {
    const { message, malformed } = decodeOdidMessage(bytes, at);
    return { counter, messages: message ? [message] : [], malformed };
  }
  return decodePack(bytes, at, end, counter);
}

function decodePack(bytes: Uint8Array, at: number, end: number, counter: number): RemoteIdPayload {
  const size = bytes[at + 1]!;
  const quantity = bytes[at + 2]!;
  if (size !== ODID_MESSAGE_BYTES) return { counter, messages: [], malformed: `a message pack of ${size}-byte messages (they are ${ODID_MESSAGE_BYTES})` };
  let malformed = quantity > MAX_PACK_MESSAGES ? `a message pack of ${quantity} messages (at most ${MAX_PACK_MESSAGES})` : undefined;
  const fits = Math.floor((end - at - PACK_HEADER_BYTES) / ODID_MESSAGE_BYTES);
  if (quantity > fits) malformed ??= `a message pack of ${quantity} messages with room for ${fits}`;
  const messages: OdidMessage[] = [];
  for (let index = 0; index < Math.min(quantity, fits, MAX_PACK_MESSAGES); index++) {
    const offset = at + PACK_HEADER_BYTES + index * ODID_MESSAGE_BYTES;
    if (bytes[offset]! >> 4 === OdidMessageType.MESSAGE_PACK) {
      malformed ??= 'a message pack inside a message pack';
      continue;
    }
    const decoding = decodeOdidMessage(bytes, offset);
    if (decoding.message) messages.push(decoding.message);
    malformed ??= decoding.malformed;
  }
  return { counter, messages, malformed };
}

/** Decodes the 25-byte message at `at` (the caller checked it is there and is not a pack). */
export function decodeOdidMessage(bytes: Uint8Array, at: number): Decoding {
  const type = bytes[at]! >> 4;
  const version = bytes[at]! & 0x0f;
  switch (type) {
    case OdidMessageType.BASIC_ID:
      return { message: basicId(bytes, at, version) };
    case OdidMessageType.LOCATION:
      return location(bytes, at, version);
    case OdidMessageType.AUTHENTICATION:
      return { message: authentication(bytes, at, version) };
    case OdidMessageType.SELF_ID:
      return { message: { kind: 'self_id', version, descriptionType: bytes[at + 1]!, description: text(bytes, at + 2, at + 25) } satisfies SelfIdMessage };
    case OdidMessageType.SYSTEM:
      return system(bytes, at, version);
    case OdidMessageType.OPERATOR_ID:
      return { message: { kind: 'operator_id', version, operatorIdType: bytes[at + 1]!, operatorId: text(bytes, at + 2, at + 22) } satisfies OperatorIdMessage };
    default:
      return { malformed: `message type ${type} is reserved` };
  }
}

function basicId(bytes: Uint8Array, at: number, version: number): BasicIdMessage {
  const idType = bytes[at + 1]! >> 4;
  const binary = idType === UasIdType.UTM_ASSIGNED || idType === UasIdType.SPECIFIC_SESSION;
  const id = binary && !printable(bytes, at + 2, at + 22) ? hex(bytes, at + 2, lastNonZero(bytes, at + 2, at + 22)) : text(bytes, at + 2, at + 22);
  return { kind: 'basic_id', version, idType, uaType: bytes[at + 1]! & 0x0f, uasId: id };
}

function location(bytes: Uint8Array, at: number, version: number): Decoding {
  const flags = bytes[at + 1]!;
  const view = dataView(bytes);
  const track = direction(bytes[at + 2]!, (flags & 0x02) !== 0);
  const position = latLon(view.getInt32(at + 5, true), view.getInt32(at + 9, true));
  const message: LocationMessage = {
    kind: 'location',
    version,
    status: flags >> 4,
    heightType: (flags >> 2) & 0x01,
    direction: typeof track === 'number' ? track : undefined,
    speed: horizontalSpeed(bytes[at + 3]!, (flags & 0x01) !== 0),
    verticalSpeed: verticalSpeed(bytes[at + 4]!),
    lat: position.lat,
    lon: position.lon,
    pressureAltitude: altitude(view.getUint16(at + 13, true)),
    geodeticAltitude: altitude(view.getUint16(at + 15, true)),
    height: altitude(view.getUint16(at + 17, true)),
    verticalAccuracy: bytes[at + 19]! >> 4,
    horizontalAccuracy: bytes[at + 19]! & 0x0f,
    baroAccuracy: bytes[at + 20]! >> 4,
    speedAccuracy: bytes[at + 20]! & 0x0f,
    timestamp: secondsAfterHour(view.getUint16(at + 21, true)),
    timestampAccuracy: (bytes[at + 23]! & 0x0f) / 10,
  };
  const malformed = track === 'invalid' ? `direction ${bytes[at + 2]! + ((flags & 0x02) !== 0 ? 180 : 0)} degrees` : position.malformed;
  return { message, malformed };
}

function authentication(bytes: Uint8Array, at: number, version: number): AuthenticationMessage {
  const authType = bytes[at + 1]! >> 4;
  const page = bytes[at + 1]! & 0x0f;
  if (page !== 0) return { kind: 'authentication', version, authType, page, data: hex(bytes, at + 2, at + 25) };
  const timestamp = unixTime(dataView(bytes).getUint32(at + 4, true));
  return { kind: 'authentication', version, authType, page, lastPage: bytes[at + 2]!, length: bytes[at + 3]!, timestamp, data: hex(bytes, at + 8, at + 25) };
}

function system(bytes: Uint8Array, at: number, version: number): Decoding {
  const flags = bytes[at + 1]!;
  const view = dataView(bytes);
  const operator = latLon(view.getInt32(at + 2, true), view.getInt32(at + 6, true));
  const message: SystemMessage = {
    kind: 'system',
    version,
    operatorLocationType: flags & 0x03,
    classificationType: (flags >> 2) & 0x07,
    operatorLat: operator.lat,
    operatorLon: operator.lon,
    areaCount: view.getUint16(at + 10, true),
    areaRadius: bytes[at + 12]! * 10,
    areaCeiling: altitude(view.getUint16(at + 13, true)),
    areaFloor: altitude(view.getUint16(at + 15, true)),
    category: bytes[at + 17]! >> 4,
    class: bytes[at + 17]! & 0x0f,
    operatorAltitude: altitude(view.getUint16(at + 18, true)),
    timestamp: unixTime(view.getUint32(at + 20, true)),
  };
  return { message, malformed: operator.malformed && `operator ${operator.malformed}` };
}

/** A position in 1e-7 degrees: both 0 is unknown, out of range is malformed. */
function latLon(rawLat: number, rawLon: number): { lat?: number; lon?: number; malformed?: string } {
  if (rawLat === 0 && rawLon === 0) return {};
  const lat = degrees(rawLat);
  const lon = degrees(rawLon);
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return { malformed: `position ${lat}, ${lon} is off the globe` };
  return { lat, lon };
}

function dataView(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** ASCII text padded with NULs: up to the first NUL. */
function text(bytes: Uint8Array, start: number, end: number): string {
  let stop = start;
  while (stop < end && bytes[stop] !== 0) stop++;
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, stop - start).toString('latin1');
}

/** True when the bytes up to the NUL padding are printable ASCII. */
function printable(bytes: Uint8Array, start: number, end: number): boolean {
  const stop = lastNonZero(bytes, start, end);
  for (let i = start; i < stop; i++) if (bytes[i]! < 0x20 || bytes[i]! > 0x7e) return false;
  return stop > start;
}

/** The end of the bytes once trailing NULs are cut. */
function lastNonZero(bytes: Uint8Array, start: number, end: number): number {
  let stop = end;
  while (stop > start && bytes[stop - 1] === 0) stop--;
  return stop;
}

function hex(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('hex');
}
