/**
 * A radio scene turned into the frames a monitor-mode radio hopping over its channels would
 * capture: networks beaconing, stations probing, authenticating, associating, running a real
 * WPA2 4-way handshake and exchanging data, a deauthentication, a WDS link, an ad-hoc cell, and
 * one damaged frame. Deterministic for a given scene and seed, so the captures it makes can be
 * kept, dissected once by tshark, and compared with what svc reports.
 */
import { seededRandom } from '@svc/core/testing';
import { frequencyOfChannel } from '../parse/channels.js';
import type { TimedFrame } from '../pcap/pcap-writer.js';
import {
  ackFrame,
  beaconFixed,
  BROADCAST,
  Capability,
  dataFrame,
  DataFrame,
  element,
  FrameFlags,
  llcSnap,
  management,
  ManagementFrame,
  rtsFrame,
  ctsFrame,
  ssid,
  u16,
} from './frame-builders.js';
import {
  Akm,
  Cipher,
  country,
  dsParameter,
  extendedRates,
  htCapabilities,
  htOperation,
  ofdmRates,
  rsn,
  supportedRates,
  tim,
  vhtCapabilities,
  vhtOperation,
  wpaTkipPsk,
  wps,
  type WpsDevice,
} from './information-elements.js';
import { withRadioHeader, type LinkTypeNumber, type RadioMeasurement } from './radio-headers.js';
import { fourWayHandshake } from './wpa-handshake.js';

/** How a network protects its traffic. */
export type SceneSecurity = 'open' | 'wep' | 'wpa-tkip' | 'wpa2-psk' | 'wpa3-sae' | 'wpa2-wpa3';

/** A network (an access point, or an ad-hoc cell) in the scene. */
export interface SceneNetwork {
  readonly bssid: string;
  readonly ssid: string;
  /** Beacons carry an empty SSID; probe responses to its clients name it. */
  readonly hidden?: boolean;
  /** An IBSS (ad-hoc) cell instead of an access point. */
  readonly adhoc?: boolean;
  readonly channel: number;
  readonly security: SceneSecurity;
  /** The WPA2 passphrase, for networks whose clients run a 4-way handshake. */
  readonly passphrase?: string;
  readonly wps?: WpsDevice;
  readonly country?: string;
  /** Signal at the monitoring radio. */
  readonly signalDbm: number;
}

/** A station (client) in the scene. */
export interface SceneStation {
  readonly mac: string;
  readonly signalDbm: number;
  /** SSIDs it probes for (`''` is a wildcard probe), on the channels of the scene's networks. */
  readonly probes?: readonly string[];
  /** The BSSID it joins: authentication, association, the handshake where there is one, then data. */
  readonly joins?: string;
  /** When it joins, seconds into the scene. */
  readonly joinsAt?: number;
  /** Data frames it exchanges with its network once joined (each way). */
  readonly dataFrames?: number;
}

/** A whole scene. */
export interface Scene {
  /** Capture start, seconds since the epoch. */
  readonly startSeconds: number;
  readonly durationSeconds: number;
  readonly networks: readonly SceneNetwork[];
  readonly stations: readonly SceneStation[];
  /** Two access points bridging over a 4-address (WDS) link on a channel. */
  readonly wdsLink?: { readonly peers: readonly [string, string]; readonly channel: number };
  /** An access point deauthenticating one of its stations, seconds into the scene. */
  readonly deauthentication?: { readonly bssid: string; readonly station: string; readonly atSeconds: number };
  readonly seed: number;
}

/** One captured frame of the scene: when, the 802.11 bytes, and what the radio measured. */
export interface SceneFrame {
  /** Microseconds since the epoch. */
  readonly timeUs: number;
  readonly frame: Buffer;
  readonly radio: RadioMeasurement;
  /** The transmitter's TSF timer, for radio headers that carry one. */
  readonly tsf: number;
}

