/**
 * A streaming reader for capture files in both formats libpcap writes: classic pcap (either
 * byte order, microsecond or nanosecond stamps) and pcapng (sections of either byte order,
 * interfaces with their own link types and timestamp resolutions; enhanced, simple and obsolete
 * packet blocks). It reads 1 MiB at a time without blocking the event loop and hands out frames
 * a chunk at a time, each frame a view into the chunk (no copy). A file that ends inside a
 * record is reported as truncated after the frames before it; a record whose lengths cannot be
 * right is an error naming its offset.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { checkSourceFile } from '@svc/core';

/** One frame of a capture file. */
export interface CaptureFrame {
  /** pcap link type (DLT) of the frame. */
  readonly linkType: number;
  readonly tsSec: number;
  readonly tsUsec: number;
  /** The captured bytes (a view into the reader's chunk). */
  readonly data: Buffer;
  /** The frame's length on the air, which may exceed the captured bytes. */
  readonly originalLength: number;
}

/** What kind of capture file it is. */
export type CaptureFormat = 'pcap' | 'pcapng';

/** Bytes read at a time. */
const CHUNK_BYTES = 1 << 20;
/**
 * Most frames handed out at once. A megabyte holds thousands of frames; made all at once, their
 * objects would outlive a young-generation collection or two while the chunk is replayed and be
 * copied by each. Handed out a few hundred at a time, they are garbage before the next one.
 */
const FRAMES_PER_BATCH = 512;
/** Largest record accepted: larger means the file is corrupt (libpcap's own limit is 256 KiB). */
const MAX_RECORD_BYTES = 1 << 18;
const PCAPNG_SHB = 0x0a0d0d0a;
const PCAPNG_BYTE_ORDER = 0x1a2b3c4d;

/** The format of a file from its first four bytes, or undefined when it is no capture file. */
function captureFormatOf(magic: Buffer): CaptureFormat | undefined {
  if (magic.length < 4) return undefined;
  const big = magic.readUInt32BE(0);
  if (big === PCAPNG_SHB) return 'pcapng';
  if ([0xa1b2c3d4, 0xd4c3b2a1, 0xa1b23c4d, 0x4d3cb2a1].includes(big)) return 'pcap';
  return undefined;
}

/** Thrown for a file that is not a capture file or is corrupt. */
export class CaptureFileError extends Error {}

/** An open capture file. */
export class CaptureFile {
  /** Set once the reader met a file that ends inside a record. */
  truncated = false;
  #handle: FileHandle | undefined;
  #closed = false;

  private constructor(
    readonly path: string,
    readonly format: CaptureFormat,
    /** Link type of the (first) interface, when the file's start declares it. */
    readonly linkType: number | undefined,
    handle: FileHandle,
  ) {
    this.#handle = handle;
  }

