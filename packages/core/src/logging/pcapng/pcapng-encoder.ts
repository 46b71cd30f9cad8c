/**
 * Encodes pcapng (the format of Kismet's `pcapng` log and of its packet streams): a section
 * header, one interface description per (datasource, link type) with the source's name, and an
 * enhanced packet block per frame with microsecond times. Little-endian, as libpcap writes on
 * the machines svc runs on; every reader handles both orders.
 */

const SECTION_HEADER = 0x0a0d0d0a;
const INTERFACE_DESCRIPTION = 0x00000001;
const ENHANCED_PACKET = 0x00000006;
const BYTE_ORDER_MAGIC = 0x1a2b3c4d;
const OPTION_END = 0;
const OPTION_COMMENT = 1;
const SHB_USER_APPLICATION = 4;
const IF_NAME = 2;
const IF_DESCRIPTION = 3;
/** Largest frame kept whole; longer frames are cut, their original length kept (libpcap's limit). */
export const PCAPNG_SNAPLEN = 262_144;

/** One option: code and UTF-8 text. */
type TextOption = readonly [code: number, text: string];

function padded(length: number): number {
  return (length + 3) & ~3;
}

function optionsLength(options: readonly TextOption[]): number {
  if (options.length === 0) return 0;
  let length = 4;
  for (const [, text] of options) length += 4 + padded(Buffer.byteLength(text));
  return length;
}

function writeOptions(block: Buffer, offset: number, options: readonly TextOption[]): number {
  if (options.length === 0) return offset;
  for (const [code, text] of options) {
    const length = Buffer.byteLength(text);
    block.writeUInt16LE(code, offset);
    block.writeUInt16LE(length, offset + 2);
    block.write(text, offset + 4, 'utf8');
    offset += 4 + padded(length);
  }
  block.writeUInt32LE(OPTION_END, offset);
  return offset + 4;
}

/** The section header block that starts a pcapng file or stream. */
export function sectionHeaderBlock(application: string, comment?: string): Buffer {
  const options: TextOption[] = [[SHB_USER_APPLICATION, application]];
  if (comment) options.push([OPTION_COMMENT, comment]);
  const total = 28 + optionsLength(options);
  const block = Buffer.alloc(total);
  block.writeUInt32LE(SECTION_HEADER, 0);
  block.writeUInt32LE(total, 4);
  block.writeUInt32LE(BYTE_ORDER_MAGIC, 8);
  block.writeUInt16LE(1, 12);
  block.writeUInt16LE(0, 14);
  block.writeBigInt64LE(-1n, 16);
  writeOptions(block, 24, options);
  block.writeUInt32LE(total, total - 4);
  return block;
}

/** An interface description block: link type, snap length, name and description. */
export function interfaceBlock(linkType: number, name: string, description?: string): Buffer {
  const options: TextOption[] = [[IF_NAME, name]];
  if (description) options.push([IF_DESCRIPTION, description]);
  const total = 20 + optionsLength(options);
  const block = Buffer.alloc(total);
  block.writeUInt32LE(INTERFACE_DESCRIPTION, 0);
  block.writeUInt32LE(total, 4);
  block.writeUInt16LE(linkType, 8);
  block.writeUInt16LE(0, 10);
  block.writeUInt32LE(PCAPNG_SNAPLEN, 12);
  writeOptions(block, 16, options);
  block.writeUInt32LE(total, total - 4);
  return block;
}

/** Bytes of the enhanced packet block for a frame of `captured` bytes. */
export function packetBlockLength(captured: number): number {
  return 32 + padded(Math.min(captured, PCAPNG_SNAPLEN));
}

/**
 * Writes an enhanced packet block into `target` at `offset` (which must have
 * `packetBlockLength(frame.length)` bytes free); returns the offset after it.
 */
export function writePacketBlock(target: Buffer, offset: number, interfaceId: number, tsSec: number, tsUsec: number, frame: Uint8Array, originalLength = frame.length): number {
  const captured = Math.min(frame.length, PCAPNG_SNAPLEN);
  const total = 32 + padded(captured);
  const micros = tsSec * 1_000_000 + tsUsec;
  putUint32(target, offset, ENHANCED_PACKET);
  putUint32(target, offset + 4, total);
  putUint32(target, offset + 8, interfaceId);
  putUint32(target, offset + 12, Math.floor(micros / 0x1_0000_0000));
  putUint32(target, offset + 16, micros >>> 0);
  putUint32(target, offset + 20, captured);
  putUint32(target, offset + 24, Math.max(originalLength, captured));
  target.set(captured === frame.length ? frame : frame.subarray(0, captured), offset + 28);
  for (let pad = offset + 28 + captured; pad < offset + total - 4; pad++) target[pad] = 0;
  putUint32(target, offset + total - 4, total);
  return offset + total;
}

/**
 * A little-endian 32-bit store without `writeUInt32LE`'s range checks, which cost more than
 * the store on the packet path; the caller has made room.
 */
function putUint32(target: Uint8Array, offset: number, value: number): void {
  target[offset] = value;
  target[offset + 1] = value >>> 8;
  target[offset + 2] = value >>> 16;
  target[offset + 3] = value >>> 24;
}
