/**
 * LINKTYPE_NORDIC_BLE (DLT 272): what Nordic's nRF Sniffer for Bluetooth LE writes through
 * Wireshark's extcap, the format of most published BLE sniffer captures. Each record is the
 * board's ID, the sniffer's packet header (6 bytes: lengths, protocol version, counter, packet
 * ID), its BLE header (its own length, flags, channel index, RSSI as a positive number, event
 * counter, timestamp) and the link-layer packet as it was on the air: access address, the
 * coding indicator on the LE Coded PHY, PDU header, PDU, CRC. Some firmware adds a padding byte
 * after the PDU header on the 1M and 2M PHYs; the lengths tell whether it is there.
 *
 * Flags: bit 0 the CRC was good; protocol version 3 adds the PHY in bits 4-6 (0 1M, 1 2M, 2 Coded).
 */

/** pcap link type of nRF Sniffer records. */
export const DLT_NORDIC_BLE = 272;

/** The PHY codes of the flags. */
export const NordicPhy = { LE_1M: 0, LE_2M: 1, LE_CODED: 2 } as const;

/** What a record's headers say, and where its link-layer packet is. */
export interface NordicBleRecord {
  /** Link-layer channel index (37-39 primary advertising, 0-36 secondary or data). */
  readonly channel: number;
  readonly rssi: number;
  readonly crcOk: boolean;
  readonly phy: number;
  /**
   * The link-layer packet with the coding indicator and any padding byte taken out: access
   * address, PDU header, PDU, CRC (a view of the record when there was nothing to take out).
   */
  readonly ll: Uint8Array;
}

const BOARD_AND_PACKET_HEADER = 7;
const LL_FIXED_BYTES = 4 + 2 + 3; // access address, PDU header, CRC

/** Reads one record; undefined when it is too short or inconsistent to hold a packet. */
export function readNordicBle(data: Uint8Array): NordicBleRecord | undefined {
  if (data.length < BOARD_AND_PACKET_HEADER + 1) return undefined;
  const version = data[3]!;
  const headerLength = data[BOARD_AND_PACKET_HEADER]!;
  const llStart = BOARD_AND_PACKET_HEADER + headerLength;
  if (headerLength < 7 || llStart + LL_FIXED_BYTES > data.length) return undefined;
  const flags = data[BOARD_AND_PACKET_HEADER + 1]!;
  const channel = data[BOARD_AND_PACKET_HEADER + 2]!;
  if (channel > 39) return undefined;
  const phy = version >= 3 ? (flags >> 4) & 0x07 : NordicPhy.LE_1M;
  const coded = phy === NordicPhy.LE_CODED ? 1 : 0;
  const headerAt = llStart + 4 + coded;
  if (headerAt + 2 > data.length) return undefined;
  const onAir = LL_FIXED_BYTES + coded + data[headerAt + 1]!;
  const available = data.length - llStart;
  let ll: Uint8Array;
  if (available === onAir && !coded) ll = data.subarray(llStart);
  else if (available === onAir || available === onAir + 1) {
    // Rebuilt without the coding indicator or the padding byte, so the packet reads as on a 1M PHY.
    const copy = new Uint8Array(onAir - coded);
    copy.set(data.subarray(llStart, llStart + 4), 0);
    copy.set(data.subarray(headerAt, headerAt + 2), 4);
    copy.set(data.subarray(headerAt + 2 + (available - onAir)), 6);
    ll = copy;
  } else return undefined;
  return { channel, rssi: -data[BOARD_AND_PACKET_HEADER + 3]!, crcOk: (flags & 0x01) !== 0, phy, ll };
}
