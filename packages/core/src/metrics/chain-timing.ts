/**
 * Time spent in the packet chain, per stage and per tap, measured on one packet in `every`: the
 * datasource tracker runs the chain through the runner made here, which counts packets down and
 * runs most of them through the stage hooks as usual (`hook.call`), so the hot path gains one
 * decrement per packet. The sampled packet runs the same taps in the same order (tapable's tap
 * list, each tap as the register interceptors wrapped it, so a throwing tap is still caught and
 * attributed) with the clock read around each one.
 */
import type { RunHooks } from '../run-hooks.js';
import { PACKET_STAGES, runPacketChain } from '../packets/chain.js';
import type { Packet } from '../packets/packet.js';

/** Receives one sampled duration, in seconds. */
export interface ChainTimingSink {
  tap(stage: string, tap: string, seconds: number): void;
  stage(stage: string, seconds: number): void;
}

/** A packet chain runner that times one packet in `every` per stage and per tap. */
export function sampledChainRunner(hooks: Pick<RunHooks, 'packet'>, every: number, sink: ChainTimingSink): (packet: Packet) => void {
  let countdown = every;
  return (packet) => {
    if (--countdown > 0) return runPacketChain(hooks, packet);
    countdown = every;
    timedPass(hooks, packet, sink);
  };
}

/** Runs one packet through every stage's taps in order, reading the clock around each. */
function timedPass(hooks: Pick<RunHooks, 'packet'>, packet: Packet, sink: ChainTimingSink): void {
  for (const stage of PACKET_STAGES) {
    const hook = hooks.packet.get(stage);
    if (!hook) continue;
    const stageStart = performance.now();
    let tapStart = stageStart;
    for (const tap of hook.taps) {
      (tap.fn as (packet: Packet) => void)(packet);
      const now = performance.now();
      sink.tap(stage, tap.name, (now - tapStart) / 1000);
      tapStart = now;
    }
    sink.stage(stage, (tapStart - stageStart) / 1000);
  }
}
