/**
 * DHCP as it crosses an open Wi-Fi network, assembled byte by byte: the body of an unprotected
 * data frame carrying an LLC/SNAP header (RFC 1042), an IPv4 header (RFC 791, with its checksum),
 * a UDP header (RFC 768) and a BOOTP message (RFC 951) with the DHCP magic cookie and options
 * (RFC 2131, RFC 2132), and ARP (RFC 826). Tests and the DHCP capture svc keeps are built from
 * these, so each says exactly which bytes a client or server sent.
 */
import { llcSnap, mac } from './frame-builders.js';

/** EtherTypes of the protocols built here. */
export const EtherType = { IPV4: 0x0800, ARP: 0x0806 } as const;

/** DHCP message types (option 53, RFC 2132 9.6). */
export const DhcpMessageType = { DISCOVER: 1, OFFER: 2, REQUEST: 3, DECLINE: 4, ACK: 5, NAK: 6, RELEASE: 7, INFORM: 8 } as const;

/** DHCP options svc reads (RFC 2132). */
export const DhcpOption = { PAD: 0, SUBNET_MASK: 1, ROUTER: 3, HOST_NAME: 12, REQUESTED_ADDRESS: 50, LEASE_TIME: 51, MESSAGE_TYPE: 53, SERVER_ID: 54, PARAMETER_REQUEST_LIST: 55, VENDOR_CLASS: 60, CLIENT_ID: 61, END: 255 } as const;

/** The DHCP server and client UDP ports. */
export const DhcpPort = { SERVER: 67, CLIENT: 68 } as const;

/** An IPv4 address from its dotted form. */
export const ipv4 = (text: string): Buffer => Buffer.from(text.split('.').map(Number));

/** One DHCP option: code, length, value (text as its UTF-8 bytes, numbers as single bytes). */
export function dhcpOption(code: number, ...value: (number | string | Buffer)[]): Buffer {
  const body = Buffer.concat(value.map((part) => (typeof part === 'number' ? Buffer.from([part]) : typeof part === 'string' ? Buffer.from(part, 'utf8') : part)));
  return Buffer.concat([Buffer.from([code, body.length]), body]);
}

/** A client identifier option of hardware type 1 (Ethernet) and a MAC, as most clients send it. */
export const clientIdOption = (client: string): Buffer => dhcpOption(DhcpOption.CLIENT_ID, 1, mac(client));

/** A 32-bit big-endian value, as a DHCP option carries lease times. */
export function u32be(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
}

/** What a BOOTP message says besides its options. */
export interface BootpFields {
  /** 1 request (client to server), 2 reply. */
  readonly op: 1 | 2;
  readonly transactionId: number;
  /** The client's hardware address (`chaddr`). */
  readonly clientMac: string;
  readonly clientAddress?: string;
  readonly yourAddress?: string;
  readonly serverAddress?: string;
  /** Ask the server to broadcast its reply (flags bit 15). */
  readonly broadcast?: boolean;
}

const MAGIC_COOKIE = Buffer.from([99, 130, 83, 99]);

/** A BOOTP message with the DHCP magic cookie, the given options and an end option. */
export function bootp(fields: BootpFields, options: readonly Buffer[]): Buffer {
  const fixed = Buffer.alloc(236);
  fixed[0] = fields.op;
  fixed[1] = 1; // hardware type: Ethernet
  fixed[2] = 6; // hardware address length
  fixed.writeUInt32BE(fields.transactionId >>> 0, 4);
  if (fields.broadcast) fixed.writeUInt16BE(0x8000, 10);
  ipv4(fields.clientAddress ?? '0.0.0.0').copy(fixed, 12);
  ipv4(fields.yourAddress ?? '0.0.0.0').copy(fixed, 16);
  ipv4(fields.serverAddress ?? '0.0.0.0').copy(fixed, 20);
  mac(fields.clientMac).copy(fixed, 28);
  return Buffer.concat([fixed, MAGIC_COOKIE, ...options, Buffer.from([DhcpOption.END])]);
}

/** The one's-complement sum of 16-bit words that IPv4 and UDP checksums use. */
function internetChecksum(bytes: Buffer): number {
  let sum = 0;
  for (let at = 0; at + 1 < bytes.length; at += 2) sum += bytes.readUInt16BE(at);
  if (bytes.length % 2) sum += bytes[bytes.length - 1]! << 8;
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
  return ~sum & 0xffff;
}

/** An IPv4 packet (header of 20 bytes, or more with `options`) around a payload of `protocol`. */
export function ipv4Packet(source: string, destination: string, protocol: number, payload: Buffer, options: Buffer = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(20 + options.length);
  header[0] = 0x40 | (header.length / 4);
  header.writeUInt16BE(header.length + payload.length, 2);
  header[8] = 64; // time to live
  header[9] = protocol;
  ipv4(source).copy(header, 12);
  ipv4(destination).copy(header, 16);
  options.copy(header, 20);
  header.writeUInt16BE(internetChecksum(header), 10);
  return Buffer.concat([header, payload]);
}

/** A UDP datagram inside an IPv4 packet, with its checksum over the pseudo-header. */
export function udpPacket(source: string, sourcePort: number, destination: string, destinationPort: number, payload: Buffer): Buffer {
  const udp = Buffer.alloc(8);
  udp.writeUInt16BE(sourcePort, 0);
  udp.writeUInt16BE(destinationPort, 2);
  udp.writeUInt16BE(8 + payload.length, 4);
  const pseudo = Buffer.concat([ipv4(source), ipv4(destination), Buffer.from([0, 17]), udp.subarray(4, 6), udp, payload]);
  udp.writeUInt16BE(internetChecksum(pseudo) || 0xffff, 6);
  return ipv4Packet(source, destination, 17, Buffer.concat([udp, payload]));
}

/** The body of a data frame carrying an IPv4 packet (LLC/SNAP first). */
export const ipv4Body = (packet: Buffer): Buffer => Buffer.concat([llcSnap(EtherType.IPV4), packet]);

/** A DHCP client message (from 0.0.0.0:68 to 255.255.255.255:67) as a data frame body. */
export function dhcpClientBody(fields: Omit<BootpFields, 'op'>, options: readonly Buffer[], source = '0.0.0.0', destination = '255.255.255.255'): Buffer {
  return ipv4Body(udpPacket(source, DhcpPort.CLIENT, destination, DhcpPort.SERVER, bootp({ ...fields, op: 1 }, options)));
}

/** A DHCP server message (from `server`:67 to `destination`:68) as a data frame body. */
export function dhcpServerBody(server: string, destination: string, fields: Omit<BootpFields, 'op'>, options: readonly Buffer[]): Buffer {
  return ipv4Body(udpPacket(server, DhcpPort.SERVER, destination, DhcpPort.CLIENT, bootp({ ...fields, op: 2 }, options)));
}

/** An ARP request or reply (Ethernet, IPv4) as a data frame body. */
export function arpBody(operation: 1 | 2, senderMac: string, senderIp: string, targetMac: string, targetIp: string): Buffer {
  const arp = Buffer.alloc(28);
  arp.writeUInt16BE(1, 0);
  arp.writeUInt16BE(EtherType.IPV4, 2);
  arp[4] = 6;
  arp[5] = 4;
  arp.writeUInt16BE(operation, 6);
  mac(senderMac).copy(arp, 8);
  ipv4(senderIp).copy(arp, 14);
  mac(targetMac).copy(arp, 18);
  ipv4(targetIp).copy(arp, 24);
  return Buffer.concat([llcSnap(EtherType.ARP), arp]);
}
