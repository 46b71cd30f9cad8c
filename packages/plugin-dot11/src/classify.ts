/**
 * The `classify` stage for 802.11: turns a decoded frame into device updates by the rules of
 * Kismet's classifier (phy_80211.cc), so that svc tracks the devices Kismet tracks, with the
 * types, names and channels it gives them (the fixture test compares both on real captures).
 *
 * A frame names its devices by role. Management frames: the BSSID (address 3), the source
 * (address 2) and the destination (address 1). Data frames by their DS bits: the BSSID, the
 * source and the destination of the distribution system, plus, in four-address (WDS) frames,
 * the transmitter and the receiver. Each role sets the device's type by one of Kismet's rules
 * (device/typeset.ts): the BSSID of any management frame or of to/from-DS data is an access
 * point, the destination of a management frame a client, the wired source behind an access
 * point bridged, a WDS transmitter or receiver a WDS AP, anything in an IBSS ad-hoc. Control
 * frames name no device (Kismet ignores them), nor do frames Kismet finds too short or of an
 * unknown subtype, nor frames with a bad FCS; null data only updates devices already known.
 * Elements that fail to parse leave the roles in place but add no SSID record (network-records.ts
 * keeps those). A DHCP discover's host name, vendor class, client identifier and parameter
 * request list go on the sender's client record of the access point, where Kismet keeps the
 * first two. An error frame counts once, on its transmitter. A device's channel follows Kismet
 * too: an access point's from its DS parameter element, otherwise the radio's, set by the roles
 * Kismet sets it for.
 */
import { tagPacket, type Packet, type PhyState, type Service, type TrackedDevice } from '@svc/core';
import { ClientType, type Dot11Client } from './device/client-record.js';
import { Dot11Device, dot11Of, EapolDirection, keepFrame } from './device/dot11-device.js';
import { BasicType, Dot11DeviceType, Dot11TypeSet, setTypeIfOnly, setTypeUnlessAll, setTypeUnlessAny } from './device/typeset.js';
import type { Dot11Events } from './events.js';
import { NetworkRecords } from './network-records.js';
import type { Dot11Frame } from './parse/decode.js';
import { broadcastDiscover } from './parse/ip-data.js';
import type { ScannedNetwork } from './scan/scan-report.js';
import { Dot11Type, ManagementSubtype, type Dot11Header } from './parse/dot11-header.js';

const CAPABILITY_IBSS = 0x0002;

/**
 * Management subtypes whose fixed fields Kismet reads as a beacon's (association request and
 * response, reassociation request, probe response, beacon, ATIM), bit per subtype. It drops
 * such a frame under 36 bytes, and takes the IBSS bit from byte 34 of the frame, where a
 * beacon's capability field has it (for the association frames that byte is an element's).
 */
const BEACON_FIXED_FIELDS =
  (1 << ManagementSubtype.ASSOC_REQUEST) |
  (1 << ManagementSubtype.ASSOC_RESPONSE) |
  (1 << ManagementSubtype.REASSOC_REQUEST) |
  (1 << ManagementSubtype.PROBE_RESPONSE) |
  (1 << ManagementSubtype.BEACON) |
  (1 << ManagementSubtype.ATIM);
const BEACON_FIXED_FIELDS_END = 36;
const BEACON_CAPABILITY_AT = 34;
/** Action frames (with and without acknowledgement) under 30 bytes Kismet drops. */
const ACTION_SUBTYPES = (1 << ManagementSubtype.ACTION) | (1 << ManagementSubtype.ACTION_NO_ACK);
const ACTION_MINIMUM = 30;
/** Management and data subtypes Kismet does not know, and drops. */
const UNKNOWN_MANAGEMENT = (1 << 6) | (1 << 7) | (1 << 15);
const UNKNOWN_DATA = (1 << 7) | (1 << 13);
/** Null and QoS null data: Kismet lets them update devices it knows, never create one. */
const NULL_DATA = (1 << 4) | (1 << 12);
/** Management frames that carry a station's wish for a network (Kismet records them as probed SSIDs). */
const PROBING = (1 << ManagementSubtype.PROBE_REQUEST) | (1 << ManagementSubtype.ASSOC_REQUEST) | (1 << ManagementSubtype.REASSOC_REQUEST);
const AP_OR_CLIENT = BasicType.AP | BasicType.CLIENT;
const AP_OR_PEER = BasicType.AP | BasicType.PEER;

