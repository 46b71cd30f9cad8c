/**
 * The channel hopping engine: every hopping source gets a timer at its rate (hops per second)
 * that tunes it to the next channel of its hop order through its capture's `setChannel`.
 * Sources of one type with the same hop list split it: each starts at a different offset, so
 * together they cover the list faster (Kismet's `split_source_hopping`). A tune that fails is
 * counted and skipped; a tune still pending when the next tick comes makes that tick wait.
 */
import type { Datasource } from './datasource.js';

/** The shortest interval between hops, whatever the rate asks. */
const MIN_INTERVAL_MS = 10;

/** A hop order for a list: as given, or shuffled when `shuffle` is on. */
export function hopOrder(channels: readonly string[], shuffle: boolean, random: () => number = Math.random): string[] {
  const order = [...channels];
  if (!shuffle) return order;
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * Offsets for sources sharing one list: source i of n starts at i * length / n (rounded down),
 * so the list is split evenly.
 */
export function splitOffsets(count: number, listLength: number): number[] {
  return Array.from({ length: count }, (_, index) => Math.floor((index * listLength) / Math.max(count, 1)));
}

/** The channel a source tunes to on its next hop. */
export function nextHopChannel(source: Pick<Datasource, 'hopOrder' | 'hopOffset' | 'hopPosition'>): string | undefined {
  const length = source.hopOrder.length;
  if (length === 0) return undefined;
  return source.hopOrder[(source.hopOffset + source.hopPosition) % length];
}

/** Runs the hop timers of all hopping sources. */
export class ChannelHopper {
  readonly #timers = new Map<Datasource, NodeJS.Timeout>();
  readonly #pending = new Set<Datasource>();

  constructor(private readonly onTuneFailed: (source: Datasource, channel: string, error: unknown) => void) {}

  /** Starts (or restarts with new settings) hopping on a source and re-splits its type's group. */
  start(source: Datasource, group: readonly Datasource[]): void {
    this.#stopTimer(source);
    source.hopping = true;
    source.hopOrder = hopOrder(source.hopChannels, source.hopShuffle);
    source.hopPosition = 0;
    this.#schedule(source);
    this.resplit(group);
  }

  /** Stops hopping on a source. */
  stop(source: Datasource, group: readonly Datasource[] = []): void {
    this.#stopTimer(source);
    source.hopping = false;
    source.hopOffset = 0;
    this.resplit(group);
  }

  /** Sets offsets for the hopping sources of one type that split a list of the same channels. */
  resplit(group: readonly Datasource[]): void {
    const splitting = group.filter((source) => source.hopping && source.hopSplit);
    const byList = new Map<string, Datasource[]>();
    for (const source of splitting) {
      const id = [...source.hopChannels].sort().join(',');
      byList.set(id, [...(byList.get(id) ?? []), source]);
    }
    for (const sources of byList.values()) {
      sources.sort((a, b) => a.number - b.number);
      const offsets = splitOffsets(sources.length, sources[0]!.hopOrder.length);
      sources.forEach((source, index) => (source.hopOffset = offsets[index]!));
    }
  }

  /** Stops every timer (shutdown). */
  stopAll(): void {
    for (const source of [...this.#timers.keys()]) this.#stopTimer(source);
  }

  #schedule(source: Datasource): void {
    const interval = Math.max(MIN_INTERVAL_MS, 1000 / source.hopRate);
    const timer = setInterval(() => this.#hop(source), interval);
    timer.unref();
    this.#timers.set(source, timer);
    this.#hop(source);
  }

  #hop(source: Datasource): void {
    const capture = source.capture;
    if (!capture?.setChannel || this.#pending.has(source)) return;
    const channel = nextHopChannel(source);
    if (channel === undefined) return;
    source.hopPosition++;
    this.#pending.add(source);
    capture
      .setChannel(channel)
      .then(() => {
        if (source.hopping) source.channel = channel;
      })
      .catch((error: unknown) => this.onTuneFailed(source, channel, error))
      .finally(() => this.#pending.delete(source));
  }

  #stopTimer(source: Datasource): void {
    const timer = this.#timers.get(source);
    if (timer) clearInterval(timer);
    this.#timers.delete(source);
  }
}
