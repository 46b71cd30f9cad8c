/**
 * Frames a drone sends, built byte by byte as the standards lay them out, for tests and
 * benchmarks of anything that takes drone input: Remote ID in a Wi-Fi beacon (radiotap, DLT
 * 127), in a Wi-Fi NAN service discovery frame, in Bluetooth LE advertising (legacy
 * ADV_NONCONN_IND with one message, or an extended AUX_ADV_IND with a message pack, with the
 * LE pseudo-header, DLT 256), and DJI DroneID flight telemetry in a beacon. Write them to a pcap
 * with `pcapFile` of `@svc/plugin-dot11/synthetic` to replay them with `-c FILE`.
 */
import { DLT_BLUETOOTH_LE_LL_WITH_PHDR, LePhdrFlags, rfChannelOfIndex, withLePhdr } from '@svc/plugin-bluetooth';
import { beaconFixed, BROADCAST, Capability, element, LinkType, mac, management, ManagementFrame, ssid, withRadioHeader } from '@svc/plugin-dot11/synthetic';
import { DJI_DRONEID_OUI, DJI_DRONEID_VENDOR_TYPE, DjiSubcommand, type DjiFlightTelemetry } from '../dji/dji-droneid.js';
import { ASD_STAN_OUI, NAN_OUI_TYPE, ODID_APP_CODE, ODID_NAN_SERVICE_ID, WIFI_ALLIANCE_OUI } from '../remoteid/remote-id-transports.js';
import { messagePack } from './remote-id-messages.js';

/** Link types of the frames built here. */
export const DRONE_FRAME_LINK_TYPES = { WIFI: LinkType.RADIOTAP, BLE: DLT_BLUETOOTH_LE_LL_WITH_PHDR } as const;

/** Where a Wi-Fi frame was heard. */
export interface WifiRadio {
  readonly freqMhz?: number;
  readonly signalDbm?: number;
}

const oui = (value: number) => Buffer.from([value >> 16, (value >> 8) & 0xff, value & 0xff]);
const heard = (frame: Buffer, radio: WifiRadio = {}) => withRadioHeader(LinkType.RADIOTAP, frame, { freqMhz: radio.freqMhz ?? 2437, signalDbm: radio.signalDbm ?? -50, noiseDbm: -95, rate: 2 });

/** The Remote ID vendor element of a beacon: a message counter and a pack of `messages`. */
export function remoteIdElement(counter: number, messages: readonly Uint8Array[]): Buffer {
  return element(221, oui(ASD_STAN_OUI), ODID_APP_CODE, counter, messagePack(messages));
}

/** A beacon of `transmitter` carrying Remote ID, behind a radiotap header. */
export function remoteIdBeacon(spec: { readonly transmitter: string; readonly ssid?: string; readonly counter: number; readonly messages: readonly Uint8Array[]; readonly radio?: WifiRadio }): Buffer {
  const body = Buffer.concat([beaconFixed(Capability.ESS), ssid(spec.ssid ?? ''), element(1, 0x82, 0x84, 0x8b, 0x96), remoteIdElement(spec.counter, spec.messages)]);
  return heard(management(ManagementFrame.BEACON, body, 0, spec.transmitter), spec.radio);
}

/**
 * A NAN service discovery frame (a Wi-Fi Alliance public action frame) publishing the
 * `org.opendroneid.remoteid` service with the counter and a pack of `messages` as its service info.
 */
export function remoteIdNanFrame(spec: { readonly transmitter: string; readonly clusterId?: string; readonly counter: number; readonly messages: readonly Uint8Array[]; readonly radio?: WifiRadio }): Buffer {
  const info = Buffer.concat([Buffer.from([spec.counter]), messagePack(spec.messages)]);
  const descriptor = Buffer.concat([Buffer.from(ODID_NAN_SERVICE_ID), Buffer.from([1, 0, 0x10, info.length]), info]);
  const attribute = Buffer.concat([Buffer.from([0x03, descriptor.length & 0xff, descriptor.length >> 8]), descriptor]);
  const body = Buffer.concat([Buffer.from([4, 9]), oui(WIFI_ALLIANCE_OUI), Buffer.from([NAN_OUI_TYPE]), attribute]);
  const action = 13;
  return heard(management(action, body, 0, spec.transmitter, '51:6f:9a:01:00:00', spec.clusterId ?? '50:6f:9a:01:01:79'), spec.radio);
}

/** The Remote ID service data structure of an advertisement. */
function serviceData(counter: number, payload: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from([0x16, 0xfa, 0xff, ODID_APP_CODE, counter]), payload]);
  return Buffer.concat([Buffer.from([body.length]), body]);
}

/** Where a BLE packet was heard: its channel index (37-39 primary, 0-36 secondary) and signal. */
export interface BleRadio {
  readonly channel?: number;
  readonly signalDbm?: number;
}

const CRC = Buffer.from([0x55, 0x55, 0x55]);
const ACCESS_ADDRESS = Buffer.from([0xd6, 0xbe, 0x89, 0x8e]);