/** True for a unicast address that can name a device (not group, not all zero). */
function isDeviceAddress(mac: number | undefined): mac is number {
  return mac !== undefined && mac !== 0 && (Math.floor(mac / 0x10000000000) & 1) === 0;
}

/** Applies decoded frames to the tracker. */
export class Dot11Classifier {
  // The frame being classified: its transmitter's MAC and device, and the radio's channel and frequency.
  #transmitterMac = -1;
  #transmitter: TrackedDevice | undefined = undefined;
  #radioChannel: string | undefined = undefined;
  #radioKhz = 0;
  readonly #networks: NetworkRecords;

  constructor(
    private readonly devices: Service['devices'],
    private readonly phy: PhyState,
    private readonly events: Dot11Events,
  ) {
    this.#networks = new NetworkRecords(events);
  }

  /** Updates the devices a decoded frame names. */
  classify(packet: Packet, frame: Dot11Frame): void {
    const header = frame.header;
    if (!header) return;
    packet.phyName = this.phy.name;
    packet.destMac = header.destination ?? header.receiver;
    packet.sourceMac = header.source ?? header.transmitter;
    packet.networkMac = header.bssid;
    packet.transmitterMac = header.transmitter;
    // A frame that names a MAC an ingest filter rule blocks is dropped whole, as Kismet's filter
    // drops it, before any device of it is touched (control frames included: they are logged).
    if (!this.#admitted(packet, header)) return;
    if (frame.radio.badFcs || !kismetReads(packet, frame, header)) {
      // Another radio's copy of the frame was counted when it came first.
      if (packet.error && packet.duplicate !== true) this.#countError(header.transmitter);
      return;
    }
    const signal = packet.signal;
    const radioChannel = signal?.channel;
    // Kismet sets a device's channel by its role in the frame (#followRadio), not on every
    // sighting as the tracker would: the tracker does not see the channel during this stage.
    if (radioChannel !== undefined) signal!.channel = undefined;
    // An error frame counts once, on its transmitter, not on every device it names.
    const error = packet.error === true;
    if (error) packet.error = false;
    this.#transmitterMac = header.transmitter ?? -1;
    this.#transmitter = undefined;
    this.#radioChannel = radioChannel;
    this.#radioKhz = signal?.freqKhz ?? 0;
    const time = packet.tsSec + packet.tsUsec / 1e6;
    try {
      if (header.type === Dot11Type.MANAGEMENT) this.#management(packet, frame, header, time);
      else this.#data(packet, frame, header, time);
    } finally {
      if (radioChannel !== undefined) signal!.channel = radioChannel;
      if (error) packet.error = true;
    }
    // (#touch set it; the compiler cannot see that through the calls.)
    const transmitter = this.#transmitter as TrackedDevice | undefined;
    if (!transmitter) {
      // A duplicate's error was counted on the copy that came first.
      if (error && packet.duplicate !== true) this.#countError(header.transmitter);
      return;
    }
    packet.device = transmitter;
    transmitter.packetsTx++;
    if (error) transmitter.packetsError++;
    if (header.type === Dot11Type.DATA) countData(transmitter, frame, header);
  }

  /** False when an ingest filter rule blocks one of the frame's addresses (the packet is then marked filtered). */
  #admitted(packet: Packet, header: Dot11Header): boolean {
    return this.#admits(packet, header.transmitter) && this.#admits(packet, header.receiver) && this.#admits(packet, header.bssid) && this.#admits(packet, header.source) && this.#admits(packet, header.destination);
  }

