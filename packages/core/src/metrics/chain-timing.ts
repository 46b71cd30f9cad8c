/**
 * Time spent in the packet chain, per stage and per tap, measured by tapable interceptors on
 * every stage's hook: `call` decides whether this pass is sampled (one in `every`), `tap` marks
 * where each tap starts (so the previous one's time is known) and `done` closes the last tap and
 * the stage. An unsampled pass costs a counter decrement and a test per tap; only a sampled one
 * reads the clock, so the chain stays fast. Installed before any plugin taps the chain.
 */
import type { Hooks } from '../hooks.js';

/** Receives one sampled duration, in seconds. */
export interface ChainTimingSink {
  tap(stage: string, tap: string, seconds: number): void;
  stage(stage: string, seconds: number): void;
}

interface StageInterceptor {
  call?: () => void;
  tap?: (tap: { name: string }) => void;
  done?: () => void;
  error?: () => void;
}

/** Installs sampled timing on every packet chain stage; `every` passes of a stage, one is timed. */
export function installChainTiming(hooks: Pick<Hooks, 'packet'>, every: number, sink: ChainTimingSink): void {
  hooks.packet.intercept({
    factory: (key, hook) => {
      (hook as unknown as { intercept(interceptor: StageInterceptor): void }).intercept(stageInterceptor(String(key), every, sink));
      return hook;
    },
  });
}

function stageInterceptor(stage: string, every: number, sink: ChainTimingSink): StageInterceptor {
  let countdown = every;
  let sampling = false;
  let stageStart = 0;
  let tapStart = 0;
  let tapName: string | undefined;
  const finish = () => {
    if (!sampling) return;
    sampling = false;
    const now = performance.now();
    if (tapName !== undefined) sink.tap(stage, tapName, (now - tapStart) / 1000);
    sink.stage(stage, (now - stageStart) / 1000);
  };
  return {
    call: () => {
      if (--countdown > 0) return;
      countdown = every;
      sampling = true;
      tapName = undefined;
      stageStart = performance.now();
    },
    tap: (tap) => {
      if (!sampling) return;
      const now = performance.now();
      if (tapName !== undefined) sink.tap(stage, tapName, (now - tapStart) / 1000);
      tapName = tap.name;
      tapStart = now;
    },
    done: finish,
    error: finish,
  };
}
