/**
 * The UAV PHY's decoder: the JSON records of Kismet's AntSDR DroneID tool (`antsdr-droneid`,
 * sent over remote capture) become the `uav` annotation, one `DroneID RF` transmission each,
 * with the burst's frequency as the packet's. A record that cannot be read is an error packet.
 * Drones' Wi-Fi and Bluetooth frames are decoded by those PHYs; the UAV classifier reads what
 * they found. It reads only the record, as the decoder contract asks (`PhyDecoder` in @svc/core).
 */
import { kismetChecksum, type PhyDecoder } from '@svc/core';
import { ANTSDR_RECORD_TYPE, readAntsdrRecord } from './antsdr/antsdr-record.js';

/** The record types the decoder takes. */
export const UAV_RECORD_TYPES: readonly string[] = [ANTSDR_RECORD_TYPE];

/**
 * The address Kismet gives an AntSDR drone (`phy_uav_drone.cc`): two bytes of Kismet's checksum
 * of the model's name, then four of the serial's, both as they lie in memory (little-endian).
 */
export function antsdrMac(serial: string, deviceType: string): number {
  const model = kismetChecksum(deviceType) & 0xffff;
  const drone = kismetChecksum(serial);
  return ((model & 0xff) * 0x100 + (model >>> 8)) * 0x100000000 + (drone & 0xff) * 0x1000000 + ((drone >>> 8) & 0xff) * 0x10000 + ((drone >>> 16) & 0xff) * 0x100 + (drone >>> 24);
}

/** Decodes one AntSDR record. */
export const decodeUavRecord: PhyDecoder<'uav'> = (frame) => {
  const json = frame.json;
  if (json === undefined || json.type !== ANTSDR_RECORD_TYPE) return undefined;
  const record = readAntsdrRecord(json.text);
  if (typeof record === 'string') return { error: true };
  const sighting = { radio: 'RF', transport: 'DroneID RF', mac: antsdrMac(record.serial, record.deviceType), antsdr: record } as const;
  return { annotation: { sightings: [sighting] }, signal: record.freq > 0 ? { freqKhz: Math.round(record.freq * 1000), ...frame.signal } : undefined };
};
