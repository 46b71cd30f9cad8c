/**
 * The messages of ASTM F3411 Remote ID (the "OpenDroneID" messages, also ASD-STAN prEN 4709-002),
 * as svc decodes them: one type per message kind, values in SI units and degrees, and a field
 * left undefined where the message says "unknown". F3411-19 (protocol version 0) and F3411-22
 * (version 2) share these layouts; version 1 was never deployed.
 */

/** Message types (the high nibble of a message's first byte). */
export const OdidMessageType = {
  BASIC_ID: 0x0,
  LOCATION: 0x1,
  AUTHENTICATION: 0x2,
  SELF_ID: 0x3,
  SYSTEM: 0x4,
  OPERATOR_ID: 0x5,
  MESSAGE_PACK: 0xf,
} as const;

/** Every message is 25 bytes. */
export const ODID_MESSAGE_BYTES = 25;

/** UAS ID types of the Basic ID message. */
export const UasIdType = {
  NONE: 0,
  /** ANSI/CTA-2063-A serial number. */
  SERIAL_NUMBER: 1,
  /** A civil aviation authority's registration ID. */
  CAA_REGISTRATION: 2,
  /** A UTM-assigned UUID (16 bytes). */
  UTM_ASSIGNED: 3,
  /** A specific session ID (a session ID type byte, then 19 bytes). */
  SPECIFIC_SESSION: 4,
} as const;

/** Basic ID: what the aircraft is. */
export interface BasicIdMessage {
  readonly kind: 'basic_id';
  readonly version: number;
  /** {@link UasIdType}. */
  readonly idType: number;
  /** UA type: 0 none, 1 aeroplane, 2 helicopter or multirotor ... 15 other ({@link UA_TYPE_NAMES}). */
  readonly uaType: number;
  /** The ID as text; a UTM UUID or a session ID that is not printable is given as hex. */
  readonly uasId: string;
}

/** Location/Vector: where the aircraft is and how it moves. */
export interface LocationMessage {
  readonly kind: 'location';
  readonly version: number;
  /** 0 undeclared, 1 ground, 2 airborne, 3 emergency, 4 Remote ID system failure. */
  readonly status: number;
  /** What {@link height} is measured from: 0 the take-off point, 1 the ground. */
  readonly heightType: number;
  /** Track over ground, degrees clockwise from true north. */
  readonly direction?: number;
  /** Ground speed, m/s. */
  readonly speed?: number;
  /** Vertical speed, m/s, up positive. */
  readonly verticalSpeed?: number;
  readonly lat?: number;
  readonly lon?: number;
  /** Barometric altitude, m. */
  readonly pressureAltitude?: number;
  /** Geodetic (WGS-84) altitude, m. */
  readonly geodeticAltitude?: number;
  /** Height above the take-off point or the ground ({@link heightType}), m. */
  readonly height?: number;
  readonly horizontalAccuracy: number;
  readonly verticalAccuracy: number;
  readonly baroAccuracy: number;
  readonly speedAccuracy: number;
  /** Time of the position, seconds after the full hour (UTC). */
  readonly timestamp?: number;
  /** Accuracy of {@link timestamp}, s (0 unknown). */
  readonly timestampAccuracy: number;
}

/** Authentication: one page of an authentication message. */
export interface AuthenticationMessage {
  readonly kind: 'authentication';
  readonly version: number;
  /** 0 none, 1 UAS ID signature, 2 operator ID signature, 3 message set signature, 4 network remote ID, 5 specific method. */
  readonly authType: number;
  readonly page: number;
  /** Page 0: the index of the last page. */
  readonly lastPage?: number;
  /** Page 0: bytes of authentication data over all pages. */
  readonly length?: number;
  /** Page 0: when the data was made, Unix seconds. */
  readonly timestamp?: number;
  /** This page's authentication data, hex. */
  readonly data: string;
}

/** Self-ID: the operator's own words about the flight. */
export interface SelfIdMessage {
  readonly kind: 'self_id';
  readonly version: number;
  /** 0 text, 1 emergency, 2 extended status; 201-255 private. */
  readonly descriptionType: number;
  readonly description: string;
}

/** System: the operator's position and the area of operation. */
export interface SystemMessage {
  readonly kind: 'system';
  readonly version: number;
  /** Where the operator position comes from: 0 the take-off point, 1 live GNSS, 2 a fixed location. */
  readonly operatorLocationType: number;
  /** 0 undeclared, 1 European Union. */
  readonly classificationType: number;
  readonly operatorLat?: number;
  readonly operatorLon?: number;
  readonly areaCount: number;
  /** Radius of the area of operation, m. */
  readonly areaRadius: number;
  /** Ceiling and floor of the area, geodetic altitude in m. */
  readonly areaCeiling?: number;
  readonly areaFloor?: number;
  /** EU category (0 undeclared, 1 open, 2 specific, 3 certified) and class (0 undeclared, 1-7 class 0-6). */
  readonly category: number;
  readonly class: number;
  /** Operator's geodetic altitude, m. */
  readonly operatorAltitude?: number;
  /** When the message was made, Unix seconds. */
  readonly timestamp?: number;
}

/** Operator ID: the operator's registration. */
export interface OperatorIdMessage {
  readonly kind: 'operator_id';
  readonly version: number;
  readonly operatorIdType: number;
  readonly operatorId: string;
}

/** One decoded Remote ID message. */
export type OdidMessage = BasicIdMessage | LocationMessage | AuthenticationMessage | SelfIdMessage | SystemMessage | OperatorIdMessage;

/**
 * What one Remote ID transmission (a Wi-Fi element, a NAN service info, a BLE service data)
 * carried: its message counter and its messages, a pack's in order. `malformed` says what was
 * wrong when something was (a reserved message type, a pack that overruns its bytes, a value out
 * of its range); the messages that could be read are kept.
 */
export interface RemoteIdPayload {
  readonly counter: number;
  readonly messages: readonly OdidMessage[];
  readonly malformed?: string;
}

/** UA type names, by UA type (F3411 Table 2). */
export const UA_TYPE_NAMES: readonly string[] = [
  'None',
  'Aeroplane',
  'Helicopter or multirotor',
  'Gyroplane',
  'Hybrid lift (VTOL)',
  'Ornithopter',
  'Glider',
  'Kite',
  'Free balloon',
  'Captive balloon',
  'Airship',
  'Free fall or parachute',
  'Rocket',
  'Tethered powered aircraft',
  'Ground obstacle',
  'Other',
];

/** Location status names, by status. */
export const LOCATION_STATUS_NAMES: readonly string[] = ['Undeclared', 'Ground', 'Airborne', 'Emergency', 'Remote ID system failure'];
