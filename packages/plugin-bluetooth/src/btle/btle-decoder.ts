/**
 * The BTLE PHY's decoder: packets of link type 256 (with the radio pseudo-header) or 251 (bare
 * link layer), from the nRF sniffer, a pcap or a remote capture tool. The pseudo-header gives
 * the channel and signal; an advertising-channel packet becomes the `btle` advertisement. A
 * packet whose CRC failed, or that is malformed, is an error packet; data-channel packets are
 * counted but name no device. It reads only the frame, as the decoder contract asks
 * (`PhyDecoder` in @svc/core).
 */
import type { Decoded, PacketSignal, PhyDecoder } from '@svc/core';
import { readAdvertisingPdu, isAdvertisingPacket, type BtleAdvertisement } from './advertising-pdu.js';
import { indexOfRfChannel, rfChannelKhz } from './channels.js';
import { DLT_BLUETOOTH_LE_LL, DLT_BLUETOOTH_LE_LL_WITH_PHDR, LE_PHDR_BYTES, LePhdrFlags, readLePhdr } from './le-ll-phdr.js';

/** The link types the decoder takes. */
export const BTLE_LINK_TYPES: readonly number[] = [DLT_BLUETOOTH_LE_LL_WITH_PHDR, DLT_BLUETOOTH_LE_LL];

const MALFORMED: Decoded<BtleAdvertisement> = { error: true };

/** Decodes one BLE packet. */
export const decodeBtleFrame: PhyDecoder<'btle'> = (frame) => {
  const data = frame.data;
  if (data === undefined) return undefined;
  let offset = 0;
  let signal: PacketSignal | undefined;
  if (frame.dlt === DLT_BLUETOOTH_LE_LL_WITH_PHDR) {
    const phdr = readLePhdr(data);
    if (!phdr || phdr.rfChannel > 39) return MALFORMED;
    offset = LE_PHDR_BYTES;
    // The source's own measurements, when it gave any, win over the pseudo-header's.
    if (frame.signal === undefined) signal = { signalDbm: phdr.signalDbm, noiseDbm: phdr.noiseDbm, freqKhz: rfChannelKhz(phdr.rfChannel), channel: String(indexOfRfChannel(phdr.rfChannel)) };
    if (phdr.flags & LePhdrFlags.CRC_CHECKED && !(phdr.flags & LePhdrFlags.CRC_VALID)) return { signal, error: true };
  }
  if (!isAdvertisingPacket(data, offset)) return { signal, error: data.length < offset + 4 };
  try {
    return { annotation: readAdvertisingPdu(data, offset), signal };
  } catch {
    return { signal, error: true };
  }
};
