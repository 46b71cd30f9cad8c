/**
 * Where Remote ID rides in each transport (ASTM F3411-22 annex on broadcast transports), up to
 * the message counter that starts every payload:
 *
 * - Wi-Fi beacon: a vendor-specific element of OUI FA:0B:BC (ASD-STAN), OUI type 0x0D, then the
 *   counter and a message pack;
 * - Wi-Fi NAN: a public action frame (category 4, vendor-specific action 9) of the Wi-Fi
 *   Alliance (OUI 50:6F:9A, type 0x13): a service discovery frame whose service descriptor
 *   attribute names the service `org.opendroneid.remoteid` (its ID is the first 6 bytes of the
 *   SHA-256 of that name) and carries the counter and a message pack as its service info;
 * - Bluetooth LE: service data of the 16-bit UUID 0xFFFA (ASTM), application code 0x0D, then the
 *   counter and one message (legacy advertising) or a message pack (extended advertising).
 *
 * Each reader takes the bytes in place and returns undefined when they are not Remote ID.
 */
import { decodeRemoteIdPayload } from './decode-odid.js';
import type { RemoteIdPayload } from './odid-message.js';

/** OUI of ASD-STAN, which Remote ID vendor elements carry. */
export const ASD_STAN_OUI = 0xfa0bbc;
/** OUI type and BLE application code of Remote ID. */
export const ODID_APP_CODE = 0x0d;
/** The 16-bit service UUID of ASTM Remote ID. */
export const ODID_SERVICE_UUID = 0xfffa;
/** OUI of the Wi-Fi Alliance, whose vendor-specific public action frames carry NAN. */
export const WIFI_ALLIANCE_OUI = 0x506f9a;
/** Wi-Fi Alliance OUI type of NAN. */
export const NAN_OUI_TYPE = 0x13;
/** The NAN service ID of `org.opendroneid.remoteid`. */
export const ODID_NAN_SERVICE_ID: readonly number[] = [0x88, 0x69, 0x19, 0x9d, 0x92, 0x09];

const PUBLIC_ACTION_CATEGORY = 4;
const VENDOR_SPECIFIC_ACTION = 9;
const SERVICE_DESCRIPTOR_ATTRIBUTE = 0x03;
const SERVICE_CONTROL_MATCHING_FILTER = 0x04;
const SERVICE_CONTROL_RESPONSE_FILTER = 0x08;
const SERVICE_CONTROL_SERVICE_INFO = 0x10;
const SERVICE_CONTROL_BINDING_BITMAP = 0x40;

/** A Remote ID vendor element's body after the OUI, `bytes[start, end)`: OUI type, counter, pack. */
export function readBeaconElement(bytes: Uint8Array, start: number, end: number): RemoteIdPayload | undefined {
  if (end <= start || bytes[start] !== ODID_APP_CODE) return undefined;
  return decodeRemoteIdPayload(bytes, start + 1, end);
}

/** ASTM service data after its UUID, `bytes[start, end)`: application code, counter, message or pack. */
export function readServiceData(bytes: Uint8Array, start: number, end: number): RemoteIdPayload | undefined {
  if (end <= start || bytes[start] !== ODID_APP_CODE) return undefined;
  return decodeRemoteIdPayload(bytes, start + 1, end);
}

/**
 * The body of an action frame, `bytes[start, end)` (from its category): the Remote ID of a NAN
 * service discovery frame's `org.opendroneid.remoteid` service, or undefined for any other frame.
 */
export function readNanActionFrame(bytes: Uint8Array, start: number, end: number): RemoteIdPayload | undefined {
  if (end - start < 6 || bytes[start] !== PUBLIC_ACTION_CATEGORY || bytes[start + 1] !== VENDOR_SPECIFIC_ACTION) return undefined;
  if (((bytes[start + 2]! << 16) | (bytes[start + 3]! << 8) | bytes[start + 4]!) !== WIFI_ALLIANCE_OUI || bytes[start + 5] !== NAN_OUI_TYPE) return undefined;
  for (let at = start + 6; at + 3 <= end; ) {
    const length = bytes[at + 1]! | (bytes[at + 2]! << 8);
    const body = at + 3;
    if (body + length > end) return undefined;
    if (bytes[at] === SERVICE_DESCRIPTOR_ATTRIBUTE) {
      const payload = serviceInfo(bytes, body, body + length);
      if (payload !== undefined) return payload;
    }
    at = body + length;
  }
  return undefined;
}

/** The Remote ID in a service descriptor attribute's body, when it is the Remote ID service's. */
function serviceInfo(bytes: Uint8Array, start: number, end: number): RemoteIdPayload | undefined {
  if (end - start < 9) return undefined;
  for (let i = 0; i < ODID_NAN_SERVICE_ID.length; i++) if (bytes[start + i] !== ODID_NAN_SERVICE_ID[i]) return undefined;
  const control = bytes[start + 8]!;
  let at = start + 9;
  if (control & SERVICE_CONTROL_BINDING_BITMAP) at += 2;
  if (control & SERVICE_CONTROL_MATCHING_FILTER) at += 1 + (bytes[at] ?? 0);
  if (control & SERVICE_CONTROL_RESPONSE_FILTER) at += 1 + (bytes[at] ?? 0);
  if (!(control & SERVICE_CONTROL_SERVICE_INFO) || at >= end) return undefined;
  const length = bytes[at]!;
  const info = at + 1;
  return decodeRemoteIdPayload(bytes, info, Math.min(end, info + length));
}
