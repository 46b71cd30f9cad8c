/**
 * The ingest worker pool (`ingest_threads=`, off by default: on 2 cores the cost of sending
 * batches and unpacking annotations measured above what decoding costs on the main thread, see
 * bench/dot11-ingest.bench.ts): the PHYs' declared decoders run in worker threads
 * over whole batches of frames, so decoding leaves the main thread, which keeps the rest of the
 * chain (classifiers, tracker, alerts, logs) and runs it in each source's order. A batch travels
 * as one transferred buffer of frame bytes; its annotations come back packed by the PHY
 * (`transfer` of the decoder definition) and are unpacked onto each packet as the pump takes it
 * (decoded-batch.ts), which marks it `predecoded` so the chain's decode taps leave it alone. Only frames whose link type every
 * taking PHY can decode off the main thread go to the workers; the rest (and JSON records) are
 * decoded on the main thread as before. A worker that throws or dies is reported, its batches'
 * frames are counted as errors, and another worker takes its place.
 */
import type { Worker } from 'node:worker_threads';
import { describeError } from '../errors.js';
import { startModuleWorker } from '../util/module-worker.js';
import type { DecodeBatch, DecodeReply, DecodeWorkerData } from './decode-messages.js';
import { DecodedBatch, type UnpackingPhy } from './decoded-batch.js';
import type { Packet } from './packet.js';
import { importDecoderExports, type PhyDecoderDefinition } from './phy-decoder.js';

/** What the pool reads of the PHY registry: each PHY's name and decoder declaration. */
export interface DecodingPhys {
  list(): readonly { readonly name: string; readonly decoder?: PhyDecoderDefinition }[];
}

/** Workers that die before answering a batch, in a row, after which the pool gives up. */
const MAX_FAILED_STARTS = 3;

interface PoolPhy extends UnpackingPhy {
  readonly name: string;
}

interface PendingBatch {
  /** The packets sent, in the batch's order. */
  readonly packets: Packet[];
  readonly resolve: (decoded: DecodedBatch) => void;
}

interface Slot {
  readonly worker: Worker;
  readonly pending: Map<number, PendingBatch>;
  /** The exception that ended the worker, if one did. */
  failure?: unknown;
  /** True once the worker answered a batch. */
  answered: boolean;
}

/** What the pool reports and counts. */
export interface DecodePoolStatus {
  /** Worker threads configured (0: the pool is off). */
  readonly threads: number;
  /** Workers replaced after they threw or died. */
  readonly restarts: number;
  /** Frames counted as errors because their worker failed. */
  readonly failedFrames: number;
  /** True once the pool gave up (workers that kept failing at start): frames are decoded on the main thread. */
  readonly disabled: boolean;
}

/** Worker threads that decode frames for the packet pump. */
export class DecodePool {
  /** Batches the pump may have decoding ahead of the one the chain is running, per source. */
  readonly depth: number;
  readonly #slots: (Slot | undefined)[];
  #setup: Promise<void> | undefined;
  /** The PHYs of each link type the workers decode; a link type absent stays on the main thread. */
  #byLinkType = new Map<number, PoolPhy[]>();
  #phys: PoolPhy[] = [];
  #nextId = 1;
  #nextSlot = 0;
  #closed = false;
  #failedStarts = 0;
  #restarts = 0;
  #failedFrames = 0;
  #disabled = false;

  constructor(
    private readonly phys: DecodingPhys,
    readonly threads: number,
    /** Says what went wrong with a worker (on the message bus). */
    private readonly report: (text: string) => void,
  ) {
    this.#slots = new Array<Slot | undefined>(threads).fill(undefined);
    this.depth = threads * 2;
  }

