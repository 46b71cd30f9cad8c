/**
 * Classic pcap files (microsecond or nanosecond times, little endian): the format every tool
 * reads, for the handshake pcaps svc serves and the captures its generator writes, so both are
 * replayed by svc, dissected by tshark and cracked by aircrack-ng alike.
 */

/** A frame with its capture time. */
export interface TimedFrame {
  readonly tsSec: number;
  /** Microseconds (or nanoseconds in a nanosecond file) past `tsSec`. */
  readonly tsFraction: number;
  readonly data: Buffer;
}

const SNAPLEN = 65_535;
/** The magic numbers of microsecond and nanosecond pcap files. */
const MAGIC = { micro: 0xa1b2c3d4, nano: 0xa1b23c4d } as const;

/** A pcap file's global header. */
export function pcapHeader(linkType: number, resolution: keyof typeof MAGIC = 'micro'): Buffer {
  const header = Buffer.alloc(24);
  header.writeUInt32LE(MAGIC[resolution], 0);
  header.writeUInt16LE(2, 4);
  header.writeUInt16LE(4, 6);
  header.writeUInt32LE(SNAPLEN, 16);
  header.writeUInt32LE(linkType, 20);
  return header;
}

/** One pcap record: its 16-byte header and the frame. */
export function pcapRecord(frame: TimedFrame): Buffer {
  const header = Buffer.alloc(16);
  header.writeUInt32LE(frame.tsSec >>> 0, 0);
  header.writeUInt32LE(frame.tsFraction >>> 0, 4);
  header.writeUInt32LE(frame.data.length, 8);
  header.writeUInt32LE(frame.data.length, 12);
  return Buffer.concat([header, frame.data]);
}

/** A whole pcap file of `frames`. */
export function pcapFile(linkType: number, frames: Iterable<TimedFrame>, resolution: keyof typeof MAGIC = 'micro'): Buffer {
  const parts = [pcapHeader(linkType, resolution)];
  for (const frame of frames) parts.push(pcapRecord(frame));
  return Buffer.concat(parts);
}
