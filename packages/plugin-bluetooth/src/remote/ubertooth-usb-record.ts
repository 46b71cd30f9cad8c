/**
 * The Ubertooth One's USB receive record (`usb_pkt_rx` of libubertooth, 64 bytes), which Kismet's
 * `kismet_cap_ubertooth_one` forwards untouched (link type 0) and leaves to the server to turn
 * into a BLE link-layer packet with the radio pseudo-header (link type 256), as Kismet's
 * `datasource_ubertooth_one.cc` does. The record: packet type, status, channel (MHz above 2402),
 * clock bytes, maximum, minimum and average RSSI, RSSI sample count, two reserved bytes, then 50
 * bytes of the dewhitened packet (access address, PDU header, PDU, CRC). Its length is the PDU
 * header's 6-bit length plus the access address, header and CRC.
 */
import type { Packet } from '@svc/core';
import { DLT_BLUETOOTH_LE_LL_WITH_PHDR, LE_PHDR_BYTES, LePhdrFlags } from '../btle/le-ll-phdr.js';

/** Bytes of a `usb_pkt_rx` record. */
export const UBERTOOTH_RECORD_BYTES = 64;
/** Offset of the packet bytes in the record. */
const DATA_OFFSET = 14;
/** Packet bytes a record can hold (libubertooth's DMA_SIZE). */
const DATA_BYTES = 50;
/** Access address, PDU header and CRC around the PDU. */
const FRAMING_BYTES = 4 + 2 + 3;
/** What libubertooth and Kismet subtract from the minimum RSSI register to get dBm. */
const RSSI_OFFSET_DB = 54;
/** Highest channel offset in MHz above 2402 (RF channel 39, 2480 MHz). */
const MAX_CHANNEL_MHZ = 78;

/**
 * The DLT 256 frame of one record, or undefined when the record cannot be one (wrong size, a
 * PDU longer than the record, a channel off the band).
 */
export function ubertoothRecordFrame(record: Uint8Array): Buffer | undefined {
  if (record.length !== UBERTOOTH_RECORD_BYTES) return undefined;
  const view = Buffer.from(record.buffer, record.byteOffset, record.length);
  const channelMhz = view[2]!;
  const linkLayerBytes = (view[DATA_OFFSET + 5]! & 0x3f) + FRAMING_BYTES;
  if (linkLayerBytes > DATA_BYTES || channelMhz > MAX_CHANNEL_MHZ || channelMhz % 2 !== 0) return undefined;
  const frame = Buffer.alloc(LE_PHDR_BYTES + linkLayerBytes);
  frame[0] = channelMhz / 2;
  frame.writeInt8(Math.max(-128, view.readInt8(9) - RSSI_OFFSET_DB), 1);
  view.copy(frame, 4, DATA_OFFSET, DATA_OFFSET + 4);
  frame.writeUInt16LE(LePhdrFlags.DEWHITENED | LePhdrFlags.SIGNAL_VALID | LePhdrFlags.REF_ACCESS_ADDRESS_VALID, 8);
  view.copy(frame, LE_PHDR_BYTES, DATA_OFFSET, DATA_OFFSET + linkLayerBytes);
  return frame;
}

/**
 * Converts a packet of Kismet's Ubertooth tool in place: a record (link type 0) becomes its DLT
 * 256 frame, and one that cannot be a record is an error packet, kept as sent; a packet of
 * another link type (a tool that sends DLT 256 itself) passes as it is.
 */
export function convertUbertoothPacket(packet: Packet): void {
  if (packet.dlt !== 0 || packet.data === undefined) return;
  const frame = ubertoothRecordFrame(packet.data);
  if (frame === undefined) {
    packet.error = true;
    return;
  }
  packet.data = frame;
  packet.dlt = DLT_BLUETOOTH_LE_LL_WITH_PHDR;
}
