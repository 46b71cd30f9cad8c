/**
 * Bluetooth LE advertising-channel packets (Core spec vol 6 part B 2.3): access address, a
 * 2-byte PDU header (type, ChSel, TxAdd, RxAdd, length), the PDU and a 3-byte CRC. Each PDU type
 * names its transmitter (the advertiser, a scanner, an initiator) and sometimes a target; the
 * advertising PDUs carry advertising data. Extended advertising (Bluetooth 5, type 7) carries
 * the common extended advertising payload (2.3.4): an extended header whose flags say which of
 * the advertiser's address, the target's, the ADI, the aux pointer and the TX power follow, then
 * advertising data; on the primary channels it is ADV_EXT_IND, on the secondary ones (where the
 * data usually is, often on the LE Coded PHY) AUX_ADV_IND. Malformed packets throw with the reason.
 */
import { readAdvertisingData, type AdvertisingData } from './advertising-data.js';
import { ADVERTISING_ACCESS_ADDRESS } from './le-ll-phdr.js';

/** PDU type names by type number. */
export const PDU_TYPES = ['ADV_IND', 'ADV_DIRECT_IND', 'ADV_NONCONN_IND', 'SCAN_REQ', 'SCAN_RSP', 'CONNECT_IND', 'ADV_SCAN_IND', 'ADV_EXT_IND'] as const;

/** A decoded advertising-channel packet. */
export interface BtleAdvertisement {
  readonly pduType: (typeof PDU_TYPES)[number] | 'AUX_ADV_IND' | 'RESERVED';
  /** The sender's device address as a 48-bit number, in display order. */
  readonly transmitter: number;
  /** The sender's address is random (TxAdd). */
  readonly transmitterRandom: boolean;
  /** The device addressed (scanned, connected to, directed at), when the PDU names one. */
  readonly target?: number;
  readonly targetRandom?: boolean;
  /** The PDU invites connections (ADV_IND, ADV_DIRECT_IND). */
  readonly connectable: boolean;
  /** Advertising data, for PDUs that carry it. */
  readonly data?: AdvertisingData;
  /**
   * Bytes of advertising data the PDU carried, for PDUs that carry it: at most 31 in a legacy
   * PDU, so more is what the BLEEDINGTOOTH alert looks for.
   */
  readonly dataLength?: number;
  /** TX power an extended advertisement's header gives, dBm. */
  readonly txPower?: number;
}

const LL_HEADER_BYTES = 6; // access address + PDU header
const CRC_BYTES = 3;
const ADDRESS_BYTES = 6;

/** Reads a device address stored little endian, as a number in display order. */
function address(bytes: Uint8Array, at: number): number {
  return ((bytes[at + 5]! << 16) | (bytes[at + 4]! << 8) | bytes[at + 3]!) * 0x1000000 + ((bytes[at + 2]! << 16) | (bytes[at + 1]! << 8) | bytes[at]!);
}

/** True when the link-layer packet at `offset` is on an advertising channel (its access address). */
export function isAdvertisingPacket(bytes: Uint8Array, offset: number): boolean {
  return bytes.length >= offset + 4 && Buffer.from(bytes.buffer, bytes.byteOffset + offset, 4).readUInt32LE(0) === ADVERTISING_ACCESS_ADDRESS;
}

/**
 * Decodes the advertising-channel packet starting at `offset` (its access address; the PDU
 * header is read 4 bytes on); `secondary` when it was heard on a secondary advertising channel.
 * Undefined for reserved types and for an extended PDU that names no advertiser.
 */
