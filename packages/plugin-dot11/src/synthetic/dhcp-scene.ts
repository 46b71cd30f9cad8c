/**
 * svc's DHCP capture: an open café network of two access points (one SSID, channels 6 and 11)
 * with a DHCP server behind them, and stations whose DHCP traffic makes each case of Kismet's
 * DHCP handling, in order:
 *
 * 1. Alice's phone joins: broadcast discover (host name, vendor class, client identifier,
 *    parameter request list), offer, request and acknowledgement (192.168.7.23, one hour), then
 *    a DNS query from its address and one from 192.168.7.99, which it was not given.
 * 2. Alice again, through the same access point: a discover with another host name, one with
 *    another parameter request list, one with another vendor class; then through the second
 *    access point with a third host name.
 * 3. Bob sends a discover whose client identifier is Carol's MAC (one option 61).
 * 4. Dave sends a discover with seven client identifier options naming another MAC.
 * 5. Erin sends a broadcast discover, then a discover to the server's MAC and a broadcast request,
 *    each with another host name.
 *
 * Each frame is stamped 50 ms after the one before from 2025-06-01T12:00:00Z, with the access
 * points beaconing between steps. `test-data/dot11/svc-dhcp-clients.pcap` is this capture.
 */
import { BROADCAST, beaconFixed, Capability, dataFrame, FrameFlags, management, ManagementFrame, ssid } from './frame-builders.js';
import { clientIdOption, dhcpClientBody, dhcpOption, DhcpMessageType, DhcpOption, dhcpServerBody, ipv4, ipv4Body, u32be, udpPacket } from './dhcp-frames.js';
import { dsParameter, supportedRates } from './information-elements.js';
import { LinkType } from './radio-headers.js';
import type { SceneFrame } from './scene.js';
import { sceneRecords } from './scene.js';
import { pcapFile } from '../pcap/pcap-writer.js';

/** Who takes part, by role. */
export const DHCP_SCENE = {
  ssid: 'CafeOpen',
  accessPoints: [
    { bssid: '02:c0:ff:ee:00:01', channel: 6, freqMhz: 2437 },
    { bssid: '02:c0:ff:ee:00:02', channel: 11, freqMhz: 2462 },
  ],
  server: { mac: '00:1b:21:0a:0b:0c', address: '192.168.7.1' },
  alice: '3c:22:fb:44:55:66',
  bob: '02:de:ad:be:ef:01',
  carol: '5c:aa:bb:00:00:07',
  dave: '6c:5a:b0:11:22:33',
  daveClaims: '00:0c:29:aa:bb:cc',
  erin: 'ac:bc:32:00:00:05',
  aliceAddress: '192.168.7.23',
  aliceOtherAddress: '192.168.7.99',
} as const;

const START_US = Date.UTC(2025, 5, 1, 12) * 1000;
const STEP_US = 50_000;
/** Parameter request lists of an Android phone and of Windows, as fingerprinting databases list them. */
const ANDROID_REQUESTS = [1, 3, 6, 15, 26, 28, 51, 58, 59, 43];
const WINDOWS_REQUESTS = [1, 3, 6, 15, 31, 33, 43, 44, 46, 47, 119, 121, 249, 252];
/** A DNS query (RFC 1035) for www.svc.org, type A. */
const DNS_QUERY = Buffer.from('0001010000010000000000000377777703737663036f72670000010001', 'hex');

