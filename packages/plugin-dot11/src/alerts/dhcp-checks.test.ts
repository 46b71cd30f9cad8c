/**
 * The DHCP alerts through the real chain, frame by frame, against what Kismet's source does:
 *
 * - DHCPNAMECHANGE / DHCPOSCHANGE (phy_80211.cc `process_client`, lines 4104-4145): a broadcast
 *   discover whose host name / vendor class differs from the last non-empty one of the same
 *   station in the same network; vendor first; nothing for another network, an absent value, a
 *   request or a discover sent to one server (kis_dissector_ipdata.cc reads only discovers to the
 *   broadcast address, lines 373-412), nor for another parameter request list.
 * - DHCPCLIENTID (kis_dissector_ipdata.cc lines 414-425): a discover whose Ethernet client
 *   identifier names another MAC than the source. Kismet needs seven client identifier options
 *   for it (it counts them instead of measuring the first), which svc raises too.
 * - DHCPCONFLICT (defined, never raised by Kismet): traffic from another address than the one a
 *   DHCP ACK gave the station, once per address, until a NAK or the lease's end.
 *
 * And a fuzz of the DHCP capture's frames, damaged, never makes a check throw.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seededRandom } from '@svc/core/testing';
import { dhcpSceneFrames } from '../synthetic/dhcp-scene.js';
import { FrameFlags } from '../synthetic/frame-builders.js';
import { arpBody, clientIdOption, dhcpClientBody, dhcpOption, DhcpMessageType, DhcpOption, dhcpServerBody, ipv4Body, u32be, udpPacket } from '../synthetic/dhcp-frames.js';
import { dataFrame, STA } from '../parse/test-frames.js';
import { AP, alertHarness, BROADCAST, upper, type AlertHarness } from './alert-harness.test-helper.js';

const AP2 = '02:aa:00:00:00:02';
const SERVER = '00:11:22:33:44:55';
const OTHER = '5c:aa:bb:00:00:07';

let h: AlertHarness;
test.before.each(async () => {
  h = await alertHarness();
});
test.after.each(() => h.close());

/** A DHCP client message from STA through `ap`, to the broadcast address unless told. */
function clientMessage(type: number, options: Buffer[], { ap = AP, to = BROADCAST } = {}): Buffer {
  return dataFrame(FrameFlags.TO_DS, ap, STA, to, 0, [], dhcpClientBody({ transactionId: 9, clientMac: STA }, [dhcpOption(DhcpOption.MESSAGE_TYPE, type), ...options]));
}
const discover = (options: Buffer[], where: { ap?: string; to?: string } = {}) => clientMessage(DhcpMessageType.DISCOVER, options, where);
const host = (name: string) => dhcpOption(DhcpOption.HOST_NAME, name);
const vendor = (name: string) => dhcpOption(DhcpOption.VENDOR_CLASS, name);
const requestList = (...codes: number[]) => dhcpOption(DhcpOption.PARAMETER_REQUEST_LIST, ...codes);
/** A server's message to STA, broadcast into the BSS of AP. */
const serverMessage = (type: number, yourAddress: string, options: Buffer[] = []) =>
  dataFrame(FrameFlags.FROM_DS, BROADCAST, AP, SERVER, 0, [], dhcpServerBody('192.168.7.1', '255.255.255.255', { transactionId: 9, clientMac: STA, yourAddress, broadcast: true }, [dhcpOption(DhcpOption.MESSAGE_TYPE, type), ...options]));
/** A DNS query from STA sent from `address`. */
const sentFrom = (address: string) => dataFrame(FrameFlags.TO_DS, AP, STA, SERVER, 0, [], ipv4Body(udpPacket(address, 40_000, '192.168.7.1', 53, Buffer.alloc(20))));
const fromSta = (name: string) => [name, upper(AP), upper(STA), upper(BROADCAST), '0'];

