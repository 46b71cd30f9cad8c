/**
 * One drone transmission as the UAV PHY's classifier takes it, whatever carried it: the radio and
 * the way it was sent, the transmitter's address, and what it said: ASTM Remote ID messages, a
 * DJI DroneID record (from a Wi-Fi beacon, or an AntSDR's reading of DJI's own radio), or (for a drone that sends neither) the beacon a manufacturer matcher
 * recognised. A packet carries a list of them (`packet.annotations.uav`): one frame may hold
 * Remote ID and DroneID, and one HCI event several reports.
 */
import type { AntsdrDroneId } from '../antsdr/antsdr-record.js';
import type { DjiDroneId } from '../dji/dji-droneid.js';
import type { RemoteIdPayload } from '../remoteid/odid-message.js';

/** The radio a drone was heard on: Wi-Fi, Bluetooth LE, or its own (DJI's OcuSync, through an AntSDR). */
export type UavRadio = 'Wi-Fi' | 'BLE' | 'RF';

/** How a transmission was carried. */
export type UavTransport = 'Wi-Fi beacon' | 'Wi-Fi NAN' | 'BLE legacy' | 'BLE extended' | 'DJI DroneID' | 'DroneID RF' | 'Wi-Fi fingerprint';

/** One drone transmission. */
export interface UavSighting {
  readonly radio: UavRadio;
  readonly transport: UavTransport;
  /** The transmitter's address, a 48-bit number (for an AntSDR report, the address Kismet makes up for the drone). */
  readonly mac: number;
  /** ASTM Remote ID the transmission carried. */
  readonly remoteId?: RemoteIdPayload;
  /** DJI DroneID the transmission carried. */
  readonly dji?: DjiDroneId;
  /** An AntSDR's DroneID report. */
  readonly antsdr?: AntsdrDroneId;
  /** The SSID of the beacon a manufacturer matcher recognised. */
  readonly ssid?: string;
}

/** The `uav` packet annotation: the drone transmissions one packet carried. */
export interface UavObservation {
  readonly sightings: readonly UavSighting[];
}