/** Beacon interval of every network, in TU (1 024 µs). */
const BEACON_INTERVAL_TU = 100;

/** The elements that advertise a network's security. */
function securityElements(security: SceneSecurity): Buffer[] {
  switch (security) {
    case 'open':
    case 'wep':
      return [];
    case 'wpa-tkip':
      return [wpaTkipPsk()];
    case 'wpa2-psk':
      return [rsn({ group: Cipher.CCMP, pairwise: [Cipher.CCMP], akms: [Akm.PSK] })];
    case 'wpa3-sae':
      return [rsn({ group: Cipher.CCMP, pairwise: [Cipher.CCMP], akms: [Akm.SAE], mfpRequired: true })];
    case 'wpa2-wpa3':
      return [rsn({ group: Cipher.CCMP, pairwise: [Cipher.CCMP], akms: [Akm.PSK, Akm.SAE], mfpCapable: true })];
  }
}

/** The capability field of a network's beacons and probe responses. */
function capabilityOf(network: SceneNetwork): number {
  return (network.adhoc ? Capability.IBSS : Capability.ESS) | (network.security === 'open' ? 0 : Capability.PRIVACY) | Capability.SHORT_SLOT;
}

/** The elements of a beacon or probe response, after the SSID. */
function networkElements(network: SceneNetwork, beaconNumber: number | undefined): Buffer[] {
  const fiveGhz = network.channel > 14;
  return [
    fiveGhz ? ofdmRates() : supportedRates(),
    dsParameter(network.channel),
    ...(network.adhoc ? [element(6, u16(0))] : beaconNumber === undefined ? [] : [tim(beaconNumber % 3)]),
    ...(network.country ? [country(network.country, fiveGhz ? 36 : 1, fiveGhz ? 8 : 11, fiveGhz ? 23 : 20)] : []),
    ...(fiveGhz ? [] : [extendedRates()]),
    ...(network.adhoc ? [] : [htCapabilities(), htOperation(network.channel)]),
    ...securityElements(network.security),
    ...(fiveGhz ? [vhtCapabilities(), vhtOperation(network.channel + 6)] : []),
    ...(network.wps ? [wps(network.wps)] : []),
  ];
}

