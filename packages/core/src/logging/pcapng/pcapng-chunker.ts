/**
 * Turns packets into pcapng bytes a chunk at a time, for the pcapng log and the packet streams:
 * the section header first, an interface block the first time a (datasource, link type) pair
 * appears, then a packet block per frame, packed into one buffer that the caller takes when it
 * wants to write. Packets that carry no frame (rtl_433 and serial records) are skipped. The
 * interface blocks declared so far can be had again, for a reader that joins late or missed a
 * chunk (live streams share one chunker between their readers).
 */
import type { Packet } from '../../packets/packet.js';
import { interfaceBlock, packetBlockLength, sectionHeaderBlock, writePacketBlock } from './pcapng-encoder.js';

/** Name and description of a datasource, for its interface block. */
export interface PcapngInterfaceName {
  readonly name: string;
  readonly description?: string;
}

const CHUNK_BYTES = 1 << 20;
const SMALL_TAKE = 64 * 1024;

/** Packs packets into pcapng chunks. */
export class PcapngChunker {
  readonly #interfaces = new Map<string, number>();
  /** The last packet's interface, so a run of packets from one source looks nothing up. */
  #lastSource: string | undefined;
  #lastDlt = -1;
  #lastInterface = 0;
  /** Every interface block declared, in order (interface id = index). */
  readonly #interfaceBlocks: Buffer[] = [];
  /** Interfaces declared in the chunks taken so far. */
  #interfacesTaken = 0;
  #chunk: Buffer;
  #used = 0;
  #packets = 0;

  /** @param chunkBytes the buffer packets are packed into at first (it grows for a frame that does not fit). */
  constructor(
    private readonly nameOf: (sourceUuid: string) => PcapngInterfaceName,
    application: string,
    private readonly chunkBytes = CHUNK_BYTES,
  ) {
    this.#chunk = Buffer.allocUnsafe(chunkBytes);
    this.#append(sectionHeaderBlock(application));
  }

  /** Bytes of the buffer packets are packed into (what a chunker holds besides what it handed out). */
  get capacity(): number {
    return this.#chunk.length;
  }

  /** Packets appended so far. */
  get packets(): number {
    return this.#packets;
  }

  /** Bytes waiting to be taken. */
  get pending(): number {
    return this.#used;
  }

  /** Appends a packet's frame; false when it has none. */
  add(packet: Packet): boolean {
    const frame = packet.data;
    if (frame === undefined) return false;
    const id = packet.sourceUuid === this.#lastSource && packet.dlt === this.#lastDlt ? this.#lastInterface : this.#interfaceOf(packet);
    this.#reserve(packetBlockLength(frame.length));
    this.#used = writePacketBlock(this.#chunk, this.#used, id, packet.tsSec, packet.tsUsec, frame);
    this.#packets++;
    return true;
  }

  /** The interface of the packet's (datasource, link type), declared on its first packet. */
  #interfaceOf(packet: Packet): number {
    const key = `${packet.sourceUuid}/${packet.dlt}`;
    let id = this.#interfaces.get(key);
    if (id === undefined) {
      id = this.#interfaces.size;
      this.#interfaces.set(key, id);
      const { name, description } = this.nameOf(packet.sourceUuid);
      const block = interfaceBlock(packet.dlt, name, description);
      this.#interfaceBlocks.push(block);
      this.#append(block);
    }
    this.#lastSource = packet.sourceUuid;
    this.#lastDlt = packet.dlt;
    this.#lastInterface = id;
    return id;
  }

  /** The bytes appended since the last call (a copy the caller owns), or undefined when none. */
  take(): Buffer | undefined {
    if (this.#used === 0) return undefined;
    // A small chunk is copied out; a full one is handed over and a fresh buffer takes its place.
    const taken = this.#used < SMALL_TAKE ? Buffer.from(this.#chunk.subarray(0, this.#used)) : this.#chunk.subarray(0, this.#used);
    if (taken.buffer === this.#chunk.buffer) this.#chunk = Buffer.allocUnsafe(this.chunkBytes);
    return this.#taken(taken);
  }

  #taken(chunk: Buffer): Buffer {
    this.#interfacesTaken = this.#interfaces.size;
    this.#used = 0;
    return chunk;
  }

  /** Interfaces declared in the chunks taken so far (the next chunk declares those after them). */
  get interfacesTaken(): number {
    return this.#interfacesTaken;
  }

  /** The interface blocks of ids `from` up to (not including) `to`, as they were declared. */
  interfaceBlocks(from: number, to: number): Buffer {
    return Buffer.concat(this.#interfaceBlocks.slice(from, to));
  }

  #append(block: Buffer): void {
    this.#reserve(block.length);
    block.copy(this.#chunk, this.#used);
    this.#used += block.length;
  }

  #reserve(length: number): void {
    if (this.#used + length <= this.#chunk.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.#chunk.length * 2, this.#used + length));
    this.#chunk.copy(grown, 0, 0, this.#used);
    this.#chunk = grown;
  }
}
