/**
 * The packet chain: a packet passes the stages in a fixed order, and within a stage the taps run
 * in `stage` priority order (tapable's `HookMap` + tap `stage`). Decoders parse, classifiers
 * decide what the packet means, the tracker updates devices.
 */
import type { RunHooks } from '../run-hooks.js';
import type { Packet } from './packet.js';

/** The chain stages, in the order every packet passes them. */
export const PACKET_STAGES = ['decode', 'classify', 'track'] as const;

/** One of {@link PACKET_STAGES}. */
export type PacketStage = (typeof PACKET_STAGES)[number];

/** Runs one packet through every stage that has taps. */
export function runPacketChain(hooks: Pick<RunHooks, 'packet'>, packet: Packet): void {
  for (const stage of PACKET_STAGES) hooks.packet.get(stage)?.call(packet);
}
