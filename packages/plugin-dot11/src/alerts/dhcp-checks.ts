/**
 * Checks on the DHCP traffic of unprotected data frames, after Kismet's IP data dissector
 * (`kis_dissector_ipdata.cc`) and `process_client` (`phy_80211.cc`). Kismet reads a DHCP
 * discover only when it is sent to the broadcast address (parse/ip-data.ts `broadcastDiscover`):
 *
 * - DHCPOSCHANGE, then DHCPNAMECHANGE: a discover whose vendor class (option 60), or host name
 *   (option 12), differs from the non-empty one of the station's last discover in the same
 *   network (Kismet keeps both on the station's client record of that BSSID, and compares only
 *   non-empty values). The parameter request list (option 55) is recorded on the client record
 *   but raises nothing: Kismet's "OS" is the vendor class.
 * - DHCPCLIENTID: a discover whose client identifier is an Ethernet address (type 1, 7 bytes)
 *   other than the frame's source. Kismet's test counts the client identifier options instead
 *   of measuring the first one's length, so it fires only for a discover carrying seven of
 *   them; svc tests what the alert describes.
 * - DHCPCONFLICT: a station that a DHCP server acknowledged an address for (a DHCP ACK with the
 *   station's hardware address, while its lease time lasts, by capture time) sends IPv4 or ARP
 *   from another unicast address (not 0.0.0.0, not link-local 169.254/16, which RFC 3927 lets a
 *   host use beside a leased one). Once per other address and lease; a DHCP NAK, a release or a
 *   decline ends the lease. Kismet defines this alert but never raises it.
 *
 * Alerts name the frame's network, source and destination, on channel "0", as Kismet raises them.
 */
import { formatMac } from '@svc/core';
import type { Dot11Header } from '../parse/dot11-header.js';
import type { DhcpMessage } from '../parse/dhcp.js';
import { broadcastDiscover, formatIpv4, fromDhcpClient, fromDhcpServer, type IpPacket } from '../parse/ip-data.js';
import type { AlertEmitter } from './alert-emitter.js';
import { Dot11Alert } from './alert-catalog.js';
import type { BoundedMacState } from './bounded-mac-state.js';
import { isUnicast, type FrameRoles } from './frame-roles.js';
import { DhcpStationState, MAX_DHCP_NETWORKS, type StationState } from './network-state.js';

const HALF = 0x1000000;
const DECLINE = 4;
const ACK = 5;
const NAK = 6;
const RELEASE = 7;
const LINK_LOCAL = 0xa9fe; // 169.254/16
const MULTICAST_AND_ABOVE = 0xe0000000; // 224.0.0.0: multicast, reserved and broadcast

/** The DHCP checks. */
export class DhcpChecks {
  /** Some station holds a lease: only then is every IPv4 frame's sender looked up. */
  #leases = false;

  constructor(
    private readonly emitter: AlertEmitter,
    private readonly stations: BoundedMacState<StationState>,
  ) {}

