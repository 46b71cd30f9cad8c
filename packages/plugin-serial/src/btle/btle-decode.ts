/**
 * The `decode` stage for Bluetooth LE: packets of link type 256 (with the radio pseudo-header)
 * or 251 (bare link layer), from the nRF sniffer, a pcap or a remote capture tool. The
 * pseudo-header gives the channel and signal; an advertising-channel packet becomes an
 * `annotations.btle` advertisement. A packet whose CRC failed, or that is malformed, is an error
 * packet; data-channel packets are counted but name no device.
 */
import type { Packet } from '@svc/core';
import { readAdvertisingPdu, isAdvertisingPacket } from './advertising-pdu.js';
import { indexOfRfChannel, rfChannelKhz } from './channels.js';
import { DLT_BLUETOOTH_LE_LL, DLT_BLUETOOTH_LE_LL_WITH_PHDR, LE_PHDR_BYTES, LePhdrFlags, readLePhdr } from './le-ll-phdr.js';

/** Decodes a BLE packet in place. */
export function decodeBtlePacket(packet: Packet): void {
  const data = packet.data;
  if (!data || (packet.dlt !== DLT_BLUETOOTH_LE_LL_WITH_PHDR && packet.dlt !== DLT_BLUETOOTH_LE_LL)) return;
  let offset = 0;
  if (packet.dlt === DLT_BLUETOOTH_LE_LL_WITH_PHDR) {
    const phdr = readLePhdr(data);
    if (!phdr || phdr.rfChannel > 39) {
      packet.error = true;
      return;
    }
    offset = LE_PHDR_BYTES;
    packet.signal ??= { signalDbm: phdr.signalDbm, noiseDbm: phdr.noiseDbm, freqKhz: rfChannelKhz(phdr.rfChannel), channel: String(indexOfRfChannel(phdr.rfChannel)) };
    if (phdr.flags & LePhdrFlags.CRC_CHECKED && !(phdr.flags & LePhdrFlags.CRC_VALID)) {
      packet.error = true;
      return;
    }
  }
  if (!isAdvertisingPacket(data, offset)) {
    if (data.length < offset + 4) packet.error = true;
    return;
  }
  try {
    const advertisement = readAdvertisingPdu(data, offset);
    if (advertisement) packet.annotations.btle = advertisement;
  } catch {
    packet.error = true;
  }
}
