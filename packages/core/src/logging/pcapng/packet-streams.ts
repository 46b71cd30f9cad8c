/**
 * Live packet streams (Kismet's pcapng streams): an HTTP client downloads the packets svc
 * captures, as they arrive, in one never-ending pcapng file: all of them, one datasource's, or
 * one device's. Streams that carry the same packets (every reader of all packets, say) share
 * one packer: each packet is packed once, and the same chunk goes to every reader, so a hundred
 * readers cost the packet chain what one does. A chunk goes out a few times a second, or when
 * it is full.
 *
 * A client that reads slower than packets arrive never slows the packet chain and never costs
 * more than {@link MAX_STREAM_BYTES}: the chunks queued for it (counted by the memory behind
 * them), the packing buffer and the chunk in its socket. Past that, its stream drops what comes
 * and counts it; the interface blocks of chunks it missed are sent before its next chunk, so what
 * it reads stays a valid pcapng. `/streams/all_streams.json` and `/metrics` show each stream's
 * packets, drops and bytes held.
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
  /** Streams with the same key carry the same packets and share their packing (`all`, `source:<uuid>`). */
  readonly key: string;
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
  /** Bytes it holds for its client now: chunks queued and the packing buffer. */
  readonly buffered: number;
}

interface OpenStream extends PacketStream {
  readonly group: StreamGroup;
  readonly ended: (() => void) | undefined;
  readonly controller: ReadableStreamDefaultController<Uint8Array>;
  /** Interfaces declared to this client so far. */
  interfaces: number;
  /** The queue has no room for another chunk: what comes is dropped until the client reads. */
  full: boolean;
}

/** Streams that carry the same packets, and the packing they share. */
interface StreamGroup {
  readonly key: string;
  readonly accepts: (packet: Packet) => boolean;
  readonly chunker: PcapngChunker;
  /** The section header every client's stream starts with. */
  readonly header: Buffer;
  streams: OpenStream[];
  /** Packets packed since the last chunk went out. */
  pendingPackets: number;
  /** Whether any stream of the group has room (packing for none would be wasted). */
  wanted: boolean;
}

/** The open packet streams, fed from the end of the packet chain. */
export class PacketStreams {
  #streams: OpenStream[] = [];
  #groups: StreamGroup[] = [];
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

  /** Bytes every open stream holds for its client (a chunk queued for several counts for each). */
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
          const group = this.#group(request);
          opened = {
            id: this.#nextId++,
            name: request.name,
            description: request.description,
            openedAt: Date.now() / 1000,
            packets: 0,
            droppedPackets: 0,
            bytes: 0,
            get buffered() {
              return MAX_QUEUED_BYTES - (controller.desiredSize ?? MAX_QUEUED_BYTES) + group.chunker.capacity;
            },
            group,
            ended: request.ended,
            controller,
            interfaces: group.chunker.interfacesTaken,
            full: false,
          };
          // The section header and the interfaces of the chunks before this client came.
          const head = Buffer.concat([group.header, group.chunker.interfaceBlocks(0, opened.interfaces)]);
          controller.enqueue(head);
          opened.bytes += head.length;
          group.streams = [...group.streams, opened];
          group.wanted = true;
          this.#streams = [...this.#streams, opened];
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
    if (packet.data === undefined) return;
    const groups = this.#groups;
    for (let index = 0; index < groups.length; index++) {
      const group = groups[index]!;
      if (!group.accepts(packet)) continue;
      if (!group.wanted) {
        for (const stream of group.streams) stream.droppedPackets++;
        this.#dropped += group.streams.length;
        continue;
      }
      group.chunker.add(packet);
      group.pendingPackets++;
      if (group.chunker.pending >= CHUNK_BYTES) this.#send(group);
    }
  }

  /** Ends every stream (at shutdown). */
  closeAll(): void {
    for (const stream of this.#streams) this.#end(stream);
  }

  #group(request: PacketStreamRequest): StreamGroup {
    let group = this.#groups.find((candidate) => candidate.key === request.key);
    if (!group) {
      const chunker = new PcapngChunker(this.nameOf, `svc ${CORE_VERSION}`, PACKING_BYTES);
      group = { key: request.key, accepts: request.accepts, chunker, header: chunker.take()!, streams: [], pendingPackets: 0, wanted: true };
      this.#groups = [...this.#groups, group];
    }
    return group;
  }

  #flushAll(): void {
    for (const group of this.#groups) this.#send(group);
  }

  /** Hands the packed chunk to every stream of the group that has room for it. */
  #send(group: StreamGroup): void {
    const from = group.chunker.interfacesTaken;
    const chunk = group.chunker.take();
    if (!chunk) return;
    const to = group.chunker.interfacesTaken;
    const packets = group.pendingPackets;
    group.pendingPackets = 0;
    for (const stream of group.streams) {
      // The interface blocks of chunks it missed go first, so its file stays whole.
      const missed = stream.interfaces < from ? group.chunker.interfaceBlocks(stream.interfaces, from) : undefined;
      const size = chunk.buffer.byteLength + (missed?.buffer.byteLength ?? 0);
      if ((stream.controller.desiredSize ?? 0) < size) {
        stream.droppedPackets += packets;
        this.#dropped += packets;
      } else {
        if (missed) stream.controller.enqueue(missed);
        stream.controller.enqueue(chunk);
        stream.interfaces = to;
        stream.bytes += chunk.length + (missed?.length ?? 0);
        stream.packets += packets;
      }
      this.#checkRoom(stream);
    }
  }

  /** Notes whether the stream's queue can take another chunk, and whether its group still packs. */
  #checkRoom(stream: OpenStream): void {
    stream.full = (stream.controller.desiredSize ?? 0) < PACKING_BYTES;
    stream.group.wanted = stream.group.streams.some((member) => !member.full);
  }

  #end(stream: OpenStream): void {
    this.#send(stream.group);
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
    const { group } = stream;
    group.streams = group.streams.filter((candidate) => candidate !== stream);
    group.wanted = group.streams.some((member) => !member.full);
    if (group.streams.length === 0) this.#groups = this.#groups.filter((candidate) => candidate !== group);
    if (this.#streams.length === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
  }
}
