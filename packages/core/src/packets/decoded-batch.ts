/**
 * A batch's answer from the ingest workers, filed onto its packets one at a time, as the packet
 * pump takes each into the chain. Unpacking annotations makes objects and costs the main thread
 * about as much as the chain's own work on a frame; done for a whole batch when the answer
 * arrives, several answers that arrive together held the event loop for tens of milliseconds
 * outside the pump's turn budget (and `/system/status.json` waited that long), and the objects
 * of batches still queued for the chain lived through young-generation collections. Filed
 * packet by packet, the work runs inside the pump's slices, just before the chain needs it.
 */
import type { DecodeReply } from './decode-messages.js';
import type { Packet, PacketAnnotations } from './packet.js';
import type { PhyAnnotationUnpacker, PhyDecoderDefinition } from './phy-decoder.js';

/** A PHY the workers decode for: its decoder declaration and its unpacker. */
export interface UnpackingPhy {
  readonly decoder: PhyDecoderDefinition;
  readonly unpack: PhyAnnotationUnpacker<keyof PacketAnnotations>;
}

/** What the workers found in a batch, waiting to be filed on its packets. */
export class DecodedBatch {
  /** A batch with nothing to file: none of its frames went to the workers, or their worker failed. */
  static readonly NONE = new DecodedBatch([], undefined, () => []);

  /** The index in `packets` of the next packet to file. */
  #next = 0;
  /** The index in the reply's annotations of that packet's first slot. */
  #slot = 0;

  constructor(
    /** The packets sent to the workers, in the batch's order. */
    private readonly packets: readonly Packet[],
    private readonly reply: DecodeReply | undefined,
    /** The PHYs that take a link type, in the pool's order (one reply slot each). */
    private readonly physOf: (linkType: number) => readonly UnpackingPhy[],
  ) {}

  /**
   * Files the annotations, signal and error flag the workers found for `packet`, and marks it
   * `predecoded`. Packets must be given in the batch's order; one the workers did not take is
   * left alone.
   */
  file(packet: Packet): void {
    const reply = this.reply;
    if (reply === undefined || this.packets[this.#next] !== packet) return;
    const index = this.#next++;
    for (const phy of this.physOf(packet.dlt)) {
      const packed = reply.annotations[this.#slot++];
      if (packed !== undefined) (packet.annotations as Record<string, unknown>)[phy.decoder.annotation] = phy.unpack(packed, packet);
    }
    if (reply.errors[index] === 1) packet.error = true;
    const signal = reply.signals[index];
    if (signal !== undefined) packet.signal = signal;
    packet.predecoded = true;
  }
}
