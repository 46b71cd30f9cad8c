/**
 * The `classify` stage for drones. It runs after the Wi-Fi and Bluetooth classifiers, so the
 * transmitters are tracked and the element parsers have run: it reads the drone transmissions a
 * packet carries (Remote ID and DroneID elements of beacons, NAN frames, BLE service data, and
 * for beacons of no drone protocol the manufacturer rules), files them as the packet's `uav`
 * annotation, and applies each to the `UAV` device of the drone it is about (keyed by its ID,
 * `drone-identity.ts`; the UAV decoder's AntSDR reports come as they are): signal and seen-by as for any device, the drone's own reported position
 * as the device's location (not the receiver's), the sub-record, and a link both ways between
 * the drone and the Wi-Fi or BTLE device it was heard from (`related_devices`: `uav` on the
 * transmitter, `uav_transmitter` on the drone). Whoever watches (the alerts) hears of each.
 */
import type { Packet, PacketGps, PhyState, Service, TrackedDevice } from '@svc/core';
import { advertisementSightings, reportSightings } from '../radio/ble-sightings.js';
import { isAdvertisement, wifiSightings } from '../radio/wifi-sightings.js';
import { couldMatch, ruleMatches, ruleRecord, type UavMatchRule } from '../match/uav-match-rules.js';
import { applyAntsdr } from './apply-antsdr.js';
import { applyDji } from './apply-dji.js';
import { applyRemoteId, type RemoteIdChange } from './apply-remote-id.js';
import { DroneIdentifier, droneMac, MAX_REMEMBERED_TRANSMITTERS, type DroneIdentity } from './drone-identity.js';
import type { UavCounters } from './uav-counters.js';
import { UavDevice, type UavPosition } from './uav-device.js';
import type { UavSighting } from './uav-sighting.js';

/** Device type of drones, and of those DJI DroneID reports (Kismet's). */
export const UAV_DEVICE_TYPE = 'UAV';
export const DJI_UAV_DEVICE_TYPE = 'DJI UAV';
/** Kismet's match type of drones a manufacturer rule recognised. */
export const FINGERPRINT_MATCH_TYPE = 'UAV Fingerprint';
/** Relationship names in `related_devices`. */
export const RELATED_UAV = 'uav';
export const RELATED_TRANSMITTER = 'uav_transmitter';

/** What one drone transmission did, for those that watch drones (the alerts). */
export interface UavSighted {
  readonly device: TrackedDevice;
  readonly uav: UavDevice;
  /**
   * The drone was heard for the first time, by an ID or by a manufacturer rule (a drone its
   * transmitter has not named yet is provisional: it is announced once named).
   */
  readonly created: boolean;
  /** Its position before this transmission. */
  readonly previous?: UavPosition;
  readonly positioned: boolean;
  readonly operatorPositioned: boolean;
  /** Why the transmission was malformed, when it was. */
  readonly malformed?: string;
  /** The key of the provisional drone this one took in (`#adoptProvisional`), whose alert state is now this drone's. */
  readonly adopted?: string;
  readonly packet: Packet;
}

/** Hears of every drone transmission applied. */
export type UavWatch = (sighted: UavSighted) => void;

/** The PHYs of the transmitters drones are linked to. */
export interface TransmitterPhys {
  readonly wifi?: PhyState;
  readonly btle?: PhyState;
}

/** Applies drone transmissions to the tracker. */
export class UavClassifier {
  readonly #identifier = new DroneIdentifier();
  /** Device MACs of drone identities, so the hash is taken once per drone. */
  readonly #macs = new Map<string, number>();
  /** The drone's reported position, lent to the packet while the tracker locates the device. */
  readonly #droneGps: PacketGps = { lat: 0, lon: 0, alt: 0, fix: 2, time: 0, transmitterPosition: true };

  constructor(
    private readonly devices: Service['devices'],
    private readonly phy: PhyState,
    private readonly transmitters: TransmitterPhys,
    private readonly rules: readonly UavMatchRule[],
    private readonly counters: UavCounters,
    private readonly watch?: UavWatch,
  ) {}