test('DHCPNAMECHANGE: another host name in the same network; not a first one, an absent one or one in another network', () => {
  h.send(discover([host('alice-phone')]));
  h.send(discover([]));
  h.send(discover([host('alice-phone')]));
  assert.equal(h.raised(), []);
  h.send(discover([host('alice-laptop')]));
  const [changed] = h.records();
  assert.equal([changed!['svc.alert.header'], changed!['svc.alert.transmitter_mac'], changed!['svc.alert.source_mac'], changed!['svc.alert.dest_mac'], changed!['svc.alert.channel']], fromSta('DHCPNAMECHANGE'));
  assert.is(changed!['svc.alert.text'], "IEEE80211 network BSSID A0:04:60:11:22:33 client 3C:22:FB:44:55:66 changed advertised DHCP hostname from 'alice-phone' to 'alice-laptop' which may indicate client spoofing or impersonation");
  h.send(discover([host('alice-tablet')], { ap: AP2 }));
  assert.equal(h.raised(), [], "another network: another of Kismet's client records");
  h.send(discover([host('alice-tablet')]));
  assert.equal(h.raised(), [fromSta('DHCPNAMECHANGE')], 'back in the first network, compared with its last name there');
});

test('DHCPOSCHANGE: another vendor class, raised before DHCPNAMECHANGE; another parameter request list raises nothing', () => {
  h.send(discover([host('alice'), vendor('android-dhcp-13'), requestList(1, 3, 6, 15, 26, 28, 51, 58, 59, 43)]));
  h.send(discover([host('alice'), vendor('android-dhcp-13'), requestList(1, 121, 3, 6, 15, 114, 119, 252)]));
  assert.equal(h.raised(), [], "Kismet's OS is the vendor class");
  h.send(discover([host('ALICE-PC'), vendor('MSFT 5.0')]));
  const records = h.records();
  assert.equal(records.map((record) => record['svc.alert.header']), ['DHCPOSCHANGE', 'DHCPNAMECHANGE']);
  assert.is(records[0]!['svc.alert.text'], "IEEE80211 network BSSID A0:04:60:11:22:33 client 3C:22:FB:44:55:66 changed advertised DHCP vendor from 'android-dhcp-13' to 'MSFT 5.0' which may indicate client spoofing or impersonation");
});

test("only broadcast discovers count, as in Kismet: a request or a discover to one server neither raises nor is remembered", () => {
  h.send(discover([host('alice')]));
  h.send(clientMessage(DhcpMessageType.REQUEST, [host('mallory')]));
  h.send(discover([host('mallory')], { to: SERVER }));
  assert.equal(h.raised(), []);
  h.send(discover([host('alice')]));
  assert.equal(h.raised(), [], 'still compared with the broadcast discover');
});

test('DHCPCLIENTID: an Ethernet client identifier naming another MAC than the source', () => {
  h.send(discover([clientIdOption(STA)]));
  h.send(discover([dhcpOption(DhcpOption.CLIENT_ID, 255, 1, 2, 3, 4, 5, 6, 7, 8)]));
  h.send(clientMessage(DhcpMessageType.REQUEST, [clientIdOption(OTHER)]));
  assert.equal(h.raised(), [], 'its own MAC, a DUID, a request');
  h.send(discover([clientIdOption(OTHER)]));
  const [spoofed] = h.records();
  assert.equal([spoofed!['svc.alert.header'], spoofed!['svc.alert.transmitter_mac'], spoofed!['svc.alert.source_mac'], spoofed!['svc.alert.dest_mac'], spoofed!['svc.alert.channel']], fromSta('DHCPCLIENTID'));
  assert.is(spoofed!['svc.alert.text'], "DHCP request from 3C:22:FB:44:55:66 doesn't match DHCP DISCOVER client id 5C:AA:BB:00:00:07 which can indicate a DHCP spoofing attack");
  h.send(discover(Array.from({ length: 7 }, () => clientIdOption(OTHER))));
  assert.equal(h.raised(), [fromSta('DHCPCLIENTID')], 'seven client identifiers, the case where Kismet raises it');
});

