/**
 * Drones in Bluetooth LE advertisements, read from what `@svc/plugin-bluetooth`'s decoders
 * annotate a packet with: the advertising data of a sniffed advertising PDU (`btle`: legacy
 * PDUs, and extended ones on the LE 1M or Coded PHY) and of each LE report an HCI capture or an
 * adapter gives (`bluetooth`). Remote ID is the service data of UUID 0xFFFA.
 */
import type { AdvertisingData, BluetoothReport, BtleAdvertisement } from '@svc/plugin-bluetooth';
import { readServiceData } from '../remoteid/remote-id-transports.js';
import type { UavSighting, UavTransport } from '../drone/uav-sighting.js';

/** The ASTM service UUID as the Bluetooth plugin writes UUIDs. */
const ODID_UUID_TEXT = 'FFFA';

/** Extended advertising PDU types: their data is a message pack rather than one message. */
const EXTENDED_PDUS = new Set(['ADV_EXT_IND', 'AUX_ADV_IND', 'AUX_SCAN_RSP']);

/** The drone transmissions of a sniffed advertisement; undefined when it has none. */
export function advertisementSightings(advertisement: BtleAdvertisement): UavSighting[] | undefined {
  return sightings(advertisement.data, advertisement.transmitter, EXTENDED_PDUS.has(advertisement.pduType) ? 'BLE extended' : 'BLE legacy');
}

/** The drone transmissions of adapter reports; undefined when they have none. */
export function reportSightings(reports: readonly BluetoothReport[]): UavSighting[] | undefined {
  let found: UavSighting[] | undefined;
  for (const report of reports) {
    if (report.transport !== 'le') continue;
    const more = sightings(report.data, report.address, report.legacy === false ? 'BLE extended' : 'BLE legacy');
    if (more) (found ??= []).push(...more);
  }
  return found;
}

function sightings(data: AdvertisingData | undefined, mac: number, transport: UavTransport): UavSighting[] | undefined {
  let found: UavSighting[] | undefined;
  for (const entry of data?.serviceData ?? []) {
    if (entry.uuid !== ODID_UUID_TEXT) continue;
    const bytes = Buffer.from(entry.data, 'hex');
    const remoteId = readServiceData(bytes, 0, bytes.length);
    if (remoteId) (found ??= []).push({ radio: 'BLE', transport, mac, remoteId });
  }
  return found;
}