  /** Finds the drone transmissions of a packet and applies them. */
  classify(packet: Packet): void {
    if (packet.error === true || packet.filtered === true) return;
    const sightings = this.#sightings(packet);
    if (sightings === undefined) return;
    packet.annotations.uav = { sightings };
    for (const sighting of sightings) {
      this.counters.transmissions++;
      if (sighting.remoteId?.malformed !== undefined || sighting.dji?.kind === 'dji_malformed') this.counters.malformed++;
      this.#apply(packet, sighting);
    }
  }

  #sightings(packet: Packet): readonly UavSighting[] | undefined {
    const decoded = packet.annotations.uav;
    if (decoded !== undefined) return decoded.sightings;
    const frame = packet.annotations.dot11;
    if (frame !== undefined) return wifiSightings(frame, packet.data) ?? (this.rules.length && isAdvertisement(frame) ? this.#fingerprint(frame.header?.transmitter, () => frame.ies?.ssid) : undefined);
    const advertisement = packet.annotations.btle;
    if (advertisement !== undefined) return advertisementSightings(advertisement);
    const reports = packet.annotations.bluetooth?.reports;
    return reports && reportSightings(reports);
  }

  /** A beacon of no drone protocol that a manufacturer rule recognises; the SSID is read only when a rule could match its address. */
  #fingerprint(mac: number | undefined, ssid: () => Buffer | undefined): UavSighting[] | undefined {
    if (mac === undefined || !couldMatch(this.rules, mac)) return undefined;
    const text = ssid()?.toString('utf8') ?? '';
    return this.rules.some((rule) => ruleMatches(rule, mac, text)) ? [{ radio: 'Wi-Fi', transport: 'Wi-Fi fingerprint', mac, ssid: text }] : undefined;
  }

  #apply(packet: Packet, sighting: UavSighting): void {
    const time = packet.tsSec + packet.tsUsec / 1e6;
    const identity = this.#identifier.identify(sighting);
    const gps = packet.gps;
    // A drone's own report of where it is wins; a drone known only by its beacon is where the receiver heard it.
    packet.gps = this.#reportedPosition(sighting, packet.tsSec) ?? (sighting.ssid !== undefined ? gps : undefined);
    const device = this.devices.touch(packet, this.phy, this.#deviceMac(identity, sighting.mac), true);
    packet.gps = gps;
    if (device === undefined) return;
    device.packetsTx++;
    let uav = device.components.uav;
    const created = uav === undefined && (identity.kind !== 'mac' || sighting.ssid !== undefined);
    if (uav === undefined) {
      uav = device.components.uav = new UavDevice(identity.kind, identity.id);
      device.type = UAV_DEVICE_TYPE;
      if (identity.kind !== 'mac') device.name = identity.id;
    }
    const adopted = identity.kind !== 'mac' ? this.#adoptProvisional(uav, sighting) : undefined;
    uav.heardFrom(sighting.mac, sighting.transport, time);
    const previous = uav.position;
    let change: RemoteIdChange = { positioned: false, operatorPositioned: false };
    if (sighting.remoteId !== undefined) {
      change = applyRemoteId(uav, sighting.remoteId, time);
      uav.matchType = `Remote ID ${sighting.radio}`;
    } else if (sighting.dji !== undefined) {
      change = applyDji(uav, sighting.dji, time);
      device.type = DJI_UAV_DEVICE_TYPE;
    } else if (sighting.antsdr !== undefined) {
      change = applyAntsdr(uav, sighting.antsdr, time);
      device.type = DJI_UAV_DEVICE_TYPE;
    } else if (sighting.ssid !== undefined) this.#applyRule(uav, sighting.mac, sighting.ssid);
    if (uav.manufacturer !== '') device.manuf = uav.manufacturer;
    this.#link(device, sighting);
    const malformed = sighting.remoteId?.malformed ?? (sighting.dji?.kind === 'dji_malformed' ? sighting.dji.malformed : undefined);
    this.watch?.({ device, uav, created, previous, ...change, malformed, adopted, packet });
  }

  /**
   * Folds into a named drone the provisional one its transmitter made before naming it (a
   * drone known only by the transmitter's address), and drops that device; returns its key.
   */
  #adoptProvisional(uav: UavDevice, sighting: UavSighting): string | undefined {
    const provisional = this.devices.find(this.phy, sighting.mac);
    const older = provisional?.components.uav;
    if (provisional === undefined || older?.idKind !== 'mac' || provisional.touched) return undefined;
    uav.absorb(older);
    const phy = sighting.radio === 'Wi-Fi' ? this.transmitters.wifi : this.transmitters.btle;
    const transmitter = phy && this.devices.find(phy, sighting.mac);
    transmitter?.relatedDevices?.get(RELATED_UAV)?.delete(provisional.key);
    this.devices.remove(provisional);
    return provisional.key;
  }

  #applyRule(uav: UavDevice, mac: number, ssid: string): void {
    const rule = this.rules.find((candidate) => ruleMatches(candidate, mac, ssid))!;
    uav.matchedRule = ruleRecord(rule);
    uav.matchType = FINGERPRINT_MATCH_TYPE;
    if (uav.manufacturer === '') uav.manufacturer = rule.manufacturer;
    if (uav.model === '') uav.model = rule.model;
  }

  /** The drone's own position, as a fix for the tracker to locate the device with; undefined when the transmission gives none. */
  #reportedPosition(sighting: UavSighting, time: number): PacketGps | undefined {
    let lat: number | undefined;
    let lon: number | undefined;
    let alt = 0;
    for (const message of sighting.remoteId?.messages ?? []) {
      if (message.kind !== 'location' || message.lat === undefined || message.lon === undefined) continue;
      lat = message.lat;
      lon = message.lon;
      alt = message.geodeticAltitude ?? 0;
    }
    const antsdr = sighting.antsdr;
    if (antsdr !== undefined && antsdr.droneLat !== 0 && antsdr.droneLon !== 0) [lat, lon, alt] = [antsdr.droneLat, antsdr.droneLon, antsdr.altitude];
    const dji = sighting.dji;
    if (dji?.kind === 'dji_telemetry' && dji.state.gpsValid) {
      lat = dji.lat;
      lon = dji.lon;
      alt = dji.state.altitudeValid ? (dji.altitude ?? 0) : 0;
    }
    if (lat === undefined || lon === undefined) return undefined;
    const fix = this.#droneGps;
    fix.lat = lat;
    fix.lon = lon;
    fix.alt = alt;
    fix.fix = alt !== 0 ? 3 : 2;
    fix.time = time;
    return fix;
  }

  #deviceMac(identity: DroneIdentity, transmitter: number): number {
    if (identity.kind === 'mac') return transmitter;
    const key = `${identity.kind}:${identity.id}`;
    let mac = this.#macs.get(key);
    if (mac === undefined) {
      mac = droneMac(identity, transmitter);
      if (this.#macs.size >= MAX_REMEMBERED_TRANSMITTERS) this.#macs.delete(this.#macs.keys().next().value!);
      this.#macs.set(key, mac);
    }
    return mac;
  }

  /** Links the drone and the Wi-Fi or BTLE device of its transmitter, both ways. */
  #link(drone: TrackedDevice, sighting: UavSighting): void {
    const phy = sighting.radio === 'Wi-Fi' ? this.transmitters.wifi : this.transmitters.btle;
    const transmitter = phy && this.devices.find(phy, sighting.mac);
    if (transmitter === undefined) return;
    relate(drone, RELATED_TRANSMITTER, transmitter.key);
    if (relate(transmitter, RELATED_UAV, drone.key)) this.devices.markChanged(transmitter);
  }
}

/** Adds `key` to the device's related devices of `kind`; true when it was not there. */
function relate(device: TrackedDevice, kind: string, key: string): boolean {
  const related = (device.relatedDevices ??= new Map());
  let keys = related.get(kind);
  if (keys === undefined) related.set(kind, (keys = new Set()));
  if (keys.has(key)) return false;
  keys.add(key);
  return true;
}
