/**
 * A streaming reader for btsnoop files (RFC 1761's snoop layout as Android's
 * `btsnoop_hci.log` and BlueZ's `btmon -w` write it): a 16-byte header (`btsnoop\0`, version 1,
 * datalink), then records of original length, included length, flags, drops and a 64-bit
 * timestamp in microseconds since year 0. Each record is handed out as a frame of a pcap link
 * type the HCI decoder reads: H4 (datalink 1002) as DLT 187 as it is, H1 (1001) as DLT 187 with
 * the H4 packet type the flags give, and BlueZ monitor records (2001) as DLT 254 with the
 * monitor header the flags give. It reads 1 MiB at a time; a file that ends inside a record is
 * reported as truncated after the records before it; a record whose lengths cannot be right is
 * an error naming its offset.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { checkSourceFile } from '@svc/core';
import { DLT_BLUETOOTH_HCI_H4, DLT_BLUETOOTH_LINUX_MONITOR } from '../hci/hci-frame.js';

/** One record of a btsnoop file, as a pcap-style frame. */
export interface BtsnoopFrame {
  readonly linkType: number;
  readonly tsSec: number;
  readonly tsUsec: number;
  readonly data: Buffer;
  readonly originalLength: number;
}

/** The btsnoop datalinks svc reads. */
export const enum BtsnoopDatalink {
  H1 = 1001,
  H4 = 1002,
  MONITOR = 2001,
}

/** Thrown for a file that is not a btsnoop file or is corrupt. */
export class BtsnoopFileError extends Error {}

const MAGIC = Buffer.from('btsnoop\0', 'latin1');
const HEADER_BYTES = 16;
const RECORD_HEADER_BYTES = 24;
const CHUNK_BYTES = 1 << 20;
const FRAMES_PER_BATCH = 512;
/** Largest record accepted: an HCI packet is at most 64 KiB plus its headers. */
const MAX_RECORD_BYTES = 1 << 17;
/** Microseconds from year 0 to the Unix epoch, as the high and low 32 bits. */
const EPOCH_HIGH = 0x00dcddb3;
const EPOCH_LOW = 0x0f2f8000;
const H4_COMMAND = 1;
const H4_ACL = 2;
const H4_EVENT = 4;

/** True when `head` starts like a btsnoop file. */
export function isBtsnoopHeader(head: Buffer): boolean {
  return head.length >= HEADER_BYTES && head.subarray(0, 8).equals(MAGIC);
}

/** An open btsnoop file. */
export class BtsnoopFile {
  /** Set once the reader met a file that ends inside a record. */
  truncated = false;
  #handle: FileHandle | undefined;
  #closed = false;

  private constructor(
    readonly path: string,
    readonly datalink: number,
    handle: FileHandle,
  ) {
    this.#handle = handle;
  }

  /** The pcap link type the file's frames are handed out as. */
  get linkType(): number {
    return this.datalink === BtsnoopDatalink.MONITOR ? DLT_BLUETOOTH_LINUX_MONITOR : DLT_BLUETOOTH_HCI_H4;
  }

