/**
 * The BTLE PHY's decoder: packets of link type 256 (with the radio pseudo-header) or 251 (bare
 * link layer), from the nRF sniffer, a pcap or a remote capture tool, and nRF Sniffer captures
 * (link type 272). The headers give the channel and signal; an advertising-channel packet
 * becomes the `btle` advertisement, an extended one heard on a secondary channel (the LE Coded
 * PHY's long range included) as AUX_ADV_IND. A packet whose CRC failed, or that is malformed, is
 * an error packet; data-channel packets are counted but name no device. It reads only the frame,
 * as the decoder contract asks (`PhyDecoder` in @svc/core).
 */
import type { Decoded, PacketSignal, PhyDecoder } from '@svc/core';
import { readAdvertisingPdu, isAdvertisingPacket, type BtleAdvertisement } from './advertising-pdu.js';
import { indexOfRfChannel, rfChannelKhz, rfChannelOfIndex } from './channels.js';
import { DLT_BLUETOOTH_LE_LL, DLT_BLUETOOTH_LE_LL_WITH_PHDR, LE_PHDR_BYTES, LePhdrFlags, readLePhdr } from './le-ll-phdr.js';
import { DLT_NORDIC_BLE, readNordicBle } from './nordic-ble.js';

/** The link types the decoder takes. */
export const BTLE_LINK_TYPES: readonly number[] = [DLT_BLUETOOTH_LE_LL_WITH_PHDR, DLT_BLUETOOTH_LE_LL, DLT_NORDIC_BLE];

const MALFORMED: Decoded<BtleAdvertisement> = { error: true };
/** The first primary advertising channel index: lower indexes are secondary (or data) channels. */
const FIRST_PRIMARY_CHANNEL = 37;

/** Decodes one BLE packet. */
export const decodeBtleFrame: PhyDecoder<'btle'> = (frame) => {
  if (frame.data === undefined) return undefined;
  let data: Uint8Array = frame.data;
  let offset = 0;
  let channel: number | undefined;
  let signal: PacketSignal | undefined;
  if (frame.dlt === DLT_BLUETOOTH_LE_LL_WITH_PHDR) {
    const phdr = readLePhdr(data);
    if (!phdr || phdr.rfChannel > 39) return MALFORMED;
    offset = LE_PHDR_BYTES;
    channel = indexOfRfChannel(phdr.rfChannel);
    // The source's own measurements, when it gave any, win over the pseudo-header's.
    if (frame.signal === undefined) signal = { signalDbm: phdr.signalDbm, noiseDbm: phdr.noiseDbm, freqKhz: rfChannelKhz(phdr.rfChannel), channel: String(channel) };
    if (phdr.flags & LePhdrFlags.CRC_CHECKED && !(phdr.flags & LePhdrFlags.CRC_VALID)) return { signal, error: true };
  } else if (frame.dlt === DLT_NORDIC_BLE) {
    const record = readNordicBle(data);
    if (!record) return MALFORMED;
    channel = record.channel;
    if (frame.signal === undefined) signal = { signalDbm: record.rssi, freqKhz: rfChannelKhz(rfChannelOfIndex(channel)), channel: String(channel) };
    if (!record.crcOk) return { signal, error: true };
    data = record.ll;
  }
  if (!isAdvertisingPacket(data, offset)) return { signal, error: data.length < offset + 4 };
  try {
    return { annotation: readAdvertisingPdu(data, offset, channel !== undefined && channel < FIRST_PRIMARY_CHANNEL), signal };
  } catch {
    return { signal, error: true };
  }
};
