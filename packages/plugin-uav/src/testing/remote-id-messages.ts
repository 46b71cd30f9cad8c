/**
 * ASTM F3411 messages built byte by byte (25 bytes each, values in SI units and degrees, encoded
 * as the standard encodes them: 1e-7 degrees, half metres above -1000 m, quarter or
 * three-quarter metres a second...), and message packs of them, for tests and benchmarks.
 * Leaving a value out writes the standard's "unknown".
 */
import { ODID_EPOCH_UNIX } from '../remoteid/odid-encodings.js';
import { ODID_MESSAGE_BYTES, OdidMessageType } from '../remoteid/odid-message.js';

/** A message's first byte: type and protocol version (2, F3411-22, unless said). */
function message(type: number, version = 2): Buffer {
  const bytes = Buffer.alloc(ODID_MESSAGE_BYTES);
  bytes[0] = (type << 4) | version;
  return bytes;
}

const altitude = (metres: number | undefined) => (metres === undefined ? 0 : Math.round((metres + 1000) * 2));
const degrees = (value: number | undefined) => (value === undefined ? 0 : Math.round(value * 1e7));

/** A Basic ID message. */
export function basicIdMessage(spec: { readonly idType: number; readonly uaType: number; readonly id: string | Uint8Array; readonly version?: number }): Buffer {
  const bytes = message(OdidMessageType.BASIC_ID, spec.version);
  bytes[1] = (spec.idType << 4) | spec.uaType;
  (typeof spec.id === 'string' ? Buffer.from(spec.id, 'latin1') : Buffer.from(spec.id)).copy(bytes, 2, 0, 20);
  return bytes;
}

/** What a Location message says. */
export interface LocationSpec {
  readonly status?: number;
  readonly lat?: number;
  readonly lon?: number;
  readonly geodeticAltitude?: number;
  readonly pressureAltitude?: number;
  readonly height?: number;
  /** 0 above the take-off point, 1 above the ground. */
  readonly heightType?: number;
  readonly speed?: number;
  readonly verticalSpeed?: number;
  readonly direction?: number;
  /** Seconds after the hour. */
  readonly timestamp?: number;
  readonly version?: number;
}

/** A Location/Vector message. */
export function locationMessage(spec: LocationSpec): Buffer {
  const bytes = message(OdidMessageType.LOCATION, spec.version);
  const direction = spec.direction === undefined ? 361 : Math.round(spec.direction) % 360;
  const west = direction >= 180;
  let speedRaw: number;
  let multiplier = false;
  if (spec.speed === undefined) [speedRaw, multiplier] = [255, true];
  else if (spec.speed <= 63.75) speedRaw = Math.round(spec.speed / 0.25);
  else [speedRaw, multiplier] = [Math.min(254, Math.round((spec.speed - 63.75) / 0.75)), true];
  bytes[1] = ((spec.status ?? 0) << 4) | ((spec.heightType ?? 0) << 2) | (west ? 0x02 : 0) | (multiplier ? 0x01 : 0);
  bytes[2] = west ? direction - 180 : direction;
  bytes[3] = speedRaw;
  bytes.writeInt8(spec.verticalSpeed === undefined ? 126 : Math.max(-124, Math.min(124, Math.round(spec.verticalSpeed * 2))), 4);
  bytes.writeInt32LE(degrees(spec.lat), 5);
  bytes.writeInt32LE(degrees(spec.lon), 9);
  bytes.writeUInt16LE(altitude(spec.pressureAltitude), 13);
  bytes.writeUInt16LE(altitude(spec.geodeticAltitude), 15);
  bytes.writeUInt16LE(altitude(spec.height), 17);
  bytes[19] = (3 << 4) | 10;
  bytes[20] = (4 << 4) | 3;
  bytes.writeUInt16LE(spec.timestamp === undefined ? 0xffff : Math.round(spec.timestamp * 10), 21);
  bytes[23] = 1;
  return bytes;
}

/** An Authentication message page (page 0 carries the last page index, the length and the time). */
export function authenticationMessage(spec: { readonly authType: number; readonly page: number; readonly lastPage?: number; readonly length?: number; readonly time?: number; readonly data: Uint8Array; readonly version?: number }): Buffer {
  const bytes = message(OdidMessageType.AUTHENTICATION, spec.version);
  bytes[1] = (spec.authType << 4) | spec.page;
  if (spec.page === 0) {
    bytes[2] = spec.lastPage ?? 0;
    bytes[3] = spec.length ?? spec.data.length;
    bytes.writeUInt32LE(spec.time === undefined ? 0 : spec.time - ODID_EPOCH_UNIX, 4);
    Buffer.from(spec.data).copy(bytes, 8, 0, 17);
  } else Buffer.from(spec.data).copy(bytes, 2, 0, 23);
  return bytes;
}

/** A Self-ID message. */
export function selfIdMessage(text: string, descriptionType = 0, version?: number): Buffer {
  const bytes = message(OdidMessageType.SELF_ID, version);
  bytes[1] = descriptionType;
  Buffer.from(text, 'latin1').copy(bytes, 2, 0, 23);
  return bytes;
}

/** What a System message says. */
export interface SystemSpec {
  readonly operatorLat?: number;
  readonly operatorLon?: number;
  /** 0 take-off, 1 live GNSS, 2 fixed. */
  readonly operatorLocationType?: number;
  readonly operatorAltitude?: number;
  readonly areaCount?: number;
  /** m, in steps of 10. */
  readonly areaRadius?: number;
  readonly areaCeiling?: number;
  readonly areaFloor?: number;
  readonly classificationType?: number;
  readonly category?: number;
  readonly class?: number;
  /** Unix seconds. */
  readonly time?: number;
  readonly version?: number;
}

/** A System message. */
export function systemMessage(spec: SystemSpec): Buffer {
  const bytes = message(OdidMessageType.SYSTEM, spec.version);
  bytes[1] = ((spec.classificationType ?? 0) << 2) | (spec.operatorLocationType ?? 0);
  bytes.writeInt32LE(degrees(spec.operatorLat), 2);
  bytes.writeInt32LE(degrees(spec.operatorLon), 6);
  bytes.writeUInt16LE(spec.areaCount ?? 1, 10);
  bytes[12] = Math.round((spec.areaRadius ?? 0) / 10);
  bytes.writeUInt16LE(altitude(spec.areaCeiling), 13);
  bytes.writeUInt16LE(altitude(spec.areaFloor), 15);
  bytes[17] = ((spec.category ?? 0) << 4) | (spec.class ?? 0);
  bytes.writeUInt16LE(altitude(spec.operatorAltitude), 18);
  bytes.writeUInt32LE(spec.time === undefined ? 0 : spec.time - ODID_EPOCH_UNIX, 20);
  return bytes;
}

/** An Operator ID message. */
export function operatorIdMessage(id: string, operatorIdType = 0, version?: number): Buffer {
  const bytes = message(OdidMessageType.OPERATOR_ID, version);
  bytes[1] = operatorIdType;
  Buffer.from(id, 'latin1').copy(bytes, 2, 0, 20);
  return bytes;
}

/** A message pack of `messages` (25 bytes each). */
export function messagePack(messages: readonly Uint8Array[], version = 2): Buffer {
  return Buffer.concat([Buffer.from([(OdidMessageType.MESSAGE_PACK << 4) | version, ODID_MESSAGE_BYTES, messages.length]), ...messages.map((one) => Buffer.from(one))]);
}