/** The frames of `scene`, in time order. */
export function sceneFrames(scene: Scene): SceneFrame[] {
  const random = seededRandom(scene.seed);
  const frames: SceneFrame[] = [];
  const startUs = scene.startSeconds * 1_000_000;
  const endUs = startUs + scene.durationSeconds * 1_000_000;
  const sequences = new Map<string, number>();
  const nextSequence = (transmitter: string) => {
    const sequence = ((sequences.get(transmitter) ?? Math.floor(random() * 4096)) + 1) & 0xfff;
    sequences.set(transmitter, sequence);
    return sequence;
  };
  const networkBy = new Map(scene.networks.map((network) => [network.bssid, network]));
  const signalOf = new Map<string, number>([...scene.networks.map((network) => [network.bssid, network.signalDbm] as const), ...scene.stations.map((station) => [station.mac, station.signalDbm] as const)]);
  /** Adds one frame sent by `transmitter` on `channel` at `timeUs`. */
  const emit = (timeUs: number, channel: number, transmitter: string | undefined, frame: Buffer) => {
    const signal = (transmitter === undefined ? -60 : (signalOf.get(transmitter) ?? -60)) + Math.round(random() * 6 - 3);
    const freqMhz = frequencyOfChannel(channel)!;
    frames.push({ timeUs: Math.round(timeUs), frame, radio: { freqMhz, signalDbm: signal, noiseDbm: -95, rate: channel > 14 ? 12 : 2, antenna: 1 }, tsf: Math.round(timeUs - startUs) });
  };

  // Beacons, each network on its own phase.
  for (const network of scene.networks) {
    const intervalUs = BEACON_INTERVAL_TU * 1024;
    let number = 0;
    for (let time = startUs + random() * intervalUs; time < endUs; time += intervalUs, number++) {
      const body = Buffer.concat([beaconFixed(capabilityOf(network), time - startUs, BEACON_INTERVAL_TU), ssid(network.hidden ? '' : network.ssid), ...networkElements(network, number)]);
      emit(time, network.channel, network.bssid, management(ManagementFrame.BEACON, body, 0, network.bssid, BROADCAST, network.bssid, nextSequence(network.bssid)));
    }
  }

  /** A probe response from `network` to `station`, naming the network even when it hides. */
  const probeResponse = (time: number, network: SceneNetwork, station: string) => {
    const body = Buffer.concat([beaconFixed(capabilityOf(network), time - startUs, BEACON_INTERVAL_TU), ssid(network.ssid), ...networkElements(network, undefined)]);
    emit(time, network.channel, network.bssid, management(ManagementFrame.PROBE_RESPONSE, body, 0, network.bssid, station, network.bssid, nextSequence(network.bssid)));
    emit(time + 40, network.channel, undefined, ackFrame(network.bssid));
  };
  const probeRequest = (time: number, channel: number, station: string, wanted: string, bssid = BROADCAST) => {
    const body = Buffer.concat([ssid(wanted), channel > 14 ? ofdmRates() : supportedRates(), ...(channel > 14 ? [] : [extendedRates()]), htCapabilities()]);
    emit(time, channel, station, management(ManagementFrame.PROBE_REQUEST, body, 0, station, bssid === BROADCAST ? BROADCAST : bssid, bssid, nextSequence(station)));
  };

  for (const station of scene.stations) {
    // Probes: each SSID on the channel of the network that has it (or channel 1), answered where a network has it.
    let time = startUs + 500_000 + random() * 2_000_000;
    for (const wanted of station.probes ?? []) {
      const answering = scene.networks.filter((network) => !network.adhoc && (wanted === '' ? !network.hidden : network.ssid === wanted));
      const channel = answering[0]?.channel ?? 1;
      probeRequest(time, channel, station.mac, wanted);
      for (const network of answering.filter((candidate) => candidate.channel === channel)) probeResponse(time + 2_000 + random() * 3_000, network, station.mac);
      time += 700_000 + random() * 900_000;
    }
    if (station.joins === undefined) continue;
    const network = networkBy.get(station.joins);
    if (!network) throw new Error(`station ${station.mac} joins ${station.joins}, which is not in the scene`);
    joinNetwork(startUs + (station.joinsAt ?? 3) * 1_000_000, network, station);
  }

  /** A station joining `network`: directed probe, open authentication, association, handshake, data. */
  function joinNetwork(at: number, network: SceneNetwork, station: SceneStation) {
    const { bssid, channel } = network;
    let time = at;
    const step = (us: number) => (time += us + random() * us);
    probeRequest(time, channel, station.mac, network.ssid, bssid);
    probeResponse(step(1_500), network, station.mac);
    emit(step(3_000), channel, station.mac, management(ManagementFrame.AUTHENTICATION, Buffer.concat([u16(0), u16(1), u16(0)]), 0, station.mac, bssid, bssid, nextSequence(station.mac)));
    emit(step(60), channel, undefined, ackFrame(station.mac));
    emit(step(1_000), channel, bssid, management(ManagementFrame.AUTHENTICATION, Buffer.concat([u16(0), u16(2), u16(0)]), 0, bssid, station.mac, bssid, nextSequence(bssid)));
    const associate = Buffer.concat([u16(Capability.ESS | (network.security === 'open' ? 0 : Capability.PRIVACY) | Capability.SHORT_SLOT), u16(10), ssid(network.ssid), channel > 14 ? ofdmRates() : supportedRates(), ...securityElements(network.security), htCapabilities()]);
    emit(step(2_000), channel, station.mac, management(ManagementFrame.ASSOCIATION_REQUEST, associate, 0, station.mac, bssid, bssid, nextSequence(station.mac)));
    const associationId = 1 + Math.floor(random() * 20);
    emit(step(1_500), channel, bssid, management(ManagementFrame.ASSOCIATION_RESPONSE, Buffer.concat([u16(Capability.ESS | Capability.SHORT_SLOT), u16(0), u16(0xc000 | associationId), supportedRates()]), 0, bssid, station.mac, bssid, nextSequence(bssid)));
    if (network.passphrase !== undefined && network.security === 'wpa2-psk') {
      const messages = fourWayHandshake({
        passphrase: network.passphrase,
        ssid: network.ssid,
        authenticator: bssid,
        supplicant: station.mac,
        anonce: nonce(),
        snonce: nonce(),
        rsnElement: securityElements('wpa2-psk')[0]!,
      });
      messages.forEach((body, index) => {
        const fromAp = index % 2 === 0;
        const qos = [u16(index === 0 ? 0x0007 : 0x0006)];
        const frame = fromAp
          ? dataFrame(FrameFlags.FROM_DS, station.mac, bssid, bssid, DataFrame.QOS_DATA, qos, body, nextSequence(bssid))
          : dataFrame(FrameFlags.TO_DS, bssid, station.mac, bssid, DataFrame.QOS_DATA, qos, body, nextSequence(station.mac));
        emit(step(4_000), channel, fromAp ? bssid : station.mac, frame);
      });
    }
    for (let index = 0; index < (station.dataFrames ?? 0); index++) {
      step(150_000);
      const server = '00:00:5e:00:01:01';
      emit(time, channel, station.mac, dataFrame(FrameFlags.TO_DS | protectedFlag(network), bssid, station.mac, server, DataFrame.QOS_DATA, [u16(0)], payload(network, index), nextSequence(station.mac)));
      emit(step(300), channel, undefined, ackFrame(station.mac));
      if (index % 4 === 3) {
        emit(step(2_000), channel, station.mac, rtsFrame(bssid, station.mac));
        emit(step(30), channel, undefined, ctsFrame(station.mac));
      }
      emit(step(5_000), channel, bssid, dataFrame(FrameFlags.FROM_DS | protectedFlag(network), station.mac, bssid, server, DataFrame.QOS_DATA, [u16(0)], payload(network, index + 1000), nextSequence(bssid)));
      if (index % 5 === 4) emit(step(20_000), channel, station.mac, dataFrame(FrameFlags.TO_DS | FrameFlags.POWER_MANAGEMENT, bssid, station.mac, bssid, DataFrame.QOS_NULL, [u16(0)], Buffer.alloc(0), nextSequence(station.mac)));
    }
  }

  /** A 32-byte nonce from the scene's generator. */
  function nonce(): Buffer {
    return Buffer.from(Array.from({ length: 32 }, () => Math.floor(random() * 256)));
  }

  /** A data payload as the network carries it: CCMP or TKIP ciphertext, WEP, or clear LLC/SNAP IPv4. */
  function payload(network: SceneNetwork, packetNumber: number): Buffer {
    if (network.security === 'open') return Buffer.concat([llcSnap(0x0800), ipv4Udp(Buffer.from(`svc demo traffic ${packetNumber}`.padEnd(48, '.'), 'ascii'))]);
    if (network.security === 'wep') return Buffer.concat([Buffer.from([packetNumber & 0xff, (packetNumber >> 8) & 0xff, 0x3c, 0x00]), noise(), Buffer.alloc(4, 0x77)]);
    return ciphertext(packetNumber);
  }

  /** A CCMP-protected body: header (PN0, PN1, reserved, key ID with Ext IV, PN2-5), ciphertext, 8-byte MIC. */
  function ciphertext(packetNumber: number): Buffer {
    const pn = packetNumber + 1;
    return Buffer.concat([Buffer.from([pn & 0xff, (pn >> 8) & 0xff, 0, 0x20, 0, 0, 0, 0]), noise(), Buffer.alloc(8, 0x3d)]);
  }

  /** 40 to 120 bytes that look like ciphertext. */
  function noise(): Buffer {
    return Buffer.from(Array.from({ length: 40 + Math.floor(random() * 80) }, () => Math.floor(random() * 256)));
  }

  // A WDS link: 4-address data frames between two access points.
  if (scene.wdsLink) {
    const { peers: [first, second], channel } = scene.wdsLink;
    for (let index = 0, time = startUs + 4_000_000; index < 6; index++, time += 900_000 + random() * 200_000) {
      const [from, to] = index % 2 === 0 ? [first, second] : [second, first];
      emit(time, channel, from, dataFrame(FrameFlags.TO_DS | FrameFlags.FROM_DS | FrameFlags.PROTECTED, to, from, '02:00:00:00:0b:0b', DataFrame.DATA, [mac4('02:00:00:00:0a:0a')], ciphertext(index), nextSequence(from)));
    }
  }

  if (scene.deauthentication) {
    const { bssid, station, atSeconds } = scene.deauthentication;
    const network = networkBy.get(bssid)!;
    emit(startUs + atSeconds * 1_000_000, network.channel, bssid, management(ManagementFrame.DEAUTHENTICATION, u16(7), 0, bssid, station, bssid, nextSequence(bssid)));
  }

  // One damaged frame: a beacon of the first network whose last element claims more bytes than the frame has.
  const damaged = scene.networks[0];
  if (damaged) {
    const body = Buffer.concat([beaconFixed(capabilityOf(damaged), 1, BEACON_INTERVAL_TU), ssid(damaged.ssid), ...networkElements(damaged, 0), Buffer.from([221, 40, 0x00, 0x50, 0xf2])]);
    emit(startUs + scene.durationSeconds * 500_000 + 51_200, damaged.channel, damaged.bssid, management(ManagementFrame.BEACON, body, 0, damaged.bssid, BROADCAST, damaged.bssid, nextSequence(damaged.bssid)));
  }

  return frames.filter((frame) => frame.timeUs < endUs).sort((a, b) => a.timeUs - b.timeUs);
}

