/**
 * The packet pump: carries a source's batches into the packet chain. Per packet it stamps the
 * server's time on a remote source's packets (`override_remote_timestamp`) and the GPS position
 * for their time on those without one (`GpsTracker.packetGpsAt`; for a source bound to a GPS by
 * `metagps=`, that GPS's current position, `GpsTracker.namedGps`), counts them on the source, marks duplicates (the same frame
 * heard by another source, when there is one) and runs the chain; per batch it updates the
 * chain's counters and waits for the pacers (a log writing to disk), so a file source reads no
 * faster than the slowest consumer. With the ingest workers (`ingest_threads=`), a source's next
 * batches are decoded in worker threads while the chain runs the current one, a few batches
 * ahead at most, and the chain still takes them in the source's order; the workers' annotations
 * are unpacked onto each packet just before the chain takes it, inside the turn budget below.
 *
 * Back-pressure: a file source is read only as fast as the chain takes its batches. A live
 * source cannot wait; its queue hands over everything that arrived meanwhile, and past
 * `packet_backlog_limit` packets (Kismet's limit, 8192) the rest of such a backlog is dropped,
 * counted on the source and the chain (`svc_packets_dropped_total`, `/packetchain/packet_drop.json`)
 * and said once on the message bus each time the source starts to fall behind.
 *
 * Turns: a file replayed at full speed hands over batches of thousands of frames, and batches
 * follow one another as promise continuations, so the chain alone would hold the event loop for
 * tens of milliseconds at a time and `/system/status.json` waited that long. Every
 * {@link PACKETS_PER_LOOK} packets the pump asks the process's turn budget (util/turn-budget.ts)
 * and, once the turn's time is spent, lets the loop poll before it goes on with the same batch.
 */
import type { RunHooks } from '../run-hooks.js';
import { runPacketChain } from '../packets/chain.js';
import type { DecodePool } from '../packets/decode-pool.js';
import type { DecodedBatch } from '../packets/decoded-batch.js';
import { FrameDedup } from '../packets/frame-dedup.js';
import { packetHash } from '../packets/packet-hash.js';
import type { Packet, PacketGps } from '../packets/packet.js';
import { PacketStats } from '../packets/packet-stats.js';
import type { Datasource } from './datasource.js';
import type { Capture } from './datasource-type.js';
import { eventLoopTurns, type TurnBudget } from '../util/turn-budget.js';

/** Packets the pump runs between two looks at the turn budget (a look costs a clock read). */
export const PACKETS_PER_LOOK = 256;

/** What the pump needs. */
export interface PacketPumpDependencies {
  readonly hooks: RunHooks;
  /**
   * The GPS position for a packet's time (Unix seconds), stamped onto packets that arrive
   * without one; for a source with `metagps=`, the named GPS's current position instead.
   */
  readonly gps?: { packetGpsAt(time: number): PacketGps | undefined; namedGps(name: string): PacketGps | undefined };
  /** Recent frames the duplicate filter compares (`packet_dedup_size`); 0 or absent turns it off. */
  readonly dedupSize?: number;
  /** Runs the packet chain for one packet (the metrics' sampled timing); `runPacketChain` by default. */
  readonly runChain?: (packet: Packet) => void;
  /** The ingest workers that decode frames off the main thread; absent with `ingest_threads=0`. */
  readonly decodePool?: DecodePool;
  /** `packet_backlog_limit`: packets of one backlog the chain takes at most; 0 or absent takes all. */
  readonly backlogLimit?: number;
  /** Says something about a source on the message bus (that it falls behind). */
  readonly report?: (text: string) => void;
  /** The event loop's turn budget the chain takes its time from; the process's (`eventLoopTurns`) by default. */
  readonly turns?: TurnBudget;
}

/** Feeds captures into the packet chain and keeps the chain's counters. */
export class PacketPump {
  /** The packet chain's counters and histories (`/packetchain`, `/metrics`). */
  readonly stats = new PacketStats();
  /** The duplicate filter (frame-dedup.ts), unless `packet_dedup_size=0`. */
  readonly #dedup: FrameDedup<Datasource> | undefined;
  readonly #pacers: (() => Promise<void> | undefined)[] = [];
  readonly #runChain: (packet: Packet) => void;
  readonly #turns: TurnBudget;
  /** Sources whose last backlog was cut at the limit, so the next cut is not reported again. */
  readonly #behind = new WeakSet<Datasource>();

  constructor(private readonly deps: PacketPumpDependencies) {
    this.#dedup = deps.dedupSize ? new FrameDedup(deps.dedupSize) : undefined;
    this.#runChain = deps.runChain ?? ((packet) => runPacketChain(deps.hooks, packet));
    this.#turns = deps.turns ?? eventLoopTurns;
  }

  /** Adds a consumer that may ask sources to wait between batches (see the datasource tracker's `addPacer`). */
  addPacer(pacer: () => Promise<void> | undefined): void {
    this.#pacers.push(pacer);
  }

