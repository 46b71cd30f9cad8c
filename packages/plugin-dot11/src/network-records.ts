/**
 * The networks an 802.11 device advertises, answers for and asks for, as the classifier reads
 * them from beacons, probe responses, probe and (re)association requests and scan reports: the
 * SSID records of the `dot11` sub-record, the events for new ones, and what they say about the
 * device itself, as Kismet's `handle_ssid` has it: its name (the SSID of its newest record, or its
 * MAC when that network is hidden), its channel (the DS parameter element's) and its crypt
 * summary. A beacon or probe response with the elements of the last one is not read again.
 */
import { formatMac, tagPacket, type Packet, type TrackedDevice } from '@svc/core';
import { basicCryptSet, Crypt, cryptSet, cryptText } from './device/crypt.js';
import { dot11Of, keepFrame } from './device/dot11-device.js';
import { AdvertisedSsid, ProbedSsid, ssidHash, ssidKey } from './device/ssid-record.js';
import { Dot11Topic, type Dot11Events } from './events.js';
import { frequencyOfChannel } from './parse/channels.js';
import type { Dot11Frame } from './parse/decode.js';
import type { Dot11Header } from './parse/dot11-header.js';
import type { Dot11Ies } from './parse/ies.js';

/** Advertised (or responded) SSIDs kept per device; a beacon flood of random names cannot grow it further. */
export const MAX_ADVERTISED_SSIDS = 64;

/** Keeps the SSID records of 802.11 devices. */
export class NetworkRecords {
  constructor(private readonly events: Dot11Events) {}

  /**
   * A beacon or probe response: the network record, the device's name and crypt, and its
   * channel from the DS parameter element. Elements the same as last time (Kismet's IE
   * checksum) are not read again and change nothing but the counts.
   */
  advertise(packet: Packet, frame: Dot11Frame, device: TrackedDevice, beacon: boolean, time: number): void {
    const capability = frame.capability ?? 0;
    const radioMhz = frame.radio.freqMhz ?? 0;
    const dot11 = dot11Of(device);
    const last = beacon ? dot11.lastBeaconed : dot11.lastResponded;
    const hash = frame.elementsHash;
    if (last !== undefined && hash !== undefined && last.repeats(hash, capability, radioMhz)) {
      last.count(time, beacon, frame.beaconInterval);
      return;
    }
    const ies = frame.ies;
    const radioChannel = frame.radio.channel;
    const dsChannel = ies?.dsChannel;
    const channel = dsChannel !== undefined ? String(dsChannel) : radioChannel !== undefined ? String(radioChannel) : '';
    if (dsChannel !== undefined) {
      device.channel = channel;
      const mhz = radioChannel === dsChannel && radioMhz !== 0 ? radioMhz : frequencyOfChannel(dsChannel, radioMhz > 5950);
      if (mhz !== undefined) device.frequency = mhz * 1000;
    }
    const record = this.network(device, ies?.ssid, beacon, ies, cryptSet(frame.capability, ies), frame.beaconInterval, channel, time, packet);
    if (hash !== undefined) record.rememberFrame(hash, capability, radioMhz);
    // A WPA network may have handshakes: the handshake pcap needs the frame that names it.
    if ((record.crypt & Crypt.WPA) !== 0) dot11.ssidFrame = keepFrame(packet, frame, dot11.ssidFrame) ?? dot11.ssidFrame;
  }

  /**
   * Updates the device's record of the network, and its crypt summary; a new record names the
   * device (by its MAC for a hidden network, as Kismet does) and tags the packet that told it.
   */
  network(device: TrackedDevice, ssid: Buffer | undefined, beacon: boolean, ies: Dot11Ies | undefined, crypt: number, beaconInterval: number | undefined, channel: string, time: number, packet?: Packet): AdvertisedSsid {
    const dot11 = dot11Of(device);
    const list = beacon ? (dot11.advertised ??= []) : (dot11.responded ??= []);
    let record = dot11.findSsid(list, ssidHash(ssid), ssid?.length ?? 0);
    const isNew = record === undefined;
    if (!record) {
      record = new AdvertisedSsid(ssid, time);
      list.push(record);
      if (list.length > MAX_ADVERTISED_SSIDS) list.splice(list.indexOf(leastRecent(list)), 1);
      device.name = record.cloaked ? formatMac(device.mac) : record.ssid;
    }
    record.update(time, beacon, ies, crypt, beaconInterval, channel);
    if (beacon) dot11.lastBeaconed = record;
    else dot11.lastResponded = record;
    device.crypt = cryptText(record.crypt);
    device.basicCryptSet = basicCryptSet(record.crypt);
    if (isNew) {
      if (packet) tagPacket(packet, beacon ? 'DOT11_BEACON_SSID' : 'DOT11_RESPONSE_SSID');
      this.events.newSsid(beacon ? Dot11Topic.ADVERTISED_SSID : Dot11Topic.RESPONSE_SSID, device, record);
    }
    return record;
  }

  /** A network a station asks for (probe request, association or reassociation request). */
  probe(frame: Dot11Frame, header: Dot11Header, device: TrackedDevice, time: number): void {
    const dot11 = dot11Of(device);
    const ies = frame.ies;
    const key = ssidKey(ies?.ssid);
    const bssid = header.bssid ?? 0xffffffffffff;
    const crypt = ies?.rsn || ies?.wpa ? cryptSet(frame.capability, ies) : 0;
    let record = dot11.lastProbed?.key === key ? dot11.lastProbed : dot11.findProbe(key);
    const isNew = record === undefined;
    record ??= new ProbedSsid(ies?.ssid, bssid, time, key);
    record.update(time, bssid, ies, crypt);
    if (record !== dot11.lastProbed) {
      dot11.rememberProbe(record);
      dot11.lastProbed = record;
    }
    if (isNew) this.events.newSsid(Dot11Topic.PROBED_SSID, device, record);
  }
}

function leastRecent(list: readonly AdvertisedSsid[]): AdvertisedSsid {
  let oldest = list[0]!;
  for (const record of list) if (record.lastTime < oldest.lastTime) oldest = record;
  return oldest;
}
