/**
 * The `classify` stage for aircraft: each good Mode S message touches the `ADSB` device of its
 * ICAO address (typed `Aircraft`, named by its callsign once heard) and updates what it says.
 * Positions are decoded as dump1090 decodes them (`modes/cpr-tracker.ts`): a global decode from
 * an even and an odd CPR position close enough in time, else a local decode against the
 * aircraft's recent position or the receiver's own (a GPS on the packet). A decoded position is
 * the aircraft's location (as Kismet sets it), not the receiver's. A message that fails its CRC,
 * or whose address cannot be believed yet, names no aircraft.
 */
import type { Packet, PhyState, Service } from '@svc/core';
import type { ModeSMessage } from '../modes/mode-s-message.js';
import type { LatLon } from '../modes/cpr.js';
import { updateCprTrack, type CprTrackState } from '../modes/cpr-tracker.js';
import { AircraftDevice } from './aircraft-device.js';
import { icaoMac, icaoText } from './icao-mac.js';

/** Device type text of aircraft. */
export const AIRCRAFT_DEVICE_TYPE = 'Aircraft';
const FEET = 0.3048;

/** Applies decoded Mode S messages to the tracker. */
export class AircraftClassifier {
  readonly #cpr = new Map<number, CprTrackState>();
  /** Addresses heard in a clean DF11/17/18: the only ones a parity-derived or repaired address may be (dump1090's rule). */
  readonly #known = new Set<number>();

  constructor(
    private readonly devices: Service['devices'],
    private readonly phy: PhyState,
  ) {}

  /** Updates the aircraft the message is from; `given` is a position the feed decoded already (SBS). */
  classify(packet: Packet, message: ModeSMessage, given?: LatLon): void {
    if (!message.crcOk || !this.#trusted(message)) return;
    const gps = packet.gps;
    const position = given ?? (message.cpr ? this.#position(message, packet, gps) : undefined);
    if (position) packet.gps = { lat: position.lat, lon: position.lon, alt: (message.altitudeFt ?? 0) * FEET, fix: 3, time: packet.tsSec };
    else if (gps) packet.gps = undefined; // the receiver's position is not the aircraft's
    const device = this.devices.touch(packet, this.phy, icaoMac(message.icao), true);
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
   * Whether the message's address can be believed: a clean DF11/17/18 names its sender (and is
   * remembered); an address read from the parity of DF0/4/5/16/20/21, or one a single-bit repair
   * produced, is believed only once a clean message named it, since noise decodes to random
   * addresses.
   */
  #trusted(message: ModeSMessage): boolean {
    if (message.addressFromParity === true || message.repairedBit !== undefined) return this.#known.has(message.icao);
    if (message.df === 11 || message.df === 17 || message.df === 18) this.#known.add(message.icao);
    return true;
  }

  /** The position a CPR message gives, paired as dump1090 pairs; the receiver's own position (a GPS on the packet) helps surface and lone positions. */
  #position(message: ModeSMessage, packet: Packet, receiver: LatLon | undefined): LatLon | undefined {
    let state = this.#cpr.get(message.icao);
    if (state === undefined) this.#cpr.set(message.icao, (state = {}));
    return updateCprTrack(state, { ...message.cpr!, timeMs: packet.tsSec * 1000 + packet.tsUsec / 1000 }, receiver);
  }
}