  /** Checks the IP traffic of one unprotected data frame sent at capture time `time`. */
  check(ip: IpPacket, header: Dot11Header, roles: FrameRoles, time: number): void {
    const dhcp = ip.dhcp;
    if (dhcp !== undefined) {
      const discover = broadcastDiscover(ip, header.destination);
      if (discover !== undefined) this.#discover(discover, header, roles);
      else if (fromDhcpServer(ip)) this.#serverMessage(dhcp, time);
      else if (fromDhcpClient(ip) && (dhcp.messageType === RELEASE || dhcp.messageType === DECLINE)) this.#endLease(dhcp.clientMac);
    }
    if (this.#leases && isUnicast(roles.sourceHigh, roles.sourceLow) && isUnicastAddress(ip.source)) this.#sentFrom(ip.source, roles, time);
  }

  #discover(discover: DhcpMessage, header: Dot11Header, roles: FrameRoles): void {
    const emitter = this.emitter;
    if (discover.clientIdMac !== undefined && discover.clientIdMac !== roles.source && emitter.may(Dot11Alert.DHCPCLIENTID)) {
      emitter.raise(Dot11Alert.DHCPCLIENTID, `DHCP request from ${formatMac(roles.source)} doesn't match DHCP DISCOVER client id ${formatMac(discover.clientIdMac)} which can indicate a DHCP spoofing attack`, roles, 0);
    }
    // Kismet compares within the sender's client record of the network: the BSSID's, or a WDS transmitter's.
    if (!roles.hasSourceDevice) return;
    const wds = header.toDs && header.fromDs;
    if (!roles.hasNetwork && !(wds && header.transmitter !== undefined && header.transmitter !== roles.source)) return;
    const network = roles.hasNetwork ? roles.bssid : header.transmitter!;
    const { vendorClass: vendor, hostName: host } = discover;
    if (vendor === undefined && host === undefined) return;
    const station = (this.stations.obtain(roles.sourceHigh, roles.sourceLow).dhcp ??= new DhcpStationState());
    let known = station.networks.get(network);
    if (known === undefined) {
      if (station.networks.size >= MAX_DHCP_NETWORKS) station.networks.delete(station.networks.keys().next().value!);
      known = { host: undefined, vendor: undefined };
      station.networks.set(network, known);
    }
    if (vendor !== undefined) {
      if (known.vendor !== undefined && known.vendor !== vendor) this.#changed(Dot11Alert.DHCPOSCHANGE, 'vendor', known.vendor, vendor, network, roles);
      known.vendor = vendor;
    }
    if (host !== undefined) {
      if (known.host !== undefined && known.host !== host) this.#changed(Dot11Alert.DHCPNAMECHANGE, 'hostname', known.host, host, network, roles);
      known.host = host;
    }
  }

  #changed(name: string, what: string, before: string, now: string, network: number, roles: FrameRoles): void {
    if (!this.emitter.may(name)) return;
    this.emitter.raise(name, `IEEE80211 network BSSID ${formatMac(network)} client ${formatMac(roles.source)} changed advertised DHCP ${what} from '${before}' to '${now}' which may indicate client spoofing or impersonation`, roles, 0);
  }

  /** A server's acknowledgement gives its client a lease; a refusal ends the one it had. */
  #serverMessage(dhcp: DhcpMessage, time: number): void {
    if (dhcp.clientMac === undefined) return;
    if (dhcp.messageType === NAK) {
      this.#endLease(dhcp.clientMac);
      return;
    }
    if (dhcp.messageType !== ACK || !isUnicastAddress(dhcp.yourAddress)) return;
    const station = (this.stations.obtain(Math.floor(dhcp.clientMac / HALF), dhcp.clientMac % HALF).dhcp ??= new DhcpStationState());
    station.leased = dhcp.yourAddress;
    station.leaseEnds = dhcp.leaseSeconds === undefined ? Infinity : time + dhcp.leaseSeconds;
    station.reported = 0;
    this.#leases = true;
  }

  #endLease(clientMac: number | undefined): void {
    if (clientMac === undefined) return;
    const station = this.stations.get(Math.floor(clientMac / HALF), clientMac % HALF)?.dhcp;
    if (station !== undefined) station.leased = 0;
  }

  /** The frame's sender used `address`: DHCPCONFLICT when it holds a lease for another one. */
  #sentFrom(address: number, roles: FrameRoles, time: number): void {
    const station = this.stations.get(roles.sourceHigh, roles.sourceLow)?.dhcp;
    if (station === undefined || station.leased === 0 || address === station.leased || address === station.reported || time > station.leaseEnds) return;
    if (!this.emitter.may(Dot11Alert.DHCPCONFLICT)) return;
    station.reported = address;
    this.emitter.raise(
      Dot11Alert.DHCPCONFLICT,
      `IEEE80211 network BSSID ${formatMac(roles.bssid)} client ${formatMac(roles.source)} was given ${formatIpv4(station.leased)} via DHCP but is using ${formatIpv4(address)}, which may indicate a misconfigured client or client spoofing`,
      roles,
      0,
    );
  }
}

/** A unicast IPv4 address a host can send from: not 0.0.0.0, link-local, multicast or broadcast. */
function isUnicastAddress(address: number): boolean {
  return address !== 0 && address >>> 16 !== LINK_LOCAL && address >>> 0 < MULTICAST_AND_ABOVE;
}
