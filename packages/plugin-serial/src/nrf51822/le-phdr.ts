/**
 * The form the nRF sniffer's packets leave the serial plugin in: pcap link type 256
 * (`LINKTYPE_BLUETOOTH_LE_LL_WITH_PHDR`), the BLE link-layer packet as it was on air after a
 * 10-byte pseudo-header (RF channel, signal, reference access address, flags). It is the link
 * type Kismet's capture tools send and BLE pcaps hold, which the BTLE PHY of
 * `@svc/plugin-bluetooth` decodes wherever a packet comes from; plugins meet through it, not
 * through each other's code.
 */

/** pcap link type of BLE link-layer packets with the pseudo-header. */
export const DLT_BLUETOOTH_LE_LL_WITH_PHDR = 256;

const PHDR_BYTES = 10;
/** The access address of the advertising channels, the pseudo-header's reference address. */
const ADVERTISING_ACCESS_ADDRESS = 0x8e89bed6;
/** Flags: dewhitened, signal valid, reference access address valid, CRC checked. */
const MEASURED = 0x0001 | 0x0002 | 0x0010 | 0x0400;
const CRC_VALID = 0x0800;

/** The RF channel (2 MHz steps from 2402 MHz) of a link-layer channel index, as the pseudo-header numbers channels. */
function rfChannel(index: number): number {
  if (index >= 37) return index === 37 ? 0 : index === 38 ? 12 : 39;
  return index <= 10 ? index + 1 : index + 2;
}

/** A sniffed packet in link type 256: heard on channel index `channel` at `signalDbm`, its CRC good or not. */
export function snifferPacketBytes(channel: number, signalDbm: number, crcOk: boolean, onAir: Uint8Array): Buffer {
  const out = Buffer.alloc(PHDR_BYTES + onAir.length);
  out[0] = rfChannel(channel);
  out.writeInt8(Math.max(-128, Math.min(127, signalDbm)), 1);
  out.writeUInt32LE(ADVERTISING_ACCESS_ADDRESS, 4);
  out.writeUInt16LE(MEASURED | (crcOk ? CRC_VALID : 0), 8);
  out.set(onAir, PHDR_BYTES);
  return out;
}