export function readAdvertisingPdu(bytes: Uint8Array, offset: number, secondary = false): BtleAdvertisement | undefined {
  if (bytes.length < offset + LL_HEADER_BYTES + CRC_BYTES) throw new Error(`a BLE packet of ${bytes.length - offset} bytes is shorter than its headers`);
  const header = bytes[offset + 4]!;
  const length = bytes[offset + 5]!;
  const start = offset + LL_HEADER_BYTES;
  const end = start + length;
  if (end + CRC_BYTES > bytes.length) throw new Error(`the PDU claims ${length} bytes but ${bytes.length - start - CRC_BYTES} are there`);
  const type = header & 0x0f;
  const txRandom = (header & 0x40) !== 0;
  const rxRandom = (header & 0x80) !== 0;
  const need = (bytes: number) => {
    if (length < bytes) throw new Error(`a ${PDU_TYPES[type]} PDU of ${length} bytes (needs ${bytes})`);
  };
  switch (type) {
    case 0: // ADV_IND
    case 2: // ADV_NONCONN_IND
    case 4: // SCAN_RSP
    case 6: // ADV_SCAN_IND
      need(ADDRESS_BYTES);
      return {
        pduType: PDU_TYPES[type],
        transmitter: address(bytes, start),
        transmitterRandom: txRandom,
        connectable: type === 0,
        data: readAdvertisingData(bytes, start + ADDRESS_BYTES, end),
        dataLength: length - ADDRESS_BYTES,
      };
    case 1: // ADV_DIRECT_IND: AdvA, TargetA
      need(2 * ADDRESS_BYTES);
      return { pduType: 'ADV_DIRECT_IND', transmitter: address(bytes, start), transmitterRandom: txRandom, target: address(bytes, start + ADDRESS_BYTES), targetRandom: rxRandom, connectable: true };
    case 3: // SCAN_REQ: ScanA, AdvA
    case 5: // CONNECT_IND: InitA, AdvA, LLData
      need(type === 3 ? 2 * ADDRESS_BYTES : 2 * ADDRESS_BYTES + 22);
      return { pduType: PDU_TYPES[type], transmitter: address(bytes, start), transmitterRandom: txRandom, target: address(bytes, start + ADDRESS_BYTES), targetRandom: rxRandom, connectable: false };
    case 7:
      return extendedPdu(bytes, start, end, txRandom, rxRandom, secondary);
    default:
      return undefined;
  }
}

/** Extended header flags (Core spec vol 6 part B 2.3.4.1), and the bytes of the fields they announce in order. */
const EXTENDED_FIELDS = [
  { flag: 0x01, bytes: ADDRESS_BYTES }, // AdvA
  { flag: 0x02, bytes: ADDRESS_BYTES }, // TargetA
  { flag: 0x04, bytes: 1 }, // CTEInfo
  { flag: 0x08, bytes: 2 }, // ADI
  { flag: 0x10, bytes: 3 }, // AuxPtr
  { flag: 0x20, bytes: 18 }, // SyncInfo
  { flag: 0x40, bytes: 1 }, // TxPower
] as const;
const ADV_MODE_CONNECTABLE = 1;

/** The common extended advertising payload in `bytes[start, end)`. */
function extendedPdu(bytes: Uint8Array, start: number, end: number, txRandom: boolean, rxRandom: boolean, secondary: boolean): BtleAdvertisement | undefined {
  if (end === start) return undefined;
  const headerLength = bytes[start]! & 0x3f;
  const dataStart = start + 1 + headerLength;
  if (dataStart > end) throw new Error(`an extended header of ${headerLength} bytes in a PDU of ${end - start}`);
  const flags = headerLength > 0 ? bytes[start + 1]! : 0;
  const at: Partial<Record<number, number>> = {};
  let field = start + 2;
  for (const { flag, bytes: size } of EXTENDED_FIELDS) {
    if (!(flags & flag)) continue;
    at[flag] = field;
    field += size;
  }
  if (headerLength > 0 && field > dataStart) throw new Error(`extended header flags 0x${flags.toString(16)} need ${field - start - 1} bytes, the header has ${headerLength}`);
  const advertiser = at[0x01];
  if (advertiser === undefined) return undefined;
  const target = at[0x02];
  const txPower = at[0x40];
  return {
    pduType: secondary ? 'AUX_ADV_IND' : 'ADV_EXT_IND',
    transmitter: address(bytes, advertiser),
    transmitterRandom: txRandom,
    target: target === undefined ? undefined : address(bytes, target),
    targetRandom: target === undefined ? undefined : rxRandom,
    connectable: bytes[start]! >> 6 === ADV_MODE_CONNECTABLE,
    data: readAdvertisingData(bytes, dataStart, end),
    dataLength: end - dataStart,
    txPower: txPower === undefined ? undefined : (bytes[txPower]! << 24) >> 24,
  };
}