function blePacket(header: number, pdu: Buffer, radio: BleRadio, secondaryDefault: number): Buffer {
  const channel = radio.channel ?? secondaryDefault;
  const ll = Buffer.concat([ACCESS_ADDRESS, Buffer.from([header, pdu.length]), pdu, CRC]);
  return withLePhdr({ rfChannel: rfChannelOfIndex(channel), signalDbm: radio.signalDbm ?? -60, flags: LePhdrFlags.CRC_CHECKED | LePhdrFlags.CRC_VALID | LePhdrFlags.DEWHITENED }, ll);
}

/** A Bluetooth 4 legacy advertisement (ADV_NONCONN_IND, random address) carrying one Remote ID message. */
export function remoteIdLegacyAdvertisement(spec: { readonly address: string; readonly counter: number; readonly message: Uint8Array; readonly radio?: BleRadio }): Buffer {
  const pdu = Buffer.concat([mac(spec.address).reverse(), serviceData(spec.counter, spec.message)]);
  return blePacket(0x42, pdu, spec.radio ?? {}, 37);
}

/** A Bluetooth 5 AUX_ADV_IND (random address, AdvA and ADI) carrying a Remote ID message pack. */
export function remoteIdExtendedAdvertisement(spec: { readonly address: string; readonly counter: number; readonly messages: readonly Uint8Array[]; readonly radio?: BleRadio }): Buffer {
  const header = Buffer.concat([Buffer.from([9, 0x09]), mac(spec.address).reverse(), Buffer.from([0x75, 0x0e])]);
  const pdu = Buffer.concat([header, serviceData(spec.counter, messagePack(spec.messages))]);
  return blePacket(0x47, pdu, spec.radio ?? {}, 10);
}

/**
 * What a DJI DroneID flight telemetry record (version 2) says, as the reader gives it back; the
 * state bits are by default serial valid, private mode off, motors on, airborne, GPS, altitude,
 * height and velocities valid.
 */
export type DjiTelemetrySpec = Pick<DjiFlightTelemetry, 'serial' | 'lat' | 'lon'> &
  Partial<Pick<DjiFlightTelemetry, 'sequence' | 'stateInfo' | 'altitude' | 'height' | 'velocityNorth' | 'velocityEast' | 'velocityUp' | 'yaw' | 'appLat' | 'appLon' | 'homeLat' | 'homeLon' | 'productType' | 'uuid'>>;

const RAW_PER_DEGREE = 174533.0;

/** The DroneID vendor element of a flight telemetry record. */
export function djiDroneIdElement(spec: DjiTelemetrySpec): Buffer {
  const record = Buffer.alloc(29 + 36 + 2 + 20);
  record[0] = 2;
  record.writeUInt16LE(spec.sequence ?? 1, 1);
  record.writeUInt16LE(spec.stateInfo ?? 0x7f3, 3);
  Buffer.from(spec.serial, 'latin1').copy(record, 5, 0, 16);
  const position = (degrees: number | undefined) => Math.round((degrees ?? 0) * RAW_PER_DEGREE);
  record.writeInt32LE(position(spec.lon), 21);
  record.writeInt32LE(position(spec.lat), 25);
  record.writeInt16LE(spec.altitude ?? 0, 29);
  record.writeInt16LE(spec.height ?? 0, 31);
  record.writeInt16LE(Math.round((spec.velocityNorth ?? 0) * 100), 33);
  record.writeInt16LE(Math.round((spec.velocityEast ?? 0) * 100), 35);
  record.writeInt16LE(Math.round((spec.velocityUp ?? 0) * 100), 37);
  record.writeInt16LE(Math.round((spec.yaw ?? 0) * 100), 39);
  record.writeBigUInt64LE(0n, 41);
  record.writeInt32LE(position(spec.appLat), 49);
  record.writeInt32LE(position(spec.appLon), 53);
  record.writeInt32LE(position(spec.homeLon), 57);
  record.writeInt32LE(position(spec.homeLat), 61);
  record[65] = spec.productType ?? 0;
  const uuid = Buffer.from(spec.uuid ?? '', 'latin1');
  record[66] = uuid.length;
  uuid.copy(record, 67, 0, 20);
  return element(221, oui(DJI_DRONEID_OUI), DJI_DRONEID_VENDOR_TYPE, 0x62, 0x13, DjiSubcommand.FLIGHT_TELEMETRY, record);
}

/** A beacon of `transmitter` (BSSID `bssid`, by default the same) carrying DroneID flight telemetry. */
export function djiDroneIdBeacon(spec: { readonly transmitter: string; readonly bssid?: string; readonly ssid?: string; readonly telemetry: DjiTelemetrySpec; readonly radio?: WifiRadio }): Buffer {
  const body = Buffer.concat([beaconFixed(Capability.ESS), ssid(spec.ssid ?? ''), element(1, 0x82, 0x84, 0x8b, 0x96), djiDroneIdElement(spec.telemetry)]);
  return heard(management(ManagementFrame.BEACON, body, 0, spec.transmitter, BROADCAST, spec.bssid ?? spec.transmitter), spec.radio);
}

/** A plain beacon (no drone protocol), as a drone a manufacturer rule knows raises for its app. */
export function plainBeacon(spec: { readonly transmitter: string; readonly ssid: string; readonly radio?: WifiRadio }): Buffer {
  const body = Buffer.concat([beaconFixed(Capability.ESS), ssid(spec.ssid), element(1, 0x82, 0x84, 0x8b, 0x96)]);
  return heard(management(ManagementFrame.BEACON, body, 0, spec.transmitter), spec.radio);
}
