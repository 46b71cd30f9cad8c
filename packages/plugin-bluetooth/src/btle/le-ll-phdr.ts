/**
 * LINKTYPE_BLUETOOTH_LE_LL_WITH_PHDR (DLT 256): a 10-byte pseudo-header (RF channel, signal and
 * noise in dBm, access-address offenses, reference access address, flags) before a link-layer
 * packet (access address, PDU header, PDU, CRC). This is how svc carries BLE packets through the
 * chain, the way Kismet's capture tools send them, so a pcap or a remote sniffer works alike.
 */

/** pcap link type of a BLE link-layer packet with the pseudo-header. */
export const DLT_BLUETOOTH_LE_LL_WITH_PHDR = 256;
/** pcap link type of a bare BLE link-layer packet. */
export const DLT_BLUETOOTH_LE_LL = 251;
/** Bytes of the pseudo-header. */
export const LE_PHDR_BYTES = 10;
/** Access address of every advertising-channel packet. */
export const ADVERTISING_ACCESS_ADDRESS = 0x8e89bed6;

/** Pseudo-header flag bits. */
export const LePhdrFlags = {
  DEWHITENED: 0x0001,
  SIGNAL_VALID: 0x0002,
  NOISE_VALID: 0x0004,
  REF_ACCESS_ADDRESS_VALID: 0x0010,
  CRC_CHECKED: 0x0400,
  CRC_VALID: 0x0800,
} as const;

/** What the pseudo-header says. */
export interface LePhdr {
  readonly rfChannel: number;
  readonly signalDbm?: number;
  readonly noiseDbm?: number;
  readonly flags: number;
}

/** Writes a pseudo-header followed by `ll` (used by the nRF sniffer decoder and tests). */
export function withLePhdr(phdr: LePhdr, ll: Uint8Array): Buffer {
  const out = Buffer.alloc(LE_PHDR_BYTES + ll.length);
  out[0] = phdr.rfChannel;
  let flags = phdr.flags;
  if (phdr.signalDbm !== undefined) {
    out.writeInt8(Math.max(-128, Math.min(127, phdr.signalDbm)), 1);
    flags |= LePhdrFlags.SIGNAL_VALID;
  }
  if (phdr.noiseDbm !== undefined) {
    out.writeInt8(Math.max(-128, Math.min(127, phdr.noiseDbm)), 2);
    flags |= LePhdrFlags.NOISE_VALID;
  }
  out.writeUInt32LE(ADVERTISING_ACCESS_ADDRESS, 4);
  out.writeUInt16LE(flags | LePhdrFlags.REF_ACCESS_ADDRESS_VALID, 8);
  out.set(ll, LE_PHDR_BYTES);
  return out;
}

/** Reads the pseudo-header of a DLT 256 packet; undefined when it is too short. */
export function readLePhdr(data: Uint8Array): LePhdr | undefined {
  if (data.length < LE_PHDR_BYTES) return undefined;
  const view = Buffer.from(data.buffer, data.byteOffset, data.length);
  const flags = view.readUInt16LE(8);
  return {
    rfChannel: view[0]!,
    signalDbm: flags & LePhdrFlags.SIGNAL_VALID ? view.readInt8(1) : undefined,
    noiseDbm: flags & LePhdrFlags.NOISE_VALID ? view.readInt8(2) : undefined,
    flags,
  };
}