  /**
   * Opens a file and checks that it is a pcap or pcapng file. The path is checked with `stat`
   * first: opening a FIFO would wait for a writer. Errors never quote the file's bytes.
   */
  static async open(path: string): Promise<CaptureFile> {
    try {
      await checkSourceFile(path, 'capture file');
    } catch (error) {
      throw new CaptureFileError((error as Error).message);
    }
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new CaptureFileError(code === 'ENOENT' ? `no such file: ${path}` : code === 'EACCES' ? `no permission to read ${path}` : `cannot open ${path} (${code ?? 'unknown error'})`);
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) throw new CaptureFileError(`${path} is not a regular file`);
      const head = Buffer.alloc(4096);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      const start = head.subarray(0, bytesRead);
      const format = captureFormatOf(start);
      if (!format) throw new CaptureFileError(`${path} is not a pcap or pcapng capture file${bytesRead < 4 ? ' (it is shorter than a file header)' : ''}`);
      return new CaptureFile(path, format, declaredLinkType(format, start), handle);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Frames in file order, at most {@link FRAMES_PER_BATCH} per array. Ends at the end of the file or on close. */
  async *frames(): AsyncGenerator<CaptureFrame[]> {
    const parser = this.format === 'pcap' ? new PcapParser(this.path) : new PcapngParser(this.path);
    let pending = Buffer.alloc(0);
    let position = 0;
    while (!this.#closed && this.#handle) {
      const want = Math.max(CHUNK_BYTES, parser.needed - pending.length);
      const chunk = Buffer.allocUnsafe(pending.length + want);
      pending.copy(chunk, 0);
      const { bytesRead } = await this.#handle.read(chunk, pending.length, want, position);
      position += bytesRead;
      let data = chunk.subarray(0, pending.length + bytesRead);
      for (;;) {
        const frames: CaptureFrame[] = [];
        let used: number;
        try {
          used = parser.parse(data, frames, FRAMES_PER_BATCH);
        } catch (error) {
          if (frames.length) yield frames;
          throw error;
        }
        data = data.subarray(used);
        if (frames.length === 0) break;
        yield frames;
        if (this.#closed) return;
      }
      pending = data;
      if (bytesRead === 0) {
        if (pending.length > 0) this.truncated = true;
        return;
      }
    }
  }

  /** Releases the file; a running `frames()` ends. */
  async close(): Promise<void> {
    this.#closed = true;
    const handle = this.#handle;
    this.#handle = undefined;
    await handle?.close();
  }
}

/** The link type a file's first bytes declare: the pcap header's, or the first pcapng interface's. */
function declaredLinkType(format: CaptureFormat, start: Buffer): number | undefined {
  if (format === 'pcap') {
    if (start.length < 24) return undefined;
    const little = start.readUInt32LE(0) === 0xa1b2c3d4 || start.readUInt32LE(0) === 0xa1b23c4d;
    return (little ? start.readUInt32LE(20) : start.readUInt32BE(20)) & 0x0fffffff;
  }
  if (start.length < 12) return undefined;
  const little = start.readUInt32LE(8) === PCAPNG_BYTE_ORDER;
  const u32 = (offset: number) => (little ? start.readUInt32LE(offset) : start.readUInt32BE(offset));
  for (let at = 0; start.length - at >= 12; ) {
    const length = u32(at + 4);
    if (u32(at) === 1 && start.length - at >= 10) return little ? start.readUInt16LE(at + 8) : start.readUInt16BE(at + 8);
    if (length < 12) return undefined;
    at += length;
  }
  return undefined;
}

/** A format parser: consumes whole records from the front of `data`, returns the bytes used. */
interface FormatParser {
  /** Bytes the next record needs (so the reader reads at least that much). */
  readonly needed: number;
  /** Adds the frames of whole records to `out`, stopping once it holds `max`. */
  parse(data: Buffer, out: CaptureFrame[], max: number): number;
}

class PcapParser implements FormatParser {
  needed = 24;
  #offset = 0;
  #little = true;
  #nanos = false;
  #linkType = -1;

  constructor(private readonly path: string) {}

  parse(data: Buffer, out: CaptureFrame[], max: number): number {
    let at = 0;
    if (this.#linkType < 0) {
      if (data.length < 24) return 0;
      const magic = data.readUInt32LE(0);
      this.#little = magic === 0xa1b2c3d4 || magic === 0xa1b23c4d;
      this.#nanos = magic === 0xa1b23c4d || magic === 0x4d3cb2a1;
      this.#linkType = (this.#little ? data.readUInt32LE(20) : data.readUInt32BE(20)) & 0x0fffffff;
      at = 24;
    }
    const little = this.#little;
    while (data.length - at >= 16 && out.length < max) {
      const included = little ? data.readUInt32LE(at + 8) : data.readUInt32BE(at + 8);
      if (included > MAX_RECORD_BYTES) throw new CaptureFileError(`${this.path}: corrupt record at byte ${this.#offset + at} (it claims ${included} bytes)`);
      if (data.length - at < 16 + included) {
        this.needed = 16 + included;
        break;
      }
      const sec = little ? data.readUInt32LE(at) : data.readUInt32BE(at);
      const fraction = little ? data.readUInt32LE(at + 4) : data.readUInt32BE(at + 4);
      out.push({
        linkType: this.#linkType,
        tsSec: sec,
        tsUsec: this.#nanos ? Math.floor(fraction / 1000) : fraction,
        originalLength: little ? data.readUInt32LE(at + 12) : data.readUInt32BE(at + 12),
        data: data.subarray(at + 16, at + 16 + included),
      });
      at += 16 + included;
      this.needed = 16;
    }
    this.#offset += at;
    return at;
  }
}

interface PcapngInterface {
  readonly linkType: number;
  /** Timestamp units per second. */
  readonly unitsPerSecond: number;
  /** Most bytes captured per frame (0: no limit). */
  readonly snapLength: number;
}

class PcapngParser implements FormatParser {
  needed = 12;
  #offset = 0;
  #little = true;
  #interfaces: PcapngInterface[] = [];

  constructor(private readonly path: string) {}