  /** Opens a file and checks its header: a btsnoop file of a datalink svc reads. */
  static async open(path: string): Promise<BtsnoopFile> {
    try {
      await checkSourceFile(path, 'btsnoop file');
    } catch (error) {
      throw new BtsnoopFileError((error as Error).message);
    }
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      throw new BtsnoopFileError(`cannot open ${path} (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`);
    }
    try {
      const head = Buffer.alloc(HEADER_BYTES);
      const { bytesRead } = await handle.read(head, 0, HEADER_BYTES, 0);
      if (!isBtsnoopHeader(head.subarray(0, bytesRead))) throw new BtsnoopFileError(`${path} is not a btsnoop file${bytesRead < HEADER_BYTES ? ' (it is shorter than a btsnoop header)' : ''}`);
      const version = head.readUInt32BE(8);
      if (version !== 1) throw new BtsnoopFileError(`${path} is btsnoop version ${version}; svc reads version 1`);
      const datalink = head.readUInt32BE(12);
      if (datalink !== BtsnoopDatalink.H1 && datalink !== BtsnoopDatalink.H4 && datalink !== BtsnoopDatalink.MONITOR) {
        throw new BtsnoopFileError(`${path} holds btsnoop datalink ${datalink}; svc reads 1001 (HCI H1), 1002 (HCI H4) and 2001 (BlueZ monitor)`);
      }
      return new BtsnoopFile(path, datalink, handle);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Frames in file order, at most 512 per array. Ends at the end of the file or on close. */
  async *frames(): AsyncGenerator<BtsnoopFrame[]> {
    let pending = Buffer.alloc(0);
    let position = HEADER_BYTES;
    while (!this.#closed && this.#handle) {
      const chunk = Buffer.allocUnsafe(pending.length + CHUNK_BYTES);
      pending.copy(chunk, 0);
      const { bytesRead } = await this.#handle.read(chunk, pending.length, CHUNK_BYTES, position);
      let data = chunk.subarray(0, pending.length + bytesRead);
      const dataStart = position - pending.length;
      position += bytesRead;
      let at = 0;
      for (;;) {
        const frames: BtsnoopFrame[] = [];
        try {
          at = this.#parse(data, at, dataStart, frames);
        } catch (error) {
          // The records before the corrupt one are good: they are handed out first.
          if (frames.length > 0) yield frames;
          throw error;
        }
        if (frames.length === 0) break;
        yield frames;
        if (this.#closed) return;
      }
      pending = data.subarray(at);
      if (bytesRead === 0) {
        if (pending.length > 0) this.truncated = true;
        return;
      }
    }
  }

  /** Parses records from `data[at...]` into `frames`; returns where it stopped. */
  #parse(data: Buffer, at: number, dataStart: number, frames: BtsnoopFrame[]): number {
    while (frames.length < FRAMES_PER_BATCH && at + RECORD_HEADER_BYTES <= data.length) {
      const originalLength = data.readUInt32BE(at);
      const included = data.readUInt32BE(at + 4);
      if (included > MAX_RECORD_BYTES || included > originalLength) {
        throw new BtsnoopFileError(`${this.path}: the record at byte ${dataStart + at} claims ${included} bytes (of ${originalLength}); the file is corrupt`);
      }
      if (at + RECORD_HEADER_BYTES + included > data.length) break;
      const flags = data.readUInt32BE(at + 8);
      let low = data.readUInt32BE(at + 20) - EPOCH_LOW;
      let high = data.readUInt32BE(at + 16) - EPOCH_HIGH;
      if (low < 0) {
        low += 2 ** 32;
        high -= 1;
      }
      const micros = high * 2 ** 32 + low;
      const body = data.subarray(at + RECORD_HEADER_BYTES, at + RECORD_HEADER_BYTES + included);
      frames.push({ linkType: this.linkType, tsSec: Math.floor(micros / 1e6), tsUsec: micros % 1e6, data: this.#frameBytes(body, flags), originalLength });
      at += RECORD_HEADER_BYTES + included;
    }
    return at;
  }

  /** The record as the frame's link type has it. */
  #frameBytes(body: Buffer, flags: number): Buffer {
    if (this.datalink === BtsnoopDatalink.H4) return body;
    if (this.datalink === BtsnoopDatalink.MONITOR) {
      const header = Buffer.allocUnsafe(4);
      header.writeUInt16BE(flags >>> 16, 0);
      header.writeUInt16BE(flags & 0xffff, 2);
      return Buffer.concat([header, body]);
    }
    // H1: flags bit 1 marks a command or event (bit 0: received, so an event), else ACL data.
    const type = flags & 0x02 ? (flags & 0x01 ? H4_EVENT : H4_COMMAND) : H4_ACL;
    return Buffer.concat([Buffer.of(type), body]);
  }

  /** Releases the file; a running `frames()` ends. */
  async close(): Promise<void> {
    this.#closed = true;
    const handle = this.#handle;
    this.#handle = undefined;
    await handle?.close();
  }
}
