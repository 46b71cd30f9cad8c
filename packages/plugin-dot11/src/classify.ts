/**
 * The `classify` stage for 802.11: turns a decoded frame into device updates. The transmitter
 * is the device the frame was heard from (its signal and channel); the other addresses the
 * frame names (the access point a station talks to, the station an access point sends to, a
 * wired host behind it) are touched without the radio measurements. Roles follow the frame:
 * beacons and probe responses make access points and their advertised networks, probe requests
 * make probing stations, association and data frames tie stations to their BSS, four-address
 * frames make WDS links, EAPOL-Key messages are kept as handshakes on the access point.
 * A malformed frame counts only on its transmitter, as an error packet.
 */
import type { Packet, PhyState, Service, TrackedDevice } from '@svc/core';
import { ClientType } from './device/client-record.js';
import { basicCryptSet, cryptSet, cryptText } from './device/crypt.js';
import { Dot11Device, EapolDirection } from './device/dot11-device.js';
import { AdvertisedSsid, ProbedSsid, ssidHash, ssidKey } from './device/ssid-record.js';
import { basicTypeSet, dot11TypeName, Dot11TypeSet } from './device/typeset.js';
import { Dot11Topic, type Dot11Events } from './events.js';
import { frequencyOfChannel } from './parse/channels.js';
import type { Dot11Frame } from './parse/decode.js';
import type { Dot11Ies } from './parse/ies.js';
import type { ScannedNetwork } from './scan/scan-report.js';
import { Dot11Type, ManagementSubtype, type Dot11Header } from './parse/dot11-header.js';

declare module '@svc/core' {
  interface DeviceComponents {
    /** The 802.11 sub-record (`dot11.device`). */
    dot11: Dot11Device;
  }
}

/** Advertised (or responded) SSIDs kept per device; a beacon flood of random names cannot grow it further. */
export const MAX_ADVERTISED_SSIDS = 64;

const CAPABILITY_ESS = 0x0001;
const CAPABILITY_IBSS = 0x0002;
const STATUS_SUCCESS = 0;

/** True for a unicast address that can name a device (not group, not all zero). */
function isDeviceAddress(mac: number | undefined): mac is number {
  return mac !== undefined && mac !== 0 && (Math.floor(mac / 0x10000000000) & 1) === 0;
}

/** The dot11 sub-record of a device, created on first use. */
export function dot11Of(device: TrackedDevice): Dot11Device {
  return (device.components.dot11 ??= new Dot11Device());
}

/** Applies decoded frames to the tracker. */
export class Dot11Classifier {
  constructor(
    private readonly devices: Service['devices'],
    private readonly phy: PhyState,
    private readonly events: Dot11Events,
  ) {}

  /** Updates the devices a decoded frame names. */
  classify(packet: Packet, frame: Dot11Frame): void {
    const header = frame.header;
    if (!header) return;
    packet.phyName = this.phy.name;
    packet.destMac = header.destination ?? header.receiver;
    const transmitter = isDeviceAddress(header.transmitter) ? this.#touch(packet, header.transmitter, true) : undefined;
    if (transmitter) transmitter.packetsTx++;
    if (packet.error) return;
    const time = packet.tsSec + packet.tsUsec / 1e6;
    if (header.type === Dot11Type.MANAGEMENT) this.#management(packet, frame, header, transmitter, time);
    else if (header.type === Dot11Type.DATA) this.#data(packet, frame, header, transmitter, time);
  }

