/**
 * Drones in 802.11 frames, read through what `@svc/plugin-dot11` offers other plugins: two
 * element parsers added through its `ieParsers` hook (ASTM Remote ID under OUI FA:0B:BC, DJI
 * DroneID under 26:37:12), whose results a beacon's or probe response's `custom` holds, and the
 * body of action frames, read in place from the decoded frame's `bodyStart` (NAN service
 * discovery frames). Beacons without a drone element cost a walk over their element tags.
 */
import { Dot11Type, ManagementSubtype, type Dot11Frame, type IeParserDefinition } from '@svc/plugin-dot11';
import { DJI_DRONEID_OUI, readDjiDroneId, type DjiDroneId } from '../dji/dji-droneid.js';
import { ASD_STAN_OUI, readBeaconElement, readNanActionFrame } from '../remoteid/remote-id-transports.js';
import type { RemoteIdPayload } from '../remoteid/odid-message.js';
import type { UavSighting } from '../drone/uav-sighting.js';

/** Name of the Remote ID element parser's result. */
export const REMOTE_ID_ELEMENT = 'uav.remoteid';
/** Name of the DJI DroneID element parser's result. */
export const DJI_ELEMENT = 'uav.dji';

const VENDOR_ELEMENT = 221;

/** The element parsers the UAV plugin adds to the 802.11 decoder. */
export const UAV_ELEMENT_PARSERS: readonly IeParserDefinition[] = [
  { name: REMOTE_ID_ELEMENT, tag: VENDOR_ELEMENT, oui: ASD_STAN_OUI, parse: readBeaconElement },
  { name: DJI_ELEMENT, tag: VENDOR_ELEMENT, oui: DJI_DRONEID_OUI, parse: readDjiDroneId },
];

/** True for the frames that carry elements a drone advertises in: beacons and probe responses. */
export function isAdvertisement(frame: Dot11Frame): boolean {
  return frame.type === Dot11Type.MANAGEMENT && (frame.subtype === ManagementSubtype.BEACON || frame.subtype === ManagementSubtype.PROBE_RESPONSE);
}

/** The drone transmissions in a decoded 802.11 frame (`data` the packet's bytes); undefined when it has none. */
export function wifiSightings(frame: Dot11Frame, data: Buffer | undefined): UavSighting[] | undefined {
  if (frame.type !== Dot11Type.MANAGEMENT) return undefined;
  const mac = frame.header?.transmitter;
  if (mac === undefined) return undefined;
  if (isAdvertisement(frame)) {
    const custom = frame.custom;
    if (custom === undefined) return undefined;
    const remoteId = custom.get(REMOTE_ID_ELEMENT) as RemoteIdPayload | undefined;
    const dji = custom.get(DJI_ELEMENT) as DjiDroneId | undefined;
    const sightings: UavSighting[] = [];
    if (remoteId !== undefined) sightings.push({ radio: 'Wi-Fi', transport: 'Wi-Fi beacon', mac, remoteId });
    if (dji !== undefined) sightings.push({ radio: 'Wi-Fi', transport: 'DJI DroneID', mac, dji });
    return sightings.length ? sightings : undefined;
  }
  if ((frame.subtype === ManagementSubtype.ACTION || frame.subtype === ManagementSubtype.ACTION_NO_ACK) && data !== undefined && frame.bodyStart !== undefined) {
    const remoteId = readNanActionFrame(data, frame.bodyStart, frame.frameStart! + frame.frameLength!);
    return remoteId && [{ radio: 'Wi-Fi', transport: 'Wi-Fi NAN', mac, remoteId }];
  }
  return undefined;
}
