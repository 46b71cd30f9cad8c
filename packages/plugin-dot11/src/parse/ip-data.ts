/**
 * What svc reads of the IP traffic in an unprotected data frame, as Kismet's IP data dissector
 * (`kis_dissector_ipdata.cc`) reads it: an LLC/SNAP header (RFC 1042) with EtherType IPv4 or
 * ARP, the IPv4 header's addresses, the UDP ports, and a DHCP message when the datagram goes
 * between the DHCP ports (68 to 67 from a client, 67 to 68 from a server).
 *
 * Kismet finds UDP by the protocol byte at a fixed offset; svc reads the headers as they are
 * (EtherType, IP version, header length, fragment offset), so a packet with IP options is read
 * where Kismet would misread it, and anything that is not IPv4 is left alone. Read in place,
 * never throws.
 */
import { parseDhcp, type DhcpMessage } from './dhcp.js';

/** IPv4 traffic in a data frame. */
export interface IpPacket {
  /** The IPv4 source address (an ARP packet's sender address), as an unsigned 32-bit number. */
  readonly source: number;
  /** The IPv4 destination address (an ARP packet's target address). */
  readonly destination: number;
  /** UDP ports; 0 for anything that is not the first fragment of a UDP datagram. */
  readonly sourcePort: number;
  readonly destinationPort: number;
  /** The DHCP message of a datagram between the DHCP ports. */
  readonly dhcp: DhcpMessage | undefined;
}

/** The UDP ports of DHCP. */
export const DHCP_SERVER_PORT = 67;
export const DHCP_CLIENT_PORT = 68;

const LLC_SNAP_LENGTH = 8;
const ETHERTYPE_IPV4 = 0x0800;
const ETHERTYPE_ARP = 0x0806;
const UDP = 17;
const UDP_HEADER = 8;
const ARP_LENGTH = 28;

/** The IPv4 (or ARP) packet in the data frame body `data[start, end)`, or undefined when there is none. */
export function parseIpData(data: Buffer, start: number, end: number): IpPacket | undefined {
  if (end > data.length) end = data.length;
  if (end - start < LLC_SNAP_LENGTH || data[start] !== 0xaa || data[start + 1] !== 0xaa || data[start + 2] !== 0x03) return undefined;
  if (data[start + 3] !== 0 || data[start + 4] !== 0 || data[start + 5] !== 0) return undefined;
  const etherType = data.readUInt16BE(start + 6);
  const ip = start + LLC_SNAP_LENGTH;
  if (etherType === ETHERTYPE_ARP) return arp(data, ip, end);
  if (etherType !== ETHERTYPE_IPV4 || end - ip < 20 || data[ip]! >> 4 !== 4) return undefined;
  const headerLength = (data[ip]! & 0x0f) * 4;
  if (headerLength < 20 || end - ip < headerLength) return undefined;
  // A packet cut by the capture is read as far as it goes; one that says it is shorter ends there.
  const totalLength = data.readUInt16BE(ip + 2);
  if (totalLength >= headerLength && ip + totalLength < end) end = ip + totalLength;
  const source = data.readUInt32BE(ip + 12);
  const destination = data.readUInt32BE(ip + 16);
  const firstFragment = (data.readUInt16BE(ip + 6) & 0x1fff) === 0;
  const udp = ip + headerLength;
  if (data[ip + 9] !== UDP || !firstFragment || end - udp < UDP_HEADER) return { source, destination, sourcePort: 0, destinationPort: 0, dhcp: undefined };
  const sourcePort = data.readUInt16BE(udp);
  const destinationPort = data.readUInt16BE(udp + 2);
  const dhcpPorts = (sourcePort === DHCP_CLIENT_PORT && destinationPort === DHCP_SERVER_PORT) || (sourcePort === DHCP_SERVER_PORT && destinationPort === DHCP_CLIENT_PORT);
  return { source, destination, sourcePort, destinationPort, dhcp: dhcpPorts ? parseDhcp(data, udp + UDP_HEADER, end) : undefined };
}

/** An ARP packet for IPv4 over Ethernet addresses (RFC 826). */
function arp(data: Buffer, at: number, end: number): IpPacket | undefined {
  if (end - at < ARP_LENGTH || data.readUInt16BE(at) !== 1 || data.readUInt16BE(at + 2) !== ETHERTYPE_IPV4 || data[at + 4] !== 6 || data[at + 5] !== 4) return undefined;
  return { source: data.readUInt32BE(at + 14), destination: data.readUInt32BE(at + 24), sourcePort: 0, destinationPort: 0, dhcp: undefined };
}

/** Whether a packet is a message from a DHCP client (port 68 to 67), or from a server (67 to 68). */
export const fromDhcpClient = (ip: IpPacket): boolean => ip.sourcePort === DHCP_CLIENT_PORT && ip.destinationPort === DHCP_SERVER_PORT;
export const fromDhcpServer = (ip: IpPacket): boolean => ip.sourcePort === DHCP_SERVER_PORT && ip.destinationPort === DHCP_CLIENT_PORT;

/** An IPv4 address in dotted form. */
export function formatIpv4(address: number): string {
  return `${address >>> 24}.${(address >>> 16) & 0xff}.${(address >>> 8) & 0xff}.${address & 0xff}`;
}

const BROADCAST_MAC = 0xffffffffffff;
const DHCP_DISCOVER = 1;

/**
 * The DHCP discover in a frame, as Kismet takes one: a message of type 1 from a client's port to
 * the server's, sent to the broadcast address (`kis_dissector_ipdata.cc`, "DHCP Discover"). Kismet
 * reads no other client message: a request (a client coming back to a network it knows) tells
 * it nothing, nor does a discover sent to one server.
 */
export function broadcastDiscover(ip: IpPacket | undefined, destinationMac: number | undefined): DhcpMessage | undefined {
  const dhcp = ip?.dhcp;
  return dhcp !== undefined && dhcp.messageType === DHCP_DISCOVER && destinationMac === BROADCAST_MAC && fromDhcpClient(ip!) ? dhcp : undefined;
}