  /** The pool's counters for status records and metrics. */
  get status(): DecodePoolStatus {
    return { threads: this.threads, restarts: this.#restarts, failedFrames: this.#failedFrames, disabled: this.#disabled };
  }

  /**
   * Decodes the batch's frames the workers take; the answer files their annotations, signals and
   * error flags on each packet as the chain takes it ({@link DecodedBatch.file}). Never rejects:
   * frames of a failed worker are marked errors (and predecoded) at once, and after close or when
   * the pool gave up the frames are left for the main thread.
   */
  async decode(batch: readonly Packet[]): Promise<DecodedBatch> {
    await (this.#setup ??= this.#prepare());
    if (this.#closed || this.#disabled || this.#byLinkType.size === 0) return DecodedBatch.NONE;
    const packets: Packet[] = [];
    let bytes = 0;
    let signalled = false;
    for (const packet of batch) {
      if (packet.data === undefined || packet.predecoded === true || !this.#byLinkType.has(packet.dlt)) continue;
      packets.push(packet);
      bytes += packet.data.length;
      if (packet.signal !== undefined) signalled = true;
    }
    if (packets.length === 0) return DecodedBatch.NONE;
    const buffer = new ArrayBuffer(bytes);
    const view = new Uint8Array(buffer);
    const ends = new Uint32Array(packets.length);
    const dlts = new Int32Array(packets.length);
    let end = 0;
    packets.forEach((packet, index) => {
      view.set(packet.data!, end);
      end += packet.data!.length;
      ends[index] = end;
      dlts[index] = packet.dlt;
    });
    const message: DecodeBatch = { id: this.#nextId++, bytes: buffer, ends, dlts, signals: signalled ? packets.map((packet) => packet.signal) : undefined };
    const slot = this.#slot();
    return new Promise<DecodedBatch>((resolve) => {
      slot.pending.set(message.id, { packets, resolve });
      if (slot.pending.size === 1) slot.worker.ref();
      slot.worker.postMessage(message, [buffer, ends.buffer, dlts.buffer]);
    });
  }

  /** Stops the workers; batches still out are left for the main thread to decode. */
  async close(): Promise<void> {
    this.#closed = true;
    const slots = this.#slots.filter((slot): slot is Slot => slot !== undefined);
    this.#slots.fill(undefined);
    for (const slot of slots) for (const pending of slot.pending.values()) pending.resolve(DecodedBatch.NONE);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  /** Imports the unpackers of the PHYs that declared `transfer`, and works out which link types go to the workers. */
  async #prepare(): Promise<void> {
    const offMainThread = new Map<number, PoolPhy[]>();
    const mainThreadOnly = new Set<number>();
    try {
      for (const phy of this.phys.list()) {
        const decoder = phy.decoder;
        if (decoder === undefined) continue;
        if (decoder.transfer === undefined) {
          for (const linkType of decoder.linkTypes ?? []) mainThreadOnly.add(linkType);
          continue;
        }
        const [unpack] = await importDecoderExports(phy.name, decoder, [decoder.transfer.unpack]);
        const poolPhy: PoolPhy = { name: phy.name, decoder, unpack: unpack as PoolPhy['unpack'] };
        this.#phys.push(poolPhy);
        for (const linkType of decoder.linkTypes ?? []) {
          const list = offMainThread.get(linkType) ?? [];
          list.push(poolPhy);
          offMainThread.set(linkType, list);
        }
      }
    } catch (error) {
      this.#disable(`the ingest workers cannot load a PHY's unpacker (${describeError(error)}); frames are decoded on the main thread`);
      return;
    }
    for (const linkType of mainThreadOnly) offMainThread.delete(linkType);
    this.#byLinkType = offMainThread;
  }

  /** The PHYs that take a link type the workers decode. */
  readonly #physOf = (linkType: number): readonly PoolPhy[] => this.#byLinkType.get(linkType) ?? [];

  /** The next worker in turn, started if it is not running. */
  #slot(): Slot {
    const index = this.#nextSlot;
    this.#nextSlot = (index + 1) % this.threads;
    return (this.#slots[index] ??= this.#start(index));
  }

  #start(index: number): Slot {
    const workerData: DecodeWorkerData = { phys: this.#phys.map((phy) => ({ name: phy.name, decoder: phy.decoder })) };
    const worker = startModuleWorker(new URL('./decode-worker.ts', import.meta.url), 'dist/packets/decode-worker.js', { workerData });
    worker.unref();
    const slot: Slot = { worker, pending: new Map(), answered: false };
    worker.on('message', (reply: DecodeReply) => this.#answer(slot, reply));
    worker.on('error', (error) => (slot.failure = error));
    worker.on('exit', (code) => this.#lost(index, slot, code));
    return slot;
  }

  #answer(slot: Slot, reply: DecodeReply): void {
    const pending = slot.pending.get(reply.id);
    if (pending === undefined) return;
    slot.pending.delete(reply.id);
    if (slot.pending.size === 0) slot.worker.unref();
    slot.answered = true;
    this.#failedStarts = 0;
    pending.resolve(new DecodedBatch(pending.packets, reply, this.#physOf));
  }

  /** A worker ended: its batches' frames become errors, it is reported, and another takes its slot. */
  #lost(index: number, slot: Slot, code: number): void {
    if (this.#closed || this.#slots[index] !== slot) return;
    this.#slots[index] = undefined;
    let frames = 0;
    for (const pending of slot.pending.values()) {
      for (const packet of pending.packets) {
        packet.error = true;
        packet.predecoded = true;
      }
      frames += pending.packets.length;
      pending.resolve(DecodedBatch.NONE);
    }
    this.#failedFrames += frames;
    this.#restarts++;
    const why = slot.failure === undefined ? `exited with code ${code}` : `failed: ${describeError(slot.failure)}`;
    this.report(`ingest worker ${index + 1} of ${this.threads} ${why}; the ${frames} frames it was decoding are counted as errors, and a new worker takes its place`);
    if (!slot.answered && ++this.#failedStarts >= MAX_FAILED_STARTS) {
      this.#disable(`${MAX_FAILED_STARTS} ingest workers in a row failed before decoding anything; frames are decoded on the main thread from now on`);
    }
  }

  #disable(text: string): void {
    this.#disabled = true;
    this.report(text);
  }
}
