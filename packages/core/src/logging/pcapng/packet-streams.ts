/**
 * Live packet streams (Kismet's pcapng streams): an HTTP client downloads the packets svc
 * captures, as they arrive, in one never-ending pcapng file: all of them, one datasource's, or
 * one device's. Each stream packs its packets like the pcapng log and hands a chunk to the
 * response a few times a second. A client that reads slower than packets arrive never slows
 * the packet chain and never costs more than {@link MAX_STREAM_BYTES}: the chunks waiting for it,
 * the chunk being packed and the chunk in its socket. Past that, packets are dropped and counted
 * (a flag per stream, so a full stream costs a packet next to nothing), and
 * `/streams/all_streams.json` and `/metrics` show each stream's packets, drops and bytes held.
 * Queued chunks are counted by the memory behind them, not by their length.
 */
import { CORE_VERSION } from '../../version.js';
import type { Packet } from '../../packets/packet.js';
import { PcapngChunker, type PcapngInterfaceName } from './pcapng-chunker.js';

/** The most a stream holds for its client, whatever its speed (the README's figure). */
export const MAX_STREAM_BYTES = 4 << 20;
/** Bytes packed before a chunk goes out without waiting for the timer. */
const CHUNK_BYTES = 256 * 1024;
/** The packing buffer: a chunk and room for the frame that fills it. */
const PACKING_BYTES = CHUNK_BYTES + 64 * 1024;
/**
 * Chunks queued for the client at most: what is left of {@link MAX_STREAM_BYTES} after the
 * packing buffer and the chunk the response is writing to the socket.
 */
const MAX_QUEUED_BYTES = MAX_STREAM_BYTES - 2 * PACKING_BYTES;
/** Most time a packet waits before its chunk goes out. */
const FLUSH_MS = 250;

/** What a client asked to stream. */
export interface PacketStreamRequest {
  /** File name offered to the client. */
  readonly name: string;
  readonly description: string;
  /** Whether a packet belongs in the stream. */
  readonly accepts: (packet: Packet) => boolean;
  /** Runs once when the stream ends (its client left, it was closed). */
  readonly ended?: () => void;
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
  /** Bytes it holds for its client now: chunks queued and packets packed. */
  readonly buffered: number;
}

interface OpenStream extends PacketStream {
  readonly accepts: (packet: Packet) => boolean;
  readonly ended: (() => void) | undefined;
  /** The queue has no room for another chunk: packets are dropped until the client reads. */
  full: boolean;
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
  /** Packets dropped for slow clients, by every stream since start (closed ones included). */
  #dropped = 0;

  constructor(private readonly nameOf: (sourceUuid: string) => PcapngInterfaceName) {}

  /** Every open stream. */
  list(): readonly PacketStream[] {
    return this.#streams;
  }

  /** Whether any stream is open (the chain skips the streams otherwise). */
  get active(): boolean {
    return this.#streams.length > 0;
  }

  /** Bytes every open stream holds for its client. */
  get buffered(): number {
    let bytes = 0;
    for (const stream of this.#streams) bytes += stream.buffered;
    return bytes;
  }

  /** Packets dropped for slow clients since start. */
  get droppedPackets(): number {
    return this.#dropped;
  }

  /** Opens a stream; its body ends when the client goes away or `closeAll` runs. */
  open(request: PacketStreamRequest): { stream: PacketStream; body: ReadableStream<Uint8Array> } {
    let opened: OpenStream | undefined;
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          const chunker = new PcapngChunker(this.nameOf, `svc ${CORE_VERSION}`, PACKING_BYTES);
          opened = {
            id: this.#nextId++,
            name: request.name,
            description: request.description,
            openedAt: Date.now() / 1000,
            packets: 0,
            droppedPackets: 0,
            bytes: 0,
            get buffered() {
              return MAX_QUEUED_BYTES - (controller.desiredSize ?? MAX_QUEUED_BYTES) + chunker.capacity;
            },
            accepts: request.accepts,
            ended: request.ended,
            full: false,
            chunker,
            controller,
            pendingPackets: 0,
          };
          this.#streams = [...this.#streams, opened];
          this.#send(opened);
          this.#timer ??= setInterval(() => this.#flushAll(), FLUSH_MS);
          this.#timer.unref();
        },
        // The client read: there may be room again.
        pull: () => void (opened && this.#checkRoom(opened)),
        cancel: () => this.#remove(opened!),
      },
      { highWaterMark: MAX_QUEUED_BYTES, size: (chunk) => chunk.buffer.byteLength },
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
      if (packet.data === undefined || !stream.accepts(packet)) continue;
      if (stream.full) {
        stream.droppedPackets++;
        this.#dropped++;
        continue;
      }
      stream.chunker.add(packet);
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
    if (stream.bytes > 0 && (stream.controller.desiredSize ?? 0) < chunk.buffer.byteLength) {
      stream.droppedPackets += packets;
      this.#dropped += packets;
      stream.chunker.discardLastTaken();
      this.#checkRoom(stream);
      return;
    }
    stream.controller.enqueue(chunk);
    stream.bytes += chunk.length;
    stream.packets += packets;
    this.#checkRoom(stream);
  }

  /** Notes whether the stream's queue can take another chunk (a packing buffer's worth). */
  #checkRoom(stream: OpenStream): void {
    stream.full = (stream.controller.desiredSize ?? 0) < PACKING_BYTES;
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
    if (!this.#streams.includes(stream)) return;
    stream.ended?.();
    this.#streams = this.#streams.filter((candidate) => candidate !== stream);
    if (this.#streams.length === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
  }
}
