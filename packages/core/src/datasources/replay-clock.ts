/**
 * Pacing for sources that replay recorded packets (a capture file, a log): as fast as the
 * server takes them, `realtime=true` keeping the gaps between the recorded timestamps, or
 * `pps=N` frames a second. The options are parsed once, when the source is defined, so a bad
 * value is a 400 before anything opens.
 */
import { SvcError } from '../errors.js';
import type { SourceDefinition } from './definition.js';
import { parseBoolean } from './source-options.js';

/** How to pace a replay. */
export type ReplayPacing = { readonly kind: 'fast' } | { readonly kind: 'realtime' } | { readonly kind: 'pps'; readonly pps: number };

/** Something recorded at a time. */
export interface Timestamped {
  readonly tsSec: number;
  readonly tsUsec: number;
}

/** Slowest pace `pps=` takes: one frame every 1000 s. */
export const MIN_REPLAY_PPS = 0.001;

/** The definition options a replaying type declares, for its `options` table. */
export const REPLAY_OPTIONS: Readonly<Record<string, string>> = {
  realtime: 'true to keep the gaps between the recorded timestamps',
  pps: `replay at N packets a second (${MIN_REPLAY_PPS} or more); not with realtime`,
};

/** The longest single timer wait (setTimeout's range); longer waits are made of several. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Reads `realtime=` and `pps=` of a replaying source; `typeName` names the type in errors. */
export function readReplayPacing(definition: SourceDefinition, typeName: string): ReplayPacing {
  const realtime = definition.options.get('realtime');
  const pps = definition.options.get('pps');
  if (realtime !== undefined && pps !== undefined) throw new SvcError('SVC_ERR_BAD_DEFINITION', `${typeName} takes realtime=true or pps=N, not both`);
  if (pps !== undefined) {
    const rate = Number(pps);
    if (!Number.isFinite(rate) || rate < MIN_REPLAY_PPS) throw new SvcError('SVC_ERR_BAD_DEFINITION', `${typeName} option pps must be a number of packets per second, ${MIN_REPLAY_PPS} or more, got '${pps}'`);
    return { kind: 'pps', pps: rate };
  }
  if (realtime === undefined) return { kind: 'fast' };
  const honour = parseBoolean(realtime);
  if (honour === undefined) throw new SvcError('SVC_ERR_BAD_DEFINITION', `${typeName} option realtime must be true or false, got '${realtime}'`);
  return { kind: honour ? 'realtime' : 'fast' };
}

/** Splits a replay into batches and waits between them as the pacing asks. */
export class ReplayClock {
  #startMs = 0;
  #firstRecordedMs: number | undefined;
  #replayed = 0;

  constructor(private readonly pacing: ReplayPacing) {}

  /** Items handed out so far. */
  get replayed(): number {
    return this.#replayed;
  }

  /**
   * The reader's batches, re-cut and paced: each slice when it is due, until the reader ends or
   * `stopped()` says the source was closed.
   */
  async *paced<T extends Timestamped>(batches: AsyncIterable<T[]> | Iterable<T[]>, stopped: () => boolean): AsyncGenerator<T[]> {
    for await (const items of batches) {
      for (const slice of this.#slices(items)) {
        if (stopped()) return;
        await this.#wait(slice[0]!, this.#replayed);
        if (stopped()) return;
        this.#replayed += slice.length;
        yield slice;
      }
    }
  }

  /** Batches: the reader's own when replaying fast; a hundredth of a second's worth otherwise. */
  *#slices<T extends Timestamped>(items: T[]): Generator<T[]> {
    if (this.pacing.kind === 'fast') {
      yield items;
      return;
    }
    const size = this.pacing.kind === 'pps' ? Math.max(1, Math.floor(this.pacing.pps / 100)) : 1;
    for (let at = 0; at < items.length; at += size) yield items.slice(at, at + size);
  }

  /** Waits until `item` (the `index`th of the replay) is due. */
  async #wait(item: Timestamped, index: number): Promise<void> {
    if (this.pacing.kind === 'fast') return;
    const now = performance.now();
    if (index === 0) this.#startMs = now;
    let dueMs: number;
    if (this.pacing.kind === 'pps') {
      dueMs = this.#startMs + (index / this.pacing.pps) * 1000;
    } else {
      const recordedMs = item.tsSec * 1000 + item.tsUsec / 1000;
      this.#firstRecordedMs ??= recordedMs;
      dueMs = this.#startMs + Math.max(0, recordedMs - this.#firstRecordedMs);
    }
    for (let wait = dueMs - now; wait > 0; wait = dueMs - performance.now()) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, MAX_TIMER_MS)));
    }
  }
}
