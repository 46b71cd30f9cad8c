/**
 * Builds HCI captures byte by byte from the Core specification's layouts, so a test (or the
 * author of a Bluetooth plugin) can make the devices it needs without a real capture: an
 * Extended Inquiry Result of a Classic device, an LE Advertising Report, each as an H4 event
 * packet, and a btsnoop file (Android's `btsnoop_hci.log` layout, datalink H4) holding them at
 * the times given, which svc replays with `-c FILE` like any capture.
 */

/** One advertising-data or EIR structure: its type and its bytes (a string as UTF-8). */
export type AdStructure = readonly [type: number, data: Uint8Array | string];

/** A Classic device answering an inquiry. */
export interface InquiryResponse {
  /** Address in display order (`94:65:2D:C6:F4:00`). */
  readonly address: string;
  /** The 24-bit class of device. */
  readonly classOfDevice: number;
  readonly rssi: number;
  readonly eir?: readonly AdStructure[];
}

/** An LE advertisement as the controller reports it. */
export interface LeAdvertisement {
  /** Address in display order. */
  readonly address: string;
  readonly random?: boolean;
  /** Legacy event type: 0 ADV_IND, 1 ADV_DIRECT_IND, 2 ADV_SCAN_IND, 3 ADV_NONCONN_IND, 4 SCAN_RSP (default 0). */
  readonly eventType?: number;
  readonly rssi: number;
  readonly ad?: readonly AdStructure[];
}

/** One packet of a btsnoop file and when it was logged (Unix seconds, fractions allowed). */
export interface BtsnoopRecord {
  readonly time: number;
  /** An H4 packet: its type byte, then the HCI packet. */
  readonly packet: Uint8Array;
}

const H4_EVENT = 0x04;
const EVENT_EXTENDED_INQUIRY_RESULT = 0x2f;
const EVENT_LE_META = 0x3e;
const LE_ADVERTISING_REPORT = 0x02;
const EIR_BYTES = 240;
/** Microseconds from year 0 to the Unix epoch, as btsnoop counts time. */
const BTSNOOP_EPOCH_OFFSET = 0x00dcddb30f2f8000n;
const BTSNOOP_DATALINK_H4 = 1002;
/** Record flags of an event: received, and a command or event. */
const EVENT_FLAGS = 0x03;

/** Address bytes as HCI carries them (little endian). */
function addressBytes(text: string): number[] {
  return text.split(':').map((pair) => Number.parseInt(pair, 16)).reverse();
}

/** Advertising data or an EIR: each structure as length, type and bytes. */
export function advertisingData(structures: readonly AdStructure[]): Buffer {
  return Buffer.concat(
    structures.map(([type, data]) => {
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
      return Buffer.concat([Uint8Array.of(bytes.length + 1, type), bytes]);
    }),
  );
}

/** An H4 event packet of `code` with these parameters. */
function eventPacket(code: number, parameters: Buffer): Buffer {
  return Buffer.concat([Uint8Array.of(H4_EVENT, code, parameters.length), parameters]);
}

/** An Extended Inquiry Result event (one response, its EIR zero-padded to 240 bytes). */
export function extendedInquiryResultEvent(response: InquiryResponse): Buffer {
  const eir = Buffer.alloc(EIR_BYTES);
  advertisingData(response.eir ?? []).copy(eir);
  const cod = response.classOfDevice;
  const header = [1, ...addressBytes(response.address), 0x01, 0x00, cod & 0xff, (cod >> 8) & 0xff, (cod >> 16) & 0xff, 0x00, 0x00, response.rssi & 0xff];
  return eventPacket(EVENT_EXTENDED_INQUIRY_RESULT, Buffer.concat([Uint8Array.from(header), eir]));
}

/** An LE Meta event holding one LE Advertising Report. */
export function leAdvertisingReportEvent(advertisement: LeAdvertisement): Buffer {
  const data = advertisingData(advertisement.ad ?? []);
  const report = [LE_ADVERTISING_REPORT, 1, advertisement.eventType ?? 0, advertisement.random ? 1 : 0, ...addressBytes(advertisement.address), data.length];
  return eventPacket(EVENT_LE_META, Buffer.concat([Uint8Array.from(report), data, Uint8Array.of(advertisement.rssi & 0xff)]));
}

/** A btsnoop file (version 1, datalink H4) of these event packets. */
export function btsnoopFile(records: readonly BtsnoopRecord[]): Buffer {
  const header = Buffer.alloc(16);
  header.write('btsnoop\0', 0, 'latin1');
  header.writeUInt32BE(1, 8);
  header.writeUInt32BE(BTSNOOP_DATALINK_H4, 12);
  const parts: Buffer[] = [header];
  for (const { time, packet } of records) {
    const recordHeader = Buffer.alloc(24);
    recordHeader.writeUInt32BE(packet.length, 0);
    recordHeader.writeUInt32BE(packet.length, 4);
    recordHeader.writeUInt32BE(EVENT_FLAGS, 8);
    recordHeader.writeBigUInt64BE(BigInt(Math.round(time * 1e6)) + BTSNOOP_EPOCH_OFFSET, 16);
    parts.push(recordHeader, Buffer.from(packet));
  }
  return Buffer.concat(parts);
}
