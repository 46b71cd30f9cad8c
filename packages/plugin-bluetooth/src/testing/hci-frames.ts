/**
 * HCI frames and btsnoop files built byte by byte from the Core spec's layouts (vol 4 part E
 * 7.7), for tests, fuzzing and benchmarks that need Bluetooth input the shared data set does
 * not have: a crafted event, thousands of advertisers, an Android log of a given shape.
 */

/** One advertising data structure: its AD type and body. */
export type AdStructure = readonly [type: number, body: Uint8Array | string];

/** Advertising data (or EIR) from its structures. */
export function adStructures(structures: readonly AdStructure[]): Buffer {
  return Buffer.concat(
    structures.map(([type, body]) => {
      const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
      return Buffer.concat([Buffer.of(bytes.length + 1, type), bytes]);
    }),
  );
}

/** A device address in display order (`C0:FF:EE:00:00:01`), little endian as HCI sends it. */
export function bdAddr(text: string): Buffer {
  return Buffer.from(text.split(':').map((byte) => Number.parseInt(byte, 16))).reverse();
}

function event(code: number, parameters: Buffer): Buffer {
  return Buffer.concat([Buffer.of(0x04, code, parameters.length), parameters]);
}

/** One report of an LE Advertising Report event. */
export interface LeReport {
  /** 0 ADV_IND, 1 ADV_DIRECT_IND, 2 ADV_SCAN_IND, 3 ADV_NONCONN_IND, 4 SCAN_RSP. */
  readonly eventType?: number;
  /** 0 public, 1 random, 2 public identity, 3 random static identity. */
  readonly addressType?: number;
  readonly address: string;
  readonly data?: Uint8Array;
  readonly rssi?: number;
}

/** An H4 LE Meta event with an LE Advertising Report (subevent 0x02) of the reports given. */
export function leAdvertisingReportEvent(reports: readonly LeReport[]): Buffer {
  const parts = reports.map((report) => {
    const data = Buffer.from(report.data ?? []);
    return Buffer.concat([Buffer.of(report.eventType ?? 0, report.addressType ?? 0), bdAddr(report.address), Buffer.of(data.length), data, Buffer.of((report.rssi ?? -60) & 0xff)]);
  });
  return event(0x3e, Buffer.concat([Buffer.of(0x02, reports.length), ...parts]));
}

/** One report of an LE Extended Advertising Report event. */
export interface LeExtendedReport extends LeReport {
  /** The 16-bit event type (bit 0 connectable, 3 scan response, 4 legacy). */
  readonly extendedEventType?: number;
  readonly txPower?: number;
}

/** An H4 LE Meta event with an LE Extended Advertising Report (subevent 0x0D). */
export function leExtendedAdvertisingReportEvent(reports: readonly LeExtendedReport[]): Buffer {
  const parts = reports.map((report) => {
    const data = Buffer.from(report.data ?? []);
    // Event type 2, address type 1, address 6, primary and secondary PHY, SID, TX power, RSSI,
    // periodic interval 2, direct address type 1 and address 6, data length 1.
    const header = Buffer.alloc(24);
    header.writeUInt16LE(report.extendedEventType ?? 0x0001, 0);
    header[2] = report.addressType ?? 0;
    bdAddr(report.address).copy(header, 3);
    header[9] = 1; // primary PHY: LE 1M
    header[11] = 0xff; // no advertising set
    header[12] = (report.txPower ?? 127) & 0xff;
    header[13] = (report.rssi ?? -60) & 0xff;
    header[23] = data.length;
    return Buffer.concat([header, data]);
  });
  return event(0x3e, Buffer.concat([Buffer.of(0x0d, reports.length), ...parts]));
}

/** An H4 Extended Inquiry Result event (0x2F). */
export function extendedInquiryResultEvent(report: { address: string; classOfDevice: number; rssi?: number; eir?: Uint8Array }): Buffer {
  const eir = Buffer.alloc(240);
  Buffer.from(report.eir ?? []).copy(eir);
  const cod = Buffer.of(report.classOfDevice & 0xff, (report.classOfDevice >> 8) & 0xff, (report.classOfDevice >> 16) & 0xff);
  return event(0x2f, Buffer.concat([Buffer.of(1), bdAddr(report.address), Buffer.of(1, 0), cod, Buffer.of(0, 0, (report.rssi ?? -70) & 0xff), eir]));
}

