/**
 * One drone transmission as the UAV PHY's classifier takes it, whatever carried it: the radio and
 * the way it was sent, the transmitter's address, and what it said: ASTM Remote ID messages, a
 * DJI DroneID record, or (for a drone that sends neither) the beacon a manufacturer matcher
 * recognised. A packet carries a list of them (`packet.annotations.uav`): one frame may hold
 * Remote ID and DroneID, and one HCI event several reports.
 */
import type { DjiDroneId } from '../dji/dji-droneid.js';
import type { RemoteIdPayload } from '../remoteid/odid-message.js';

/** The radio a drone was heard on. */
export type UavRadio = 'Wi-Fi' | 'BLE';

/** How a transmission was carried. */
export type UavTransport = 'Wi-Fi beacon' | 'Wi-Fi NAN' | 'BLE legacy' | 'BLE extended' | 'DJI DroneID' | 'Wi-Fi fingerprint';

/** One drone transmission. */
export interface UavSighting {
  readonly radio: UavRadio;
  readonly transport: UavTransport;
  /** The transmitter's address, a 48-bit number. */
  readonly mac: number;
  /** ASTM Remote ID the transmission carried. */
  readonly remoteId?: RemoteIdPayload;
  /** DJI DroneID the transmission carried. */
  readonly dji?: DjiDroneId;
  /** The SSID of the beacon a manufacturer matcher recognised. */
  readonly ssid?: string;
}

/** The `uav` packet annotation: the drone transmissions one packet carried. */
export interface UavObservation {
  readonly sightings: readonly UavSighting[];
}
