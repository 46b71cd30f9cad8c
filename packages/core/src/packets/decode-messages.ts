/**
 * What the ingest pool (decode-pool.ts) and its worker threads (decode-worker.ts) say to each
 * other: batches of frames one way, as one transferred buffer of bytes with the frames' ends
 * and link types; packed annotations, signals and error flags the other, as structured clones.
 */
import type { PacketSignal } from './packet.js';
import type { PhyDecoderDefinition } from './phy-decoder.js';

/** What a worker is started with: the PHYs whose decoders it runs, in the pool's order. */
export interface DecodeWorkerData {
  readonly phys: readonly { readonly name: string; readonly decoder: PhyDecoderDefinition }[];
}

/** A batch of frames to decode. */
export interface DecodeBatch {
  readonly id: number;
  /** Every frame's bytes, one after the other. */
  readonly bytes: ArrayBuffer;
  /** The end offset in `bytes` of each frame (a frame starts where the previous one ends). */
  readonly ends: Uint32Array;
  /** The link type of each frame. */
  readonly dlts: Int32Array;
  /** The signal each packet arrived with, when any did (decoders may read it). */
  readonly signals?: readonly (PacketSignal | undefined)[];
}

/** What a worker found in a batch. */
export interface DecodeReply {
  readonly id: number;
  /**
   * For each frame in turn, one slot per PHY that takes its link type (in the pool's order):
   * the packed annotation, or undefined when the decoder gave none.
   */
  readonly annotations: readonly unknown[];
  /** Each frame's signal from its radio header, where a decoder read one. */
  readonly signals: readonly (PacketSignal | undefined)[];
  /** 1 for each frame a decoder found malformed. */
  readonly errors: Uint8Array;
}