  parse(data: Buffer, out: CaptureFrame[], max: number): number {
    let at = 0;
    while (data.length - at >= 12 && out.length < max) {
      const type = data.readUInt32LE(at);
      if (type === PCAPNG_SHB) {
        const order = data.readUInt32LE(at + 8);
        if (order !== PCAPNG_BYTE_ORDER && order !== 0x4d3c2b1a) throw this.#corrupt(at, 'a section header with an unknown byte-order magic');
        this.#little = order === PCAPNG_BYTE_ORDER;
        this.#interfaces = [];
      }
      const little = this.#little;
      const length = little ? data.readUInt32LE(at + 4) : data.readUInt32BE(at + 4);
      if (length < 12 || length % 4 !== 0 || length > MAX_RECORD_BYTES + 64) throw this.#corrupt(at, `a block that claims ${length} bytes`);
      if (data.length - at < length) {
        this.needed = length;
        break;
      }
      const blockType = little ? type : data.readUInt32BE(at);
      const body = data.subarray(at + 8, at + length - 4);
      this.#block(blockType, body, at, out);
      at += length;
      this.needed = 12;
    }
    this.#offset += at;
    return at;
  }

  #block(type: number, body: Buffer, at: number, out: CaptureFrame[]): void {
    const u32 = (offset: number) => (this.#little ? body.readUInt32LE(offset) : body.readUInt32BE(offset));
    const u16 = (offset: number) => (this.#little ? body.readUInt16LE(offset) : body.readUInt16BE(offset));
    switch (type) {
      case 1: {
        if (body.length < 8) throw this.#corrupt(at, 'an interface description block shorter than 8 bytes');
        this.#interfaces.push({ linkType: u16(0), snapLength: u32(4), unitsPerSecond: this.#resolution(body.subarray(8), u16) });
        return;
      }
      case 6:
      case 2: {
        if (body.length < 20) throw this.#corrupt(at, 'a packet block shorter than 20 bytes');
        const iface = this.#interface(type === 6 ? u32(0) : u16(0), at);
        const captured = u32(12);
        if (captured > body.length - 20) throw this.#corrupt(at, `a packet block whose ${captured} captured bytes do not fit in it`);
        out.push({ ...timestamp(u32(4), u32(8), iface.unitsPerSecond), linkType: iface.linkType, originalLength: u32(16), data: body.subarray(20, 20 + captured) });
        return;
      }
      case 3: {
        if (body.length < 4) throw this.#corrupt(at, 'a simple packet block shorter than 4 bytes');
        const iface = this.#interface(0, at);
        const original = u32(0);
        const captured = Math.min(original, iface.snapLength || original, body.length - 4);
        out.push({ linkType: iface.linkType, tsSec: 0, tsUsec: 0, originalLength: original, data: body.subarray(4, 4 + captured) });
        return;
      }
      default:
      // Name resolution, statistics, custom and decryption-secret blocks carry no frames.
    }
  }

  /** if_tsresol (option 9): 10^-n, or 2^-n when the top bit is set; default microseconds. */
  #resolution(options: Buffer, u16: (offset: number) => number): number {
    let at = 0;
    while (options.length - at >= 4) {
      const code = u16(8 + at);
      const length = u16(10 + at);
      if (code === 0) break;
      if (code === 9 && length >= 1 && options.length - at >= 5) {
        const value = options[at + 4]!;
        return value & 0x80 ? 2 ** (value & 0x7f) : 10 ** value;
      }
      at += 4 + Math.ceil(length / 4) * 4;
    }
    return 1e6;
  }

  #interface(id: number, at: number): PcapngInterface {
    const iface = this.#interfaces[id];
    if (!iface) throw this.#corrupt(at, `a packet for interface ${id}, which no interface description block declared`);
    return iface;
  }

  #corrupt(at: number, what: string): CaptureFileError {
    return new CaptureFileError(`${this.path}: corrupt pcapng file at byte ${this.#offset + at}: ${what}`);
  }
}

/** A 64-bit pcapng timestamp in `unitsPerSecond` units as seconds and microseconds. */
function timestamp(high: number, low: number, unitsPerSecond: number): { tsSec: number; tsUsec: number } {
  if (unitsPerSecond === 1e6) {
    const micros = high * 4294967296 + low;
    const tsSec = Math.floor(micros / 1e6);
    return { tsSec, tsUsec: micros - tsSec * 1e6 };
  }
  const units = (BigInt(high) << 32n) | BigInt(low);
  const perSecond = BigInt(unitsPerSecond);
  const tsSec = units / perSecond;
  return { tsSec: Number(tsSec), tsUsec: Math.floor((Number(units - tsSec * perSecond) * 1e6) / unitsPerSecond) };
}