  #admits(packet: Packet, mac: number | undefined): boolean {
    return !isDeviceAddress(mac) || this.devices.admits(packet, this.phy, mac);
  }

  /** Counts an error frame that names no device on its transmitter, if that is a known device. */
  #countError(mac: number | undefined): void {
    if (!isDeviceAddress(mac)) return;
    const device = this.devices.find(this.phy, mac);
    if (device) device.packetsError++;
  }

  /**
   * Records that the frame names the device (creating it unless `existingOnly`). `radio` says
   * whether the frame's signal and frequency are the device's: Kismet takes them for the roles
   * that sent the frame from that radio, not for the access point forwarding wired traffic.
   */
  #touch(packet: Packet, mac: number, radio: boolean, existingOnly: boolean): TrackedDevice | undefined {
    if (existingOnly && this.devices.find(this.phy, mac) === undefined) return undefined;
    const device = this.devices.touch(packet, this.phy, mac, radio);
    // An ingest filter rule dropped the packet: nothing of it is tracked.
    if (device === undefined) return undefined;
    if (device.components.dot11 === undefined) {
      device.components.dot11 = new Dot11Device();
      device.type = Dot11DeviceType.DEVICE;
    }
    if (mac === this.#transmitterMac) this.#transmitter = device;
    else device.packetsRx++;
    return device;
  }

  /**
   * Kismet's channel rule for a device the frame came from: the radio's channel, when the frame
   * was heard on another frequency than the device's last or the device has no channel yet.
   */
  #followRadio(device: TrackedDevice): void {
    const channel = this.#radioChannel;
    if (channel !== undefined && this.#radioKhz !== 0 && (this.#radioKhz !== device.frequency || device.channel === '')) device.channel = channel;
  }

  /** Makes the device a member of an independent BSS. */
  #adhoc(device: TrackedDevice, typeset: boolean): void {
    device.basicTypeSet |= BasicType.PEER;
    device.type = Dot11DeviceType.ADHOC;
    if (typeset) dot11Of(device).typeset |= Dot11TypeSet.ADHOC;
  }

  #management(packet: Packet, frame: Dot11Frame, header: Dot11Header, time: number): void {
    const subtype = header.subtype;
    const ibss = (BEACON_FIXED_FIELDS & (1 << subtype)) !== 0 && (packet.data![frame.frameStart! + BEACON_CAPABILITY_AT]! & CAPABILITY_IBSS) !== 0;
    const bssidMac = header.bssid!;
    const sourceMac = header.transmitter!;
    const destMac = header.receiver;
    const bssid = isDeviceAddress(bssidMac) ? this.#touch(packet, bssidMac, sourceMac === bssidMac, false) : undefined;
    // Kismet takes the radio's measurements for a management frame's source only from a probe request.
    const source = sourceMac !== bssidMac && isDeviceAddress(sourceMac) ? this.#touch(packet, sourceMac, subtype === ManagementSubtype.PROBE_REQUEST, false) : undefined;
    const dest = destMac !== sourceMac && destMac !== bssidMac && isDeviceAddress(destMac) ? this.#touch(packet, destMac, false, false) : undefined;
    const wellFormed = frame.malformed === undefined;
    if (bssid) {
      this.#followRadio(bssid);
      if (ibss) this.#adhoc(bssid, true);
      else {
        bssid.basicTypeSet |= BasicType.AP;
        setTypeUnlessAll(bssid, Dot11DeviceType.AP, AP_OR_PEER);
      }
      const beacon = subtype === ManagementSubtype.BEACON;
      if (beacon || subtype === ManagementSubtype.PROBE_RESPONSE) {
        if (wellFormed) this.#networks.advertise(packet, frame, bssid, beacon, time);
        dot11Of(bssid).typeset |= beacon ? Dot11TypeSet.BEACON_AP : Dot11TypeSet.PROBE_AP;
      }
    }
    if (source) {
      this.#followRadio(source);
      if (ibss) this.#adhoc(source, true);
      else {
        setTypeUnlessAny(source, Dot11DeviceType.CLIENT, AP_OR_CLIENT);
        source.basicTypeSet |= BasicType.CLIENT;
      }
      if ((PROBING & (1 << subtype)) !== 0) {
        tagPacket(packet, 'DOT11_PROBE_REQ');
        if (wellFormed) this.#networks.probe(frame, header, source, time);
      }
    }
    if (dest) {
      setTypeUnlessAny(dest, Dot11DeviceType.CLIENT, AP_OR_CLIENT);
      dest.basicTypeSet = (dest.basicTypeSet & ~BasicType.WIRED) | BasicType.CLIENT;
    }
    if (!bssid) return;
    if (source) this.#link(source, bssid, time, ClientType.ESTABLISHED, 0, false);
    if (dest && subtype !== ManagementSubtype.PROBE_RESPONSE) this.#link(dest, bssid, time, ClientType.ESTABLISHED, 0, false);
    if (subtype === ManagementSubtype.DEAUTH || subtype === ManagementSubtype.DISASSOC) {
      tagPacket(packet, subtype === ManagementSubtype.DEAUTH ? 'DOT11_DEAUTHENTICATION' : 'DOT11_DISASSOCIATION');
      const dot11 = dot11Of(bssid);
      dot11.clientDisconnects++;
      dot11.clientDisconnectsLast = time;
    }
  }

  #data(packet: Packet, frame: Dot11Frame, header: Dot11Header, time: number): void {
    const existingOnly = (NULL_DATA & (1 << header.subtype)) !== 0;
    const toDs = header.toDs;
    const fromDs = header.fromDs;
    const wds = toDs && fromDs;
    const adhoc = !toDs && !fromDs;
    const sourceMac = header.source!;
    const destMac = header.destination!;
    // Kismet's BSSID: none in a four-address frame; the sender's own in an IBSS frame without one.
    let bssidMac = wds ? 0 : header.bssid!;
    if (adhoc && bssidMac === 0) bssidMac = sourceMac;
    const bssid = isDeviceAddress(bssidMac) ? this.#touch(packet, bssidMac, sourceMac === bssidMac, existingOnly) : undefined;
    const source = sourceMac !== bssidMac && isDeviceAddress(sourceMac) ? this.#touch(packet, sourceMac, toDs && !fromDs, existingOnly) : undefined;
    const dest = destMac !== sourceMac && destMac !== bssidMac && isDeviceAddress(destMac) ? this.#touch(packet, destMac, false, existingOnly) : undefined;
    let transmit: TrackedDevice | undefined;
    let receive: TrackedDevice | undefined;
    if (wds) {
      const transmitMac = header.transmitter!;
      const receiveMac = header.receiver;
      if (transmitMac !== sourceMac && transmitMac !== destMac && isDeviceAddress(transmitMac)) transmit = this.#touch(packet, transmitMac, true, existingOnly);
      if (receiveMac !== sourceMac && receiveMac !== destMac && isDeviceAddress(receiveMac)) receive = this.#touch(packet, receiveMac, false, existingOnly);
    }
    if (bssid) {
      this.#followRadio(bssid);
      if (adhoc) this.#adhoc(bssid, false);
      else {
        bssid.basicTypeSet |= BasicType.AP;
        bssid.type = Dot11DeviceType.AP;
      }
    }
    if (source) {
      if (toDs && !fromDs) this.#followRadio(source);
      if (existingOnly) {
        // Only a wireless station sends null data.
        setTypeUnlessAny(source, Dot11DeviceType.CLIENT, AP_OR_CLIENT);
        source.basicTypeSet |= BasicType.CLIENT;
      } else if (wds) {
        setTypeIfOnly(source, Dot11DeviceType.WDS, BasicType.PEER);
        source.basicTypeSet |= BasicType.PEER;
      } else if (fromDs) {
        setTypeUnlessAny(source, Dot11DeviceType.BRIDGED, AP_OR_CLIENT);
        source.basicTypeSet |= BasicType.WIRED;
      } else {
        setTypeUnlessAny(source, Dot11DeviceType.CLIENT, AP_OR_CLIENT);
        source.basicTypeSet |= BasicType.CLIENT;
      }
    }
    if (dest) {
      if (wds) {
        dest.basicTypeSet |= BasicType.PEER;
        setTypeIfOnly(dest, Dot11DeviceType.WDS, BasicType.PEER);
      } else if (adhoc) this.#adhoc(dest, false);
      // Only a destination: wired or wireless is not known until it sends.
      else setTypeIfOnly(dest, Dot11DeviceType.DEVICE, 0);
    }
    if (transmit) {
      this.#followRadio(transmit);
      wdsAccessPoint(transmit);
    }
    if (receive) wdsAccessPoint(receive);
    const bytes = frame.frameLength ?? 0;
    const retry = header.retry;
    const accessPoint = bssid ?? transmit;
    if (accessPoint) {
      const type = wds ? ClientType.INTRA : adhoc ? ClientType.ADHOC : toDs ? ClientType.TO_WIRED : ClientType.FROM_WIRED;
      if (source) {
        const client = this.#link(source, accessPoint, time, type, bytes, retry);
        // A DHCP discover (always to the broadcast address, so the sender is its only station).
        const discover = broadcastDiscover(frame.ip, destMac);
        if (client !== undefined && discover !== undefined) client.discovered(discover);
      }
      // Kismet also links the wired destination of data to the DS; svc does not, so that a host
      // reached through every access point of a large network holds no record per access point.
      if (dest && !(toDs && !fromDs)) this.#link(dest, accessPoint, time, fromDs && !toDs ? ClientType.ESTABLISHED : type, bytes, retry);
    }
    const eapol = frame.eapol;
    const station = source ?? dest;
    if (eapol) {
      tagPacket(packet, 'DOT11_WPAHANDSHAKE');
      if (eapol.pmkid) tagPacket(packet, 'DOT11_RSNPMKID');
    }
    if (eapol && eapol.message >= 1 && eapol.message <= 4 && bssid && station) {
      const message = {
        time,
        client: station.mac,
        direction: this.#transmitter === bssid ? EapolDirection.FROM_AP : EapolDirection.TO_AP,
        message: eapol.message,
        replayCounter: Number(eapol.replayCounter),
        pmkid: eapol.pmkid,
        frame: keepFrame(packet, frame),
      };
      dot11Of(bssid).addHandshakeMessage(message);
      this.events.handshake(bssid, message);
    }
  }

  /** Ties a station to the BSS of an access point, on both records; returns the station's client record. */
  #link(station: TrackedDevice, accessPoint: TrackedDevice, time: number, type: number, bytes: number, retry: boolean): Dot11Client | undefined {
    if (station === accessPoint) return undefined;
    const dot11 = dot11Of(station);
    const current = dot11.currentBss;
    if (current !== undefined && current.bssid === accessPoint.mac) {
      // The usual case, the station's BSS of the last frame: both records are already linked.
      current.update(time, type, bytes, retry);
      return current;
    }
    const client = dot11.joinBss(accessPoint.mac, accessPoint.key, time, type, bytes, retry);
    const associated = (dot11Of(accessPoint).associated ??= new Map());
    if (!associated.has(station.mac)) associated.set(station.mac, station.key);
    return client;
  }

  /**
   * Records a network a scanning device reported (`scan_report.cmd`): the access point with its
   * SSID, encryption and channel, as a beacon would have told. The packet carries the report's
   * signal, channel and position.
   */
  scanned(packet: Packet, network: ScannedNetwork): void {
    this.#transmitterMac = network.bssid;
    const device = this.#touch(packet, network.bssid, true, false);
    if (device === undefined) return;
    device.packetsTx++;
    if (network.adhoc) this.#adhoc(device, true);
    else {
      device.basicTypeSet |= BasicType.AP;
      device.type = Dot11DeviceType.AP;
    }
    dot11Of(device).typeset |= Dot11TypeSet.BEACON_AP;
    this.#networks.network(device, network.ssid, true, undefined, network.crypt, undefined, network.channel, packet.tsSec + packet.tsUsec / 1e6);
  }
}