/** The scene's frames, in time order. */
export function dhcpSceneFrames(): SceneFrame[] {
  const { accessPoints, server, alice, bob, carol, dave, daveClaims, erin } = DHCP_SCENE;
  const [first, second] = accessPoints;
  const frames: SceneFrame[] = [];
  let time = START_US;
  const add = (frame: Buffer, freqMhz: number, signalDbm: number) => {
    frames.push({ timeUs: time, frame, radio: { freqMhz, signalDbm, noiseDbm: -95, rate: 2 }, tsf: time - START_US });
    time += STEP_US;
  };
  let sequence = 0;
  const beacons = () => {
    for (const ap of accessPoints) add(management(ManagementFrame.BEACON, Buffer.concat([beaconFixed(Capability.ESS | Capability.SHORT_SLOT, time - START_US), ssid(DHCP_SCENE.ssid), supportedRates(), dsParameter(ap.channel)]), 0, ap.bssid, BROADCAST, ap.bssid, sequence++), ap.freqMhz, -48);
  };
  const through = (ap: { readonly bssid: string; readonly freqMhz: number }) => ({
    /** A client's DHCP message to the broadcast address (or `to`). */
    client(station: string, type: number, options: Buffer[], to: string = BROADCAST) {
      const body = dhcpClientBody({ transactionId: 0x5c000000 + sequence, clientMac: station }, [dhcpOption(DhcpOption.MESSAGE_TYPE, type), ...options]);
      add(dataFrame(FrameFlags.TO_DS, ap.bssid, station, to, 0, [], body, sequence++), ap.freqMhz, -55);
    },
    /** The server's broadcast reply to `station`. */
    server(station: string, type: number, yourAddress: string, options: Buffer[]) {
      const body = dhcpServerBody(server.address, '255.255.255.255', { transactionId: 0x5c000000 + sequence, clientMac: station, yourAddress, broadcast: true }, [dhcpOption(DhcpOption.MESSAGE_TYPE, type), dhcpOption(DhcpOption.SERVER_ID, ipv4(server.address)), ...options]);
      add(dataFrame(FrameFlags.FROM_DS, BROADCAST, ap.bssid, server.mac, 0, [], body, sequence++), ap.freqMhz, -48);
    },
    /** A DNS query of `station` sent from `address`. */
    query(station: string, address: string) {
      add(dataFrame(FrameFlags.TO_DS, ap.bssid, station, server.mac, 0, [], ipv4Body(udpPacket(address, 50_000 + sequence, server.address, 53, DNS_QUERY)), sequence++), ap.freqMhz, -55);
    },
  });
  const cafe = through(first);
  const host = (name: string) => dhcpOption(DhcpOption.HOST_NAME, name);
  const vendor = (name: string) => dhcpOption(DhcpOption.VENDOR_CLASS, name);
  const requests = (codes: readonly number[]) => dhcpOption(DhcpOption.PARAMETER_REQUEST_LIST, ...codes);

  beacons();
  const phone = [clientIdOption(alice), host('alice-phone'), vendor('android-dhcp-13'), requests(ANDROID_REQUESTS)];
  cafe.client(alice, DhcpMessageType.DISCOVER, phone);
  cafe.server(alice, DhcpMessageType.OFFER, DHCP_SCENE.aliceAddress, [dhcpOption(DhcpOption.LEASE_TIME, u32be(3600))]);
  cafe.client(alice, DhcpMessageType.REQUEST, [dhcpOption(DhcpOption.REQUESTED_ADDRESS, ipv4(DHCP_SCENE.aliceAddress)), ...phone]);
  cafe.server(alice, DhcpMessageType.ACK, DHCP_SCENE.aliceAddress, [dhcpOption(DhcpOption.LEASE_TIME, u32be(3600))]);
  cafe.query(alice, DHCP_SCENE.aliceAddress);
  cafe.query(alice, DHCP_SCENE.aliceOtherAddress);
  beacons();
  cafe.client(alice, DhcpMessageType.DISCOVER, [clientIdOption(alice), host('alice-laptop'), vendor('android-dhcp-13'), requests(ANDROID_REQUESTS)]);
  cafe.client(alice, DhcpMessageType.DISCOVER, [clientIdOption(alice), host('alice-laptop'), vendor('android-dhcp-13'), requests(WINDOWS_REQUESTS)]);
  cafe.client(alice, DhcpMessageType.DISCOVER, [clientIdOption(alice), host('alice-laptop'), vendor('MSFT 5.0'), requests(WINDOWS_REQUESTS)]);
  through(second).client(alice, DhcpMessageType.DISCOVER, [clientIdOption(alice), host('alice-tablet'), vendor('MSFT 5.0'), requests(WINDOWS_REQUESTS)]);
  beacons();
  cafe.client(bob, DhcpMessageType.DISCOVER, [clientIdOption(carol), host('carol')]);
  cafe.client(dave, DhcpMessageType.DISCOVER, Array.from({ length: 7 }, () => clientIdOption(daveClaims)));
  beacons();
  cafe.client(erin, DhcpMessageType.DISCOVER, [clientIdOption(erin), host('erin-mbp'), vendor('dhcpcd-9.4.1:Linux-6.1.0:x86_64:GenuineIntel')]);
  cafe.client(erin, DhcpMessageType.DISCOVER, [clientIdOption(erin), host('mallory'), vendor('dhcpcd-9.4.1:Linux-6.1.0:x86_64:GenuineIntel')], server.mac);
  cafe.client(erin, DhcpMessageType.REQUEST, [clientIdOption(erin), host('mallory')]);
  beacons();
  return frames;
}

/** The scene as a pcap file with radiotap headers. */
export function dhcpCapture(): Buffer {
  return pcapFile(LinkType.RADIOTAP, sceneRecords(dhcpSceneFrames(), LinkType.RADIOTAP));
}