/** An H4 Inquiry Result with RSSI event (0x22): parameters laid out as arrays, one entry per response. */
export function inquiryResultWithRssiEvent(responses: readonly { address: string; classOfDevice: number; rssi: number }[]): Buffer {
  const column = (bytes: (response: (typeof responses)[number]) => Buffer) => Buffer.concat(responses.map(bytes));
  return event(
    0x22,
    Buffer.concat([
      Buffer.of(responses.length),
      column((response) => bdAddr(response.address)),
      column(() => Buffer.of(1)),
      column(() => Buffer.of(0)),
      column((response) => Buffer.of(response.classOfDevice & 0xff, (response.classOfDevice >> 8) & 0xff, (response.classOfDevice >> 16) & 0xff)),
      column(() => Buffer.of(0, 0)),
      column((response) => Buffer.of(response.rssi & 0xff)),
    ]),
  );
}

/** An H4 Inquiry Result event (0x02), without RSSI. */
export function inquiryResultEvent(responses: readonly { address: string; classOfDevice: number }[]): Buffer {
  const column = (bytes: (response: (typeof responses)[number]) => Buffer) => Buffer.concat(responses.map(bytes));
  return event(
    0x02,
    Buffer.concat([
      Buffer.of(responses.length),
      column((response) => bdAddr(response.address)),
      column(() => Buffer.of(1)),
      column(() => Buffer.of(0, 0)),
      column((response) => Buffer.of(response.classOfDevice & 0xff, (response.classOfDevice >> 8) & 0xff, (response.classOfDevice >> 16) & 0xff)),
      column(() => Buffer.of(0, 0)),
    ]),
  );
}

/** An H4 Remote Name Request Complete event (0x07). */
export function remoteNameEvent(address: string, name: string, status = 0): Buffer {
  const field = Buffer.alloc(248);
  Buffer.from(name, 'utf8').copy(field);
  return event(0x07, Buffer.concat([Buffer.of(status), bdAddr(address), field]));
}

/** One record of a btsnoop file. */
export interface BtsnoopRecord {
  readonly data: Uint8Array;
  /** Microseconds since the Unix epoch. */
  readonly timeUs: number;
  /** Bit 0 received, bit 1 command or event (H1); BlueZ monitor: adapter index << 16 | opcode. */
  readonly flags?: number;
}

/** A btsnoop file of the given datalink (1002 H4 by default). */
export function btsnoopFile(records: readonly BtsnoopRecord[], datalink = 1002): Buffer {
  const header = Buffer.alloc(16);
  header.write('btsnoop\0', 0, 'latin1');
  header.writeUInt32BE(1, 8);
  header.writeUInt32BE(datalink, 12);
  const parts = records.map((record) => {
    const head = Buffer.alloc(24);
    head.writeUInt32BE(record.data.length, 0);
    head.writeUInt32BE(record.data.length, 4);
    head.writeUInt32BE(record.flags ?? 3, 8);
    head.writeBigInt64BE(BigInt(record.timeUs) + 0x00dcddb30f2f8000n, 16);
    return Buffer.concat([head, Buffer.from(record.data)]);
  });
  return Buffer.concat([header, ...parts]);
}

/** A classic pcap file (microsecond stamps) of the given link type. */
export function pcapFile(linkType: number, frames: readonly { data: Uint8Array; timeUs: number }[]): Buffer {
  const header = Buffer.alloc(24);
  header.writeUInt32LE(0xa1b2c3d4, 0);
  header.writeUInt16LE(2, 4);
  header.writeUInt16LE(4, 6);
  header.writeUInt32LE(65535, 16);
  header.writeUInt32LE(linkType, 20);
  const parts = frames.map((frame) => {
    const head = Buffer.alloc(16);
    head.writeUInt32LE(Math.floor(frame.timeUs / 1e6), 0);
    head.writeUInt32LE(frame.timeUs % 1e6, 4);
    head.writeUInt32LE(frame.data.length, 8);
    head.writeUInt32LE(frame.data.length, 12);
    return Buffer.concat([head, Buffer.from(frame.data)]);
  });
  return Buffer.concat([header, ...parts]);
}

/** An H4 frame with the 4-byte direction header of link type 201 (received). */
export function withDirection(h4: Uint8Array): Buffer {
  return Buffer.concat([Buffer.of(0, 0, 0, 1), Buffer.from(h4)]);
}
