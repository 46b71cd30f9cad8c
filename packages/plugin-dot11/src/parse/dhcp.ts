/**
 * DHCP messages (RFC 2131): the BOOTP fixed fields a client or server sends and the options
 * after the magic cookie (RFC 2132) that say who a client is: its host name (12), vendor class
 * (60, what Kismet calls the client's vendor or operating system), client identifier (61) and
 * parameter request list (55, the order of which identifies the DHCP stack, hence the operating
 * system, as fingerprinting databases use it), plus the message type (53) and lease time (51).
 *
 * Read in place from a UDP payload and never throws. Options are walked with pad (0) skipped and
 * end (255) stopping the walk; an option running past the payload ends it, keeping what came
 * before (as Kismet's option walk does); of an option sent twice the first counts, as in Kismet.
 * Texts are UTF-8 (invalid bytes become U+FFFD) without trailing NUL bytes, which many clients add.
 */
import { readMac } from './dot11-header.js';

/** A DHCP message. */
export interface DhcpMessage {
  /** BOOTP operation: 1 request (client to server), 2 reply. */
  readonly op: number;
  /** Option 53, 0 when absent. */
  readonly messageType: number;
  /** The client hardware address (`chaddr`) as a 48-bit number, when it is an Ethernet one (type 1, 6 bytes). */
  readonly clientMac: number | undefined;
  /** The address the server gives the client (`yiaddr`), as an unsigned 32-bit number. */
  readonly yourAddress: number;
  /** Option 12. */
  readonly hostName: string | undefined;
  /** Option 60. */
  readonly vendorClass: string | undefined;
  /** Option 61 as colon-separated hex bytes, type first (`01:3c:22:fb:44:55:66`). */
  readonly clientId: string | undefined;
  /** Option 61's MAC when it is hardware type 1 with a 6-byte address (7 bytes in all), as a 48-bit number. */
  readonly clientIdMac: number | undefined;
  /** Option 55: the option codes the client asks for, in its order, comma-separated (`1,3,6,15`). */
  readonly parameterRequestList: string | undefined;
  /** Option 51, in seconds. */
  readonly leaseSeconds: number | undefined;
}

/** BOOTP fixed fields (236 bytes) and the magic cookie before the options. */
const OPTIONS_AT = 240;
const MAGIC_COOKIE = 0x63825363;
const PAD = 0;
const END = 255;
const HOST_NAME = 12;
const LEASE_TIME = 51;
const MESSAGE_TYPE = 53;
const PARAMETER_REQUEST_LIST = 55;
const VENDOR_CLASS = 60;
const CLIENT_ID = 61;
const ETHERNET = 1;

/** The DHCP message in `data[start, end)` (a UDP payload), or undefined when it is not one. */
export function parseDhcp(data: Buffer, start: number, end: number): DhcpMessage | undefined {
  if (end > data.length) end = data.length;
  if (end - start < OPTIONS_AT) return undefined;
  const op = data[start]!;
  if ((op !== 1 && op !== 2) || data.readUInt32BE(start + 236) !== MAGIC_COOKIE) return undefined;
  const ethernet = data[start + 1] === ETHERNET && data[start + 2] === 6;
  const message: Mutable<DhcpMessage> = {
    op,
    messageType: 0,
    clientMac: ethernet ? readMac(data, start + 28) : undefined,
    yourAddress: data.readUInt32BE(start + 16),
    hostName: undefined,
    vendorClass: undefined,
    clientId: undefined,
    clientIdMac: undefined,
    parameterRequestList: undefined,
    leaseSeconds: undefined,
  };
  const seen = new Set<number>();
  for (let at = start + OPTIONS_AT; at < end; ) {
    const code = data[at]!;
    if (code === PAD) {
      at++;
      continue;
    }
    if (code === END || at + 2 > end) break;
    const length = data[at + 1]!;
    const value = at + 2;
    if (value + length > end) break;
    at = value + length;
    if (seen.has(code)) continue;
    seen.add(code);
    readOption(data, code, value, length, message);
  }
  return message;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function readOption(data: Buffer, code: number, value: number, length: number, message: Mutable<DhcpMessage>): void {
  switch (code) {
    case MESSAGE_TYPE:
      if (length >= 1) message.messageType = data[value]!;
      return;
    case HOST_NAME:
      message.hostName = text(data, value, length);
      return;
    case VENDOR_CLASS:
      message.vendorClass = text(data, value, length);
      return;
    case CLIENT_ID:
      if (length === 0) return;
      message.clientId = [...data.subarray(value, value + length)].map((byte) => byte.toString(16).padStart(2, '0')).join(':');
      if (length === 7 && data[value] === ETHERNET) message.clientIdMac = readMac(data, value + 1);
      return;
    case PARAMETER_REQUEST_LIST:
      if (length > 0) message.parameterRequestList = [...data.subarray(value, value + length)].join(',');
      return;
    case LEASE_TIME:
      if (length === 4) message.leaseSeconds = data.readUInt32BE(value);
      return;
    default:
  }
}

/** An option's text, without trailing NUL bytes; undefined when nothing is left. */
function text(data: Buffer, value: number, length: number): string | undefined {
  let last = value + length;
  while (last > value && data[last - 1] === 0) last--;
  return last > value ? data.toString('utf8', value, last) : undefined;
}