/** The frame-control protected bit for a network's data. */
const protectedFlag = (network: SceneNetwork) => (network.security === 'open' ? 0 : FrameFlags.PROTECTED);

/** A fourth address field. */
const mac4 = (text: string) => Buffer.from(text.replaceAll(':', ''), 'hex');

/** A small IPv4/UDP datagram (between unassigned ports, so no dissector reads it as more) carrying `body`. */
function ipv4Udp(body: Buffer): Buffer {
  const udp = Buffer.concat([u16be(49152), u16be(47999), u16be(8 + body.length), u16be(0), body]);
  const header = Buffer.from([0x45, 0, 0, 0, 0, 0, 0x40, 0, 64, 17, 0, 0, 192, 168, 1, 23, 192, 168, 1, 1]);
  header.writeUInt16BE(20 + udp.length, 2);
  let sum = 0;
  for (let at = 0; at < 20; at += 2) sum += header.readUInt16BE(at);
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >> 16);
  header.writeUInt16BE(~sum & 0xffff, 10);
  return Buffer.concat([header, udp]);
}

/** A big-endian 16-bit field. */
const u16be = (value: number) => Buffer.from([(value >> 8) & 0xff, value & 0xff]);

/** The scene's frames as pcap records of `linkType`. */
export function sceneRecords(frames: readonly SceneFrame[], linkType: LinkTypeNumber): TimedFrame[] {
  return frames.map((frame) => ({ tsSec: Math.floor(frame.timeUs / 1_000_000), tsFraction: frame.timeUs % 1_000_000, data: withRadioHeader(linkType, frame.frame, frame.radio, frame.tsf) }));
}
