/**
 * The IP layer of unprotected data frames, read from the frame through the decoder: an IPv4
 * packet's addresses and UDP ports behind LLC/SNAP, a DHCP message between the DHCP ports only,
 * IP options skipped by the header length (where Kismet's fixed offsets would misread), a later
 * fragment without ports, ARP's sender and target addresses, and nothing for other EtherTypes,
 * IP versions and protected frames. `broadcastDiscover` keeps Kismet's rule: a discover from a
 * client port to the broadcast address.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeDot11, LinkType } from './decode.js';
import { FrameFlags, llcSnap } from '../synthetic/frame-builders.js';
import { arpBody, bootp, dhcpClientBody, dhcpOption, DhcpMessageType, DhcpOption, dhcpServerBody, ipv4Body, ipv4Packet, udpPacket } from '../synthetic/dhcp-frames.js';
import { AP, BROADCAST, dataFrame, macNumber, radiotap, STA } from './test-frames.js';
import { broadcastDiscover, formatIpv4, type IpPacket } from './ip-data.js';

const SERVER = '00:11:22:33:44:55';
const ipOf = (body: Buffer, flags: number = FrameFlags.TO_DS, destination = BROADCAST): IpPacket | undefined =>
  decodeDot11(Buffer.concat([radiotap(), dataFrame(flags, AP, STA, destination, 0, [], body)]), LinkType.RADIOTAP).ip;
const discoverBody = (name = 'alice') => dhcpClientBody({ transactionId: 1, clientMac: STA }, [dhcpOption(DhcpOption.MESSAGE_TYPE, DhcpMessageType.DISCOVER), dhcpOption(DhcpOption.HOST_NAME, name)]);

test('a DHCP discover to the broadcast address: addresses, ports, message', () => {
  const ip = ipOf(discoverBody())!;
  assert.equal([formatIpv4(ip.source), formatIpv4(ip.destination), ip.sourcePort, ip.destinationPort], ['0.0.0.0', '255.255.255.255', 68, 67]);
  assert.is(ip.dhcp?.hostName, 'alice');
  assert.is(broadcastDiscover(ip, macNumber(BROADCAST))?.hostName, 'alice');
});

test("Kismet's discover: sent to the broadcast address, from a client port, of type 1", () => {
  const ip = ipOf(discoverBody())!;
  assert.is(broadcastDiscover(ip, macNumber(SERVER)), undefined, 'a discover sent to one server');
  const request = ipOf(dhcpClientBody({ transactionId: 1, clientMac: STA }, [dhcpOption(DhcpOption.MESSAGE_TYPE, DhcpMessageType.REQUEST), dhcpOption(DhcpOption.HOST_NAME, 'alice')]))!;
  assert.is(request.dhcp?.messageType, DhcpMessageType.REQUEST);
  assert.is(broadcastDiscover(request, macNumber(BROADCAST)), undefined, 'a request');
  const fromServer = ipOf(dhcpServerBody('192.168.7.1', '255.255.255.255', { transactionId: 1, clientMac: STA }, [dhcpOption(DhcpOption.MESSAGE_TYPE, DhcpMessageType.DISCOVER)]), FrameFlags.FROM_DS)!;
  assert.is(broadcastDiscover(fromServer, macNumber(BROADCAST)), undefined, 'type 1 from the server port');
  assert.is(broadcastDiscover(undefined, macNumber(BROADCAST)), undefined);
});

test('UDP between other ports carries no DHCP message, even a BOOTP-looking one', () => {
  const message = bootp({ op: 1, transactionId: 1, clientMac: STA }, [dhcpOption(DhcpOption.MESSAGE_TYPE, 1)]);
  const ip = ipOf(ipv4Body(udpPacket('192.168.7.23', 5353, '224.0.0.251', 67, message)))!;
  assert.equal([ip.sourcePort, ip.destinationPort, ip.dhcp], [5353, 67, undefined]);
  assert.is(formatIpv4(ip.source), '192.168.7.23');
});

test('IP options are skipped by the header length', () => {
  const udp = udpPacket('0.0.0.0', 68, '255.255.255.255', 67, bootp({ op: 1, transactionId: 1, clientMac: STA }, [dhcpOption(DhcpOption.MESSAGE_TYPE, 1), dhcpOption(DhcpOption.HOST_NAME, 'with-options')]));
  // The same datagram behind a header with a 4-byte router alert option (IHL 6).
  const withOptions = ipv4Packet('0.0.0.0', '255.255.255.255', 17, udp.subarray(20), Buffer.from([0x94, 0x04, 0, 0]));
  assert.is(ipOf(ipv4Body(withOptions))?.dhcp?.hostName, 'with-options');
});

test('a later fragment has no ports; a header length under 20 or past the frame is not IPv4', () => {
  const packet = Buffer.from(udpPacket('10.0.0.2', 68, '10.0.0.1', 67, Buffer.alloc(300)));
  packet.writeUInt16BE(0x00b9, 6); // fragment offset 185 (x 8 bytes)
  const fragment = ipOf(ipv4Body(packet))!;
  assert.equal([formatIpv4(fragment.source), fragment.sourcePort, fragment.dhcp], ['10.0.0.2', 0, undefined]);
  const short = Buffer.from(packet);
  short[0] = 0x44;
  assert.is(ipOf(ipv4Body(short)), undefined);
  assert.is(ipOf(ipv4Body(packet.subarray(0, 19))), undefined);
});

test('the IP total length bounds the datagram; a capture cut short is read as far as it goes', () => {
  const body = discoverBody('bounded');
  const padded = Buffer.concat([body, Buffer.from([0x0c, 0x05, 0x6f, 0x74, 0x68, 0x65, 0x72])]); // bytes after the packet
  assert.is(ipOf(padded)?.dhcp?.hostName, 'bounded');
  assert.is(ipOf(body.subarray(0, body.length - 1))?.dhcp?.hostName, 'bounded', 'without the end option');
});

test('ARP: sender and target addresses', () => {
  const ip = ipOf(arpBody(2, STA, '192.168.7.23', SERVER, '192.168.7.1'))!;
  assert.equal([formatIpv4(ip.source), formatIpv4(ip.destination), ip.dhcp], ['192.168.7.23', '192.168.7.1', undefined]);
});

test('nothing for other EtherTypes, IPv6, a non-SNAP header, protected or null frames', () => {
  assert.is(ipOf(Buffer.concat([llcSnap(0x86dd), Buffer.alloc(60)])), undefined);
  const version6 = Buffer.from(discoverBody());
  version6[8] = 0x65;
  assert.is(ipOf(version6), undefined);
  const netbios = Buffer.from(discoverBody());
  netbios[0] = 0xf0;
  assert.is(ipOf(netbios), undefined);
  assert.is(ipOf(discoverBody(), FrameFlags.TO_DS | FrameFlags.PROTECTED), undefined);
  const nullData = Buffer.concat([radiotap(), dataFrame(FrameFlags.TO_DS, AP, STA, BROADCAST, 4, [], discoverBody())]);
  assert.is(decodeDot11(nullData, LinkType.RADIOTAP).ip, undefined);
});

test('formatIpv4', () => {
  assert.equal([0, 0xffffffff, 0xc0a80717].map(formatIpv4), ['0.0.0.0', '255.255.255.255', '192.168.7.23']);
});

test.run();
