/**
 * Live packet streams (Kismet's pcapng streams): an HTTP client downloads the packets svc
 * captures, as they arrive, in one never-ending pcapng file: all of them, one datasource's, or
 * one device's. Each stream packs its packets like the pcapng log and hands a chunk to the
 * response a few times a second. A client that reads slower than packets arrive never slows
 * the packet chain: past a few megabytes waiting for it, chunks are dropped and counted, and
 * `/streams/all_streams.json` shows each stream with its packets and drops.
 */
import { CORE_VERSION } from '../../version.js';
import type { Packet } from '../../packets/packet.js';
import { PcapngChunker, type PcapngInterfaceName } from './pcapng-chunker.js';

/** Bytes waiting for a slow client past which chunks are dropped. */
const MAX_BUFFERED_BYTES = 4 << 20;
/** Bytes packed before a chunk goes out without waiting for the timer. */
const CHUNK_BYTES = 256 * 1024;
/** Most time a packet waits before its chunk goes out. */
const FLUSH_MS = 250;

/** What a client asked to stream. */
export interface PacketStreamRequest {
  /** File name offered to the client. */
  readonly name: string;
  readonly description: string;
  /** Whether a packet belongs in the stream. */
  readonly accepts: (packet: Packet) => boolean;
}

/** One open stream. */
export interface PacketStream {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  /** Unix seconds it opened. */
  readonly openedAt: number;
  packets: number;
  droppedPackets: number;
  bytes: number;
}

interface OpenStream extends PacketStream {
  readonly accepts: (packet: Packet) => boolean;
  readonly chunker: PcapngChunker;
  readonly controller: ReadableStreamDefaultController<Uint8Array>;
  /** Packets packed since the last chunk went out. */
  pendingPackets: number;
}

/** The open packet streams, fed from the end of the packet chain. */
export class PacketStreams {
  #streams: OpenStream[] = [];
  #nextId = 1;
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly nameOf: (sourceUuid: string) => PcapngInterfaceName) {}

  /** Every open stream. */
  list(): readonly PacketStream[] {
    return this.#streams;
  }

  /** Whether any stream is open (the chain skips the streams otherwise). */
  get active(): boolean {
    return this.#streams.length > 0;
  }

  /** Opens a stream; its body ends when the client goes away or `closeAll` runs. */
  open(request: PacketStreamRequest): { stream: PacketStream; body: ReadableStream<Uint8Array> } {
    let opened: OpenStream | undefined;
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          opened = {
            id: this.#nextId++,
            name: request.name,
            description: request.description,
            openedAt: Date.now() / 1000,
            packets: 0,
            droppedPackets: 0,
            bytes: 0,
            accepts: request.accepts,
            chunker: new PcapngChunker(this.nameOf, `svc ${CORE_VERSION}`),
            controller,
            pendingPackets: 0,
          };
          this.#streams = [...this.#streams, opened];
          this.#send(opened);
          this.#timer ??= setInterval(() => this.#flushAll(), FLUSH_MS);
          this.#timer.unref();
        },
        cancel: () => this.#remove(opened!),
      },
      new ByteLengthQueuingStrategy({ highWaterMark: MAX_BUFFERED_BYTES }),
    );
    return { stream: opened!, body };
  }

  /** Closes one stream by id; false when there is none. */
  close(id: number): boolean {
    const stream = this.#streams.find((candidate) => candidate.id === id);
    if (!stream) return false;
    this.#end(stream);
    return true;
  }

  /** A packet at the end of the chain. */
  packet(packet: Packet): void {
    const streams = this.#streams;
    for (let index = 0; index < streams.length; index++) {
      const stream = streams[index]!;
      if (!stream.accepts(packet) || !stream.chunker.add(packet)) continue;
      stream.pendingPackets++;
      if (stream.chunker.pending >= CHUNK_BYTES) this.#send(stream);
    }
  }

  /** Ends every stream (at shutdown). */
  closeAll(): void {
    for (const stream of this.#streams) this.#end(stream);
  }

  #flushAll(): void {
    for (const stream of this.#streams) this.#send(stream);
  }

  #send(stream: OpenStream): void {
    const chunk = stream.chunker.take();
    if (!chunk) return;
    const packets = stream.pendingPackets;
    stream.pendingPackets = 0;
    // The first chunk holds the section header: it always goes, or the file would be unreadable.
    if (stream.bytes > 0 && (stream.controller.desiredSize ?? 0) < chunk.length) {
      stream.droppedPackets += packets;
      stream.chunker.discardLastTaken();
      return;
    }
    stream.controller.enqueue(chunk);
    stream.bytes += chunk.length;
    stream.packets += packets;
  }

  #end(stream: OpenStream): void {
    this.#send(stream);
    try {
      stream.controller.close();
    } catch {
      // Already closed by the client going away.
    }
    this.#remove(stream);
  }

  #remove(stream: OpenStream): void {
    this.#streams = this.#streams.filter((candidate) => candidate !== stream);
    if (this.#streams.length === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
  }
}
