/**
 * The `classify` stage for aircraft: each good Mode S message touches the `ADSB` device of its
 * ICAO address (typed `Aircraft`, named by its callsign once heard) and updates what it says.
 * Positions are decoded as dump1090 decodes them (`CprTrack`): a global decode from
 * an even and an odd CPR position close enough in time, else a local decode against the
 * aircraft's recent position or the receiver's own (a GPS on the packet). A decoded position is
 * the aircraft's location (as Kismet sets it), not the receiver's. A message that fails its CRC,
 * or whose address cannot be believed yet, names no aircraft.
 */
import type { Packet, PacketGps, PhyState, Service } from '@svc/core';
import type { ModeSMessage } from '../modes/mode-s-message.js';
import type { LatLon } from '../modes/cpr.js';
import { CprTrack } from '../modes/cpr-tracker.js';
import { AircraftDevice } from './aircraft-device.js';
import { icaoMac, icaoText } from './icao-mac.js';

/** Device type text of aircraft. */
export const AIRCRAFT_DEVICE_TYPE = 'Aircraft';
const FEET = 0.3048;

/** What the classifier keeps per ICAO address it has heard: worked out once, used on every message. */
interface HeardAddress {
  /** The device key's MAC (`icaoMac`). */
  readonly mac: number;
  /** True once a clean DF11/17/18 named the address: only then may a parity-derived or repaired address be it (dump1090's rule). */
  named: boolean;
  readonly cpr: CprTrack;
}

/** Applies decoded Mode S messages to the tracker. */
export class AircraftClassifier {
  readonly #heard = new Map<number, HeardAddress>();
  /** The aircraft's position, lent to the packet while the tracker locates the device (the tracker copies it). */
  readonly #aircraftGps: PacketGps = { lat: 0, lon: 0, alt: 0, fix: 3, time: 0, transmitterPosition: true };

  constructor(
    private readonly devices: Service['devices'],
    private readonly phy: PhyState,
  ) {}

  /** Updates the aircraft the message is from; `given` is a position the feed decoded already (SBS). */
  classify(packet: Packet, message: ModeSMessage, given?: LatLon): void {
    if (!message.crcOk) return;
    const heard = this.#believed(message);
    if (heard === undefined) return;
    const gps = packet.gps;
    const position = given ?? (message.cpr ? heard.cpr.update(message.cpr, packet.tsSec * 1000 + packet.tsUsec / 1000, gps) : undefined);
    if (position) {
      const aircraftGps = this.#aircraftGps;
      aircraftGps.lat = position.lat;
      aircraftGps.lon = position.lon;
      aircraftGps.alt = (message.altitudeFt ?? 0) * FEET;
      aircraftGps.time = packet.tsSec;
      packet.gps = aircraftGps;
    } else if (gps) packet.gps = undefined; // the receiver's position is not the aircraft's
    const device = this.devices.touch(packet, this.phy, heard.mac, true);
    packet.gps = gps;
    if (device === undefined) return;
    device.packetsTx++;
    let aircraft = device.components.adsb;
    if (aircraft === undefined) {
      aircraft = device.components.adsb = new AircraftDevice(message.icao);
      device.type = AIRCRAFT_DEVICE_TYPE;
      device.manuf = 'ADSB';
    }
    aircraft.apply(message, packet.tsSec);
    if (position) aircraft.position(position.lat, position.lon, packet.tsSec);
    if (aircraft.callsign !== '' ? device.name !== aircraft.callsign : device.name === '') device.name = aircraft.callsign || icaoText(message.icao);
  }

  /**
   * The address of a message that can be believed: a clean DF11/17/18 names its sender (and is
   * remembered); an address read from the parity of DF0/4/5/16/20/21, or one a single-bit repair
   * produced, is believed only once a clean message named it, since noise decodes to random
   * addresses. Undefined for an address not to be believed.
   */
  #believed(message: ModeSMessage): HeardAddress | undefined {
    let heard = this.#heard.get(message.icao);
    if (message.addressFromParity === true || message.repairedBit !== undefined) return heard?.named === true ? heard : undefined;
    if (heard === undefined) this.#heard.set(message.icao, (heard = { mac: icaoMac(message.icao), named: false, cpr: new CprTrack() }));
    if (message.df === 11 || message.df === 17 || message.df === 18) heard.named = true;
    return heard;
  }
}
