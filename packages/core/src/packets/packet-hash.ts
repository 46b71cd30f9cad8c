/**
 * A frame's hash as Kismet computes it: the CRC32 of the link-layer frame, unsigned, without the
 * capture header in front of it (radiotap or PPI), so the same 802.11 frame heard by two radios
 * has one hash whatever each radio's header says. The svcdb log's `packets.hash` column, and
 * what the duplicate filter compares (frame-dedup.ts).
 */
import { crc32 } from 'node:zlib';

const DLT_IEEE802_11_RADIO = 127;
const DLT_PPI = 192;

/** The CRC32 of `frame` (of link type `dlt`) past its radiotap or PPI header. */
export function packetHash(frame: Uint8Array, dlt: number): number {
  let start = 0;
  if ((dlt === DLT_IEEE802_11_RADIO || dlt === DLT_PPI) && frame.length >= 4) {
    const headerLength = frame[2]! | (frame[3]! << 8);
    if (headerLength <= frame.length) start = headerLength;
  }
  return crc32(start === 0 ? frame : frame.subarray(start));
}