/**
 * Whether Kismet's dissector takes the frame (it drops control frames, unknown subtypes, and
 * management frames too short for the fixed fields it reads).
 */
function kismetReads(packet: Packet, frame: Dot11Frame, header: Dot11Header): boolean {
  const subtype = header.subtype;
  if (header.type === Dot11Type.DATA) return (UNKNOWN_DATA & (1 << subtype)) === 0;
  if (header.type !== Dot11Type.MANAGEMENT || (UNKNOWN_MANAGEMENT & (1 << subtype)) !== 0) return false;
  const length = frame.frameLength!;
  if ((BEACON_FIXED_FIELDS & (1 << subtype)) !== 0) return length >= BEACON_FIXED_FIELDS_END && packet.data !== undefined;
  return (ACTION_SUBTYPES & (1 << subtype)) === 0 || length >= ACTION_MINIMUM;
}

/** A WDS transmitter or receiver: an access point peering with another. */
function wdsAccessPoint(device: TrackedDevice): void {
  device.basicTypeSet |= AP_OR_PEER;
  device.type = Dot11DeviceType.WDS_AP;
}

/** Counts a data frame on the device that sent it. */
function countData(transmitter: TrackedDevice, frame: Dot11Frame, header: Dot11Header): void {
  const bytes = frame.frameLength ?? 0;
  transmitter.packetsData++;
  if (header.protected) transmitter.packetsCrypt++;
  const dot11 = dot11Of(transmitter);
  dot11.datasize += bytes;
  if (header.retry) {
    dot11.numRetries++;
    dot11.datasizeRetry += bytes;
  }
}