  /** Touches a device; undefined when an ingest filter rule drops the packet. */
  #touch(packet: Packet, mac: number, transmitted: boolean): TrackedDevice | undefined {
    const device = this.devices.touch(packet, this.phy, mac, transmitted);
    if (device === undefined) return undefined;
    if (device.components.dot11 === undefined) {
      device.components.dot11 = new Dot11Device();
      device.type = dot11TypeName(0);
    }
    if (!transmitted) device.packetsRx++;
    return device;
  }

  /** Touches a device the frame names but did not come from (unless it is the transmitter). */
  #named(packet: Packet, mac: number | undefined, transmitter: TrackedDevice | undefined): TrackedDevice | undefined {
    if (!isDeviceAddress(mac)) return undefined;
    if (transmitter && transmitter.mac === mac) return transmitter;
    return this.#touch(packet, mac, false);
  }

  #role(device: TrackedDevice, bits: number): void {
    const dot11 = dot11Of(device);
    if ((dot11.typeset & bits) === bits) return;
    dot11.typeset |= bits;
    device.type = dot11TypeName(dot11.typeset);
    device.basicTypeSet = basicTypeSet(dot11.typeset);
  }

  /** Ties a station to the BSS of an access point, on both records. */
  #link(station: TrackedDevice, accessPoint: TrackedDevice, time: number, type: number, bytes: number, retry: boolean): void {
    if (station === accessPoint) return;
    const dot11 = dot11Of(station);
    const current = dot11.currentBss;
    if (current !== undefined && current.bssid === accessPoint.mac) {
      // The usual case, the station's BSS of the last frame: both records are already linked.
      current.update(time, type, bytes, retry);
      return;
    }
    dot11.joinBss(accessPoint.mac, accessPoint.key, time, type, bytes, retry);
    const associated = (dot11Of(accessPoint).associated ??= new Map());
    if (!associated.has(station.mac)) associated.set(station.mac, station.key);
  }

  #management(packet: Packet, frame: Dot11Frame, header: Dot11Header, transmitter: TrackedDevice | undefined, time: number): void {
    switch (header.subtype) {
      case ManagementSubtype.BEACON:
      case ManagementSubtype.PROBE_RESPONSE:
        if (transmitter) this.#advertise(frame, transmitter, header.subtype === ManagementSubtype.BEACON, time);
        return;
      case ManagementSubtype.PROBE_REQUEST:
        if (transmitter) this.#probe(frame, header, transmitter, time);
        return;
      case ManagementSubtype.ASSOC_REQUEST:
      case ManagementSubtype.REASSOC_REQUEST:
      case ManagementSubtype.AUTH: {
        if (!transmitter || header.bssid === transmitter.mac) return;
        this.#role(transmitter, Dot11TypeSet.CLIENT);
        const accessPoint = this.#named(packet, header.bssid, transmitter);
        if (accessPoint) this.#link(transmitter, accessPoint, time, ClientType.ESTABLISHED, 0, false);
        return;
      }
      case ManagementSubtype.ASSOC_RESPONSE:
      case ManagementSubtype.REASSOC_RESPONSE: {
        if (!transmitter || frame.code !== STATUS_SUCCESS) return;
        const station = this.#named(packet, header.receiver, transmitter);
        if (!station || station === transmitter) return;
        this.#role(station, Dot11TypeSet.CLIENT);
        this.#link(station, transmitter, time, ClientType.ESTABLISHED, 0, false);
        return;
      }
      case ManagementSubtype.DEAUTH:
      case ManagementSubtype.DISASSOC: {
        const accessPoint = this.#named(packet, header.bssid, transmitter);
        if (!accessPoint) return;
        const dot11 = dot11Of(accessPoint);
        dot11.clientDisconnects++;
        dot11.clientDisconnectsLast = time;
        return;
      }
      default:
    }
  }

  /**
   * Records a network a scanning device reported (`scan_report.cmd`): the access point with its
   * SSID, encryption and channel, as a beacon would have told. The packet carries the report's
   * signal, channel and position.
   */
  scanned(packet: Packet, network: ScannedNetwork): void {
    const device = this.#touch(packet, network.bssid, true);
    if (device === undefined) return;
    device.packetsTx++;
    const role = network.adhoc ? Dot11TypeSet.ADHOC : Dot11TypeSet.BEACON_AP;
    this.#network(device, network.ssid, true, role, undefined, network.crypt, undefined, network.channel, packet.tsSec + packet.tsUsec / 1e6);
  }

  #advertise(frame: Dot11Frame, device: TrackedDevice, beacon: boolean, time: number): void {
    const capability = frame.capability ?? 0;
    const radioMhz = frame.radio.freqMhz ?? 0;
    const dot11 = dot11Of(device);
    const last = beacon ? dot11.lastBeaconed : dot11.lastResponded;
    const hash = frame.elementsHash;
    if (last !== undefined && hash !== undefined && last.repeats(hash, capability, radioMhz)) {
      // The same elements as the last time: nothing but the counts can change, so they stay unparsed.
      this.#role(device, advertiserRole(capability, beacon));
      if (last.dsChannel) {
        device.channel = last.dsChannel;
        if (last.dsFrequencyKhz) device.frequency = last.dsFrequencyKhz;
      }
      last.count(time, beacon, frame.beaconInterval);
      this.#announce(device, last, beacon);
      return;
    }
    const ies = frame.ies;
    const radioChannel = frame.radio.channel;
    const dsChannel = ies?.dsChannel;
    const channel = dsChannel !== undefined ? String(dsChannel) : radioChannel !== undefined ? String(radioChannel) : '';
    let dsFrequencyKhz = 0;
    if (dsChannel !== undefined) {
      device.channel = channel;
      const mhz = radioChannel === dsChannel && radioMhz !== 0 ? radioMhz : frequencyOfChannel(dsChannel, radioMhz > 5950);
      if (mhz !== undefined) device.frequency = dsFrequencyKhz = mhz * 1000;
    }
    const record = this.#network(device, ies?.ssid, beacon, advertiserRole(capability, beacon), ies, cryptSet(frame.capability, ies), frame.beaconInterval, channel, time);
    if (hash !== undefined) record.rememberFrame(hash, capability, radioMhz, dsChannel !== undefined ? channel : '', dsFrequencyKhz);
  }

  /** Makes the device an access point of the network and updates the network's SSID record. */
  #network(device: TrackedDevice, ssid: Buffer | undefined, beacon: boolean, role: number, ies: Dot11Ies | undefined, crypt: number, beaconInterval: number | undefined, channel: string, time: number): AdvertisedSsid {
    this.#role(device, role);
    const dot11 = dot11Of(device);
    const list = beacon ? (dot11.advertised ??= []) : (dot11.responded ??= []);
    let record = dot11.findSsid(list, ssidHash(ssid), ssid?.length ?? 0);
    const isNew = record === undefined;
    if (!record) {
      record = new AdvertisedSsid(ssid, time);
      list.push(record);
      if (list.length > MAX_ADVERTISED_SSIDS) list.splice(list.indexOf(leastRecent(list)), 1);
    }
    record.update(time, beacon, ies, crypt, beaconInterval, channel);
    if (beacon) dot11.lastBeaconed = record;
    else dot11.lastResponded = record;
    this.#announce(device, record, beacon);
    if (isNew) this.events.newSsid(beacon ? Dot11Topic.ADVERTISED_SSID : Dot11Topic.RESPONSE_SSID, device, record);
    return record;
  }

  /** The device's name and crypt summary from the network it advertises. */
  #announce(device: TrackedDevice, record: AdvertisedSsid, beacon: boolean): void {
    if (!record.cloaked && (beacon || device.name === '')) device.name = record.ssid;
    device.crypt = cryptText(record.crypt);
    device.basicCryptSet = basicCryptSet(record.crypt);
  }

  #probe(frame: Dot11Frame, header: Dot11Header, device: TrackedDevice, time: number): void {
    this.#role(device, Dot11TypeSet.CLIENT);
    const dot11 = dot11Of(device);
    const ies = frame.ies;
    const key = ssidKey(ies?.ssid);
    const bssid = header.bssid ?? 0xffffffffffff;
    const crypt = ies?.rsn || ies?.wpa ? cryptSet(frame.capability, ies) : 0;
    let record = dot11.probed?.get(key);
    const isNew = record === undefined;
    record ??= new ProbedSsid(ies?.ssid, bssid, time);
    record.update(time, bssid, ies, crypt);
    if (record !== dot11.lastProbed) {
      dot11.rememberProbe(key, record);
      dot11.lastProbed = record;
    }
    if (isNew) this.events.newSsid(Dot11Topic.PROBED_SSID, device, record);
  }

  #data(packet: Packet, frame: Dot11Frame, header: Dot11Header, transmitter: TrackedDevice | undefined, time: number): void {
    const bytes = frame.frameLength ?? 0;
    if (transmitter) {
      transmitter.packetsData++;
      if (header.protected) transmitter.packetsCrypt++;
      const dot11 = dot11Of(transmitter);
      dot11.datasize += bytes;
      if (header.retry) {
        dot11.numRetries++;
        dot11.datasizeRetry += bytes;
      }
    }
    let accessPoint: TrackedDevice | undefined;
    let station: TrackedDevice | undefined;
    if (header.toDs && !header.fromDs) {
      // station -> access point -> wired destination
      station = transmitter;
      accessPoint = this.#named(packet, header.bssid, transmitter);
      if (station) this.#role(station, Dot11TypeSet.CLIENT);
      if (station && accessPoint) this.#link(station, accessPoint, time, ClientType.TO_WIRED, bytes, header.retry);
      if (header.destination !== header.bssid) {
        const wired = this.#named(packet, header.destination, transmitter);
        if (wired && wired !== accessPoint) this.#role(wired, Dot11TypeSet.WIRED);
      }
    } else if (header.fromDs && !header.toDs) {
      // wired source -> access point -> station
      accessPoint = transmitter;
      station = this.#named(packet, header.destination, transmitter);
      if (station && accessPoint && station !== accessPoint) {
        this.#role(station, Dot11TypeSet.CLIENT);
        this.#link(station, accessPoint, time, ClientType.ESTABLISHED, bytes, header.retry);
      }
      if (header.source !== header.bssid) {
        const wired = this.#named(packet, header.source, transmitter);
        if (wired && accessPoint && wired !== accessPoint) {
          this.#role(wired, Dot11TypeSet.WIRED);
          this.#link(wired, accessPoint, time, ClientType.FROM_WIRED, bytes, false);
        }
      }
    } else if (header.toDs && header.fromDs) {
      if (transmitter) this.#role(transmitter, Dot11TypeSet.WDS);
      const peer = this.#named(packet, header.receiver, transmitter);
      if (peer) this.#role(peer, Dot11TypeSet.WDS);
    } else {
      // Neither bit: an independent BSS (or a direct link) between two stations.
      if (transmitter) this.#role(transmitter, Dot11TypeSet.ADHOC);
      const peer = this.#named(packet, header.receiver, transmitter);
      if (peer && peer !== transmitter) this.#role(peer, Dot11TypeSet.INFERRED_WIRELESS);
      accessPoint = this.#named(packet, header.bssid, transmitter);
      station = transmitter === accessPoint ? peer : transmitter;
    }
    const eapol = frame.eapol;
    if (eapol && eapol.message >= 1 && eapol.message <= 4 && accessPoint && station && accessPoint !== station) {
      const message = {
        time,
        client: station.mac,
        direction: transmitter === accessPoint ? EapolDirection.FROM_AP : EapolDirection.TO_AP,
        message: eapol.message,
        replayCounter: Number(eapol.replayCounter),
      };
      dot11Of(accessPoint).addHandshakeMessage(message);
      this.events.handshake(accessPoint, message);
    }
  }
}

/** The role a beacon or probe response gives its sender: ad-hoc station or access point. */
function advertiserRole(capability: number, beacon: boolean): number {
  const adhoc = (capability & CAPABILITY_IBSS) !== 0 && (capability & CAPABILITY_ESS) === 0;
  return adhoc ? Dot11TypeSet.ADHOC : beacon ? Dot11TypeSet.BEACON_AP : Dot11TypeSet.PROBE_AP;
}

function leastRecent(list: readonly AdvertisedSsid[]): AdvertisedSsid {
  let oldest = list[0]!;
  for (const record of list) if (record.lastTime < oldest.lastTime) oldest = record;
  return oldest;
}
