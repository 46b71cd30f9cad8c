/**
 * The packet-chain taps the core makes for each PHY from its declaration, so no PHY plugin
 * writes them: the `decode` tap calls the PHY's decoder for the frames it declared and files
 * the result on the packet; the `classify` tap hands packets that carry the PHY's annotations
 * to its classifier, made on the first such packet with the PHY's tracker handle.
 */
import type { Packet, PacketAnnotations } from './packet.js';
import type { PhyDecoder, PhyDecoderDefinition } from './phy-decoder.js';

/**
 * The `stage` of the PHY taps within `decode` and `classify`: before the taps plugins make at
 * the default stage 0, so those see what the PHYs decoded and which devices they touched.
 */
export const PHY_STAGE = -100;

/**
 * The `decode` tap of one PHY: its decoder, called for the link types and record types it
 * declared, unless the ingest workers decoded the packet already.
 */
export function decodeTap(definition: PhyDecoderDefinition, decode: PhyDecoder<keyof PacketAnnotations>): (packet: Packet) => void {
  const linkTypes = new Set(definition.linkTypes);
  const recordTypes = new Set(definition.recordTypes);
  const annotations = definition.annotation;
  return (packet) => {
    if (packet.predecoded === true) return;
    const takes = (packet.data !== undefined && linkTypes.has(packet.dlt)) || (packet.json !== undefined && recordTypes.has(packet.json.type));
    if (!takes) return;
    const decoded = decode(packet);
    if (decoded === undefined) return;
    if (decoded.annotation !== undefined) (packet.annotations as Record<string, unknown>)[annotations] = decoded.annotation;
    if (decoded.error === true) packet.error = true;
    if (decoded.signal !== undefined) packet.signal = decoded.signal;
  };
}

/**
 * The `classify` tap of one PHY: packets that carry one of the annotations `reads` go to the
 * classifier `create` makes, once, on the first of them.
 */
export function classifyTap(reads: readonly (keyof PacketAnnotations)[], create: () => (packet: Packet) => void): (packet: Packet) => void {
  let classify: ((packet: Packet) => void) | undefined;
  if (reads.length === 1) {
    const only = reads[0]!;
    return (packet) => {
      if (packet.annotations[only] !== undefined) (classify ??= create())(packet);
    };
  }
  return (packet) => {
    for (const key of reads) {
      if (packet.annotations[key] !== undefined) {
        (classify ??= create())(packet);
        return;
      }
    }
  };
}