  /**
   * Delivers every batch of `capture` until it ends or `isCurrent` turns false (the source was
   * closed or re-opened); a paused source's batches are read and dropped. Duplicates are looked
   * for only while `compareDuplicates()` (one radio has none). Rejects with the capture's error.
   */
  async deliver(source: Datasource, capture: Capture, isCurrent: () => boolean, compareDuplicates: () => boolean): Promise<void> {
    const pool = this.deps.decodePool;
    if (pool === undefined) {
      for await (const batch of capture.packets) {
        if (!isCurrent()) return;
        if (source.state === 'paused') continue;
        await this.#deliverBatch(source, batch, isCurrent, compareDuplicates);
      }
      return;
    }
    // Each batch goes to the workers as it is read and into the chain once decoded, in order;
    // reading waits while `pool.depth` batches are ahead of the chain.
    let chained: Promise<void> = Promise.resolve();
    const ahead: Promise<void>[] = [];
    for await (const batch of capture.packets) {
      if (!isCurrent()) break;
      if (source.state === 'paused') continue;
      const decoded = pool.decode(batch);
      chained = chained.then(async () => {
        const answer = await decoded;
        // A source paused while its batch was being decoded discards it, as it discards what it reads.
        if (isCurrent() && source.state !== 'paused') await this.#deliverBatch(source, batch, isCurrent, compareDuplicates, answer);
      });
      // Awaited below; marked handled so a failure while reading goes on is not reported as unhandled.
      chained.catch(() => undefined);
      ahead.push(chained);
      while (ahead.length >= pool.depth) await ahead.shift();
    }
    await chained;
  }

  /**
   * Runs one batch through the chain, counts it, and waits for the pacers. The ingest workers'
   * answer for the batch, if any, is filed on each packet just before the chain takes it. A
   * source closed or paused while the pump let the loop turn drops the rest of the batch, as it
   * drops what it reads after that.
   */
  async #deliverBatch(source: Datasource, backlog: readonly Packet[], isCurrent: () => boolean, compareDuplicates: () => boolean, decoded?: DecodedBatch): Promise<void> {
    const batch = this.#withinLimit(source, backlog);
    const errorsBefore = source.numErrorPackets;
    const dedup = compareDuplicates() ? this.#dedup : undefined;
    let duplicates = 0;
    let delivered = 0;
    for (; delivered < batch.length; delivered++) {
      if (delivered % PACKETS_PER_LOOK === 0) {
        const nextTurn = this.#turns.next();
        if (nextTurn) {
          await nextTurn;
          if (!isCurrent() || source.state === 'paused') break;
        }
      }
      const packet = batch[delivered]!;
      decoded?.file(packet);
      if (dedup !== undefined && packet.data !== undefined) {
        packet.hash = packetHash(packet.data, packet.dlt);
        if (dedup.isDuplicate(packet.hash, source)) {
          packet.duplicate = true;
          duplicates++;
        }
      }
      this.#process(source, packet);
    }
    this.stats.addBatch(Math.floor(Date.now() / 1000), delivered, source.numErrorPackets - errorsBefore, duplicates);
    for (const pacer of this.#pacers) {
      const wait = pacer();
      if (wait) await wait;
    }
  }

  /**
   * The first `packet_backlog_limit` packets of a backlog; the rest are dropped and counted. Only
   * a capture that queues what arrives (one with a `backlog`) is cut: a file waits instead.
   */
  #withinLimit(source: Datasource, backlog: readonly Packet[]): readonly Packet[] {
    const limit = this.deps.backlogLimit ?? 0;
    if (limit === 0 || backlog.length <= limit || source.capture?.backlog === undefined) {
      this.#behind.delete(source);
      return backlog;
    }
    const dropped = backlog.length - limit;
    source.numDroppedPackets += dropped;
    this.stats.addDropped(Math.floor(Date.now() / 1000), dropped);
    if (!this.#behind.has(source)) {
      this.#behind.add(source);
      this.deps.report?.(`datasource ${source.name} delivers faster than the packet chain takes its packets: ${backlog.length} were waiting, the ${dropped} past packet_backlog_limit=${limit} are dropped (and counted) while it is behind`);
    }
    return backlog.slice(0, limit);
  }

  /** Reads every open capture's backlog and drop counter into its source and the chain's records. */
  sample(sources: Iterable<Datasource>, now: number): void {
    let queued = 0;
    let newlyDropped = 0;
    for (const source of sources) {
      const capture = source.capture;
      source.backlog = capture?.backlog?.() ?? 0;
      queued += source.backlog;
      const dropped = capture?.dropped?.() ?? 0;
      if (dropped > source.captureDropped) {
        newlyDropped += dropped - source.captureDropped;
        source.numDroppedPackets += dropped - source.captureDropped;
        source.captureDropped = dropped;
      }
    }
    this.stats.sample(Math.floor(now), queued, newlyDropped);
  }

  #process(source: Datasource, packet: Packet): void {
    if (source.overrideTimestamp && source.remote) {
      const now = Date.now();
      packet.tsSec = Math.floor(now / 1000);
      packet.tsUsec = (now % 1000) * 1000;
    }
    if (packet.gps === undefined && this.deps.gps) {
      const metaGps = source.options.metaGps;
      const gps = metaGps === undefined ? this.deps.gps.packetGpsAt(packet.tsSec + packet.tsUsec / 1e6) : this.deps.gps.namedGps(metaGps);
      if (gps) packet.gps = gps;
    }
    source.numPackets++;
    source.packetsRrd.add(packet.tsSec, 1);
    if (packet.data) source.datasizeRrd.add(packet.tsSec, packet.data.length);
    this.#runChain(packet);
    if (packet.error) source.numErrorPackets++;
  }
}