test('DHCPCONFLICT: sending from another address than the acknowledged one, once per address, until a NAK or the lease ends', () => {
  h.send(sentFrom('192.168.7.99'));
  h.send(serverMessage(DhcpMessageType.OFFER, '192.168.7.23'));
  h.send(sentFrom('192.168.7.98'));
  assert.equal(h.raised(), [], 'no acknowledgement yet: an offer gives nothing');
  h.send(serverMessage(DhcpMessageType.ACK, '192.168.7.23', [dhcpOption(DhcpOption.LEASE_TIME, u32be(3600))]), { time: 1000 });
  for (const address of ['192.168.7.23', '0.0.0.0', '169.254.10.20']) h.send(sentFrom(address), { time: 1001 });
  assert.equal(h.raised(), [], 'its address, none, link-local');
  h.send(sentFrom('192.168.7.99'), { time: 1002 });
  const [conflict] = h.records();
  assert.equal([conflict!['svc.alert.header'], conflict!['svc.alert.transmitter_mac'], conflict!['svc.alert.source_mac'], conflict!['svc.alert.dest_mac'], conflict!['svc.alert.channel']], ['DHCPCONFLICT', upper(AP), upper(STA), upper(SERVER), '0']);
  assert.is(conflict!['svc.alert.text'], 'IEEE80211 network BSSID A0:04:60:11:22:33 client 3C:22:FB:44:55:66 was given 192.168.7.23 via DHCP but is using 192.168.7.99, which may indicate a misconfigured client or client spoofing');
  h.send(sentFrom('192.168.7.99'), { time: 1003 });
  assert.equal(h.raised(), [], 'once per address');
  h.send(dataFrame(FrameFlags.TO_DS, AP, STA, BROADCAST, 0, [], arpBody(1, STA, '192.168.7.100', '00:00:00:00:00:00', '192.168.7.1')), { time: 1004 });
  assert.equal(h.raised(), [['DHCPCONFLICT', upper(AP), upper(STA), upper(BROADCAST), '0']], 'an ARP announcing another address');
  h.send(sentFrom('192.168.7.101'), { time: 1000 + 3601 });
  assert.equal(h.raised(), [], 'the lease is over');
  h.send(serverMessage(DhcpMessageType.ACK, '192.168.7.24'), { time: 5000 });
  h.send(serverMessage(DhcpMessageType.NAK, '0.0.0.0'), { time: 5001 });
  h.send(sentFrom('192.168.7.102'), { time: 5002 });
  assert.equal(h.raised(), [], 'a NAK ends the lease');
});

test('DHCPCONFLICT: a release ends the lease; a new acknowledgement reports an address again', () => {
  h.send(serverMessage(DhcpMessageType.ACK, '192.168.7.23'));
  h.send(sentFrom('192.168.7.99'));
  assert.is(h.raised().length, 1);
  h.send(serverMessage(DhcpMessageType.ACK, '192.168.7.23'));
  h.send(sentFrom('192.168.7.99'));
  assert.is(h.raised().length, 1, 'reported again under the new lease');
  h.send(clientMessage(DhcpMessageType.RELEASE, [], { to: SERVER }));
  h.send(sentFrom('192.168.7.98'));
  assert.equal(h.raised(), []);
});

test('no DHCP alert from a protected frame', () => {
  h.send(discover([host('alice')]));
  h.send(dataFrame(FrameFlags.TO_DS | FrameFlags.PROTECTED, AP, STA, BROADCAST, 0, [], dhcpClientBody({ transactionId: 9, clientMac: STA }, [dhcpOption(DhcpOption.MESSAGE_TYPE, 1), host('bob'), clientIdOption(OTHER)])));
  assert.equal(h.raised(), []);
});

test('fuzz: the DHCP capture damaged and cut short, through every check, never makes one throw', () => {
  const random = seededRandom(37);
  const scene = dhcpSceneFrames().map((frame) => frame.frame);
  for (let round = 0; round < 5_000; round++) {
    let frame = Buffer.from(scene[Math.floor(random() * scene.length)]!);
    for (let hits = 1 + Math.floor(random() * 6); hits > 0; hits--) frame[24 + Math.floor(random() * (frame.length - 24))] = Math.floor(random() * 256);
    if (random() < 0.3) frame = frame.subarray(0, Math.floor(random() * frame.length));
    h.send(frame);
  }
  assert.equal(h.errors, [], 'no check threw');
  assert.ok(h.records().some((record) => String(record['svc.alert.header']).startsWith('DHCP')), 'damaged DHCP traffic still raises DHCP alerts');
});

test.run();
