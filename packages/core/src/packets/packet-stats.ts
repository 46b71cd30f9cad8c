/**
 * The packet chain's statistics (Kismet's `packetchain.cc`): seven round-robin records served at
 * `/packetchain/packet_stats.json` and one by one at `/packetchain/packet_<name>.json`. The
 * datasource tracker adds each batch once (so the counting costs nothing per packet), by the
 * server's clock as Kismet does, and samples the capture backlog once a second. svc does not
 * drop packets to keep up (its sources wait instead); `dropped` counts what captures report
 * lost (libpcap's drop counter), and `dupe` counts the frames the duplicate filter found another
 * datasource had delivered moments before (frame-dedup.ts).
 */
import type { FieldDefinition } from '../fields/field-registry.js';
import { PeakRrd } from '../tracker/peak-rrd.js';
import { Rrd } from '../tracker/rrd.js';

/** The records and their field names, in Kismet's order. */
const STAT_FIELDS = {
  peak: 'svc.packetchain.peak_packets_rrd',
  rate: 'svc.packetchain.packets_rrd',
  error: 'svc.packetchain.error_packets_rrd',
  dupe: 'svc.packetchain.dupe_packets_rrd',
  queued: 'svc.packetchain.queued_packets_rrd',
  dropped: 'svc.packetchain.dropped_packets_rrd',
  processed: 'svc.packetchain.processed_packets_rrd',
} as const;

/** One of the packet chain's records. */
export type PacketStatName = keyof typeof STAT_FIELDS;

/**
 * The single-record routes (`/packetchain/packet_<route>`) and the record each serves, as
 * Kismet names them (`packet_rate` is the packets record, `packet_drop` the dropped one).
 */
export const PACKET_STAT_ROUTES: readonly (readonly [route: string, stat: PacketStatName])[] = [
  ['peak', 'peak'],
  ['rate', 'rate'],
  ['error', 'error'],
  ['dupe', 'dupe'],
  ['drop', 'dropped'],
  ['processed', 'processed'],
];

/** Fields of the packet chain records. */
export const PACKET_STATS_FIELDS: readonly FieldDefinition[] = [
  { name: STAT_FIELDS.peak, type: 'object', description: 'packets per second (minute vector); busiest second per minute and per hour (rrd record)' },
  { name: STAT_FIELDS.rate, type: 'object', description: 'packets the sources delivered to the chain (a paused source\'s are discarded before it) (rrd record)' },
  { name: STAT_FIELDS.error, type: 'object', description: 'packets a stage judged malformed (rrd record)' },
  { name: STAT_FIELDS.dupe, type: 'object', description: 'duplicate packets: frames another datasource delivered moments before (packet_dedup_size) (rrd record)' },
  { name: STAT_FIELDS.queued, type: 'object', description: 'packets waiting in the captures, sampled each second; the largest per minute and hour (rrd record)' },
  { name: STAT_FIELDS.dropped, type: 'object', description: 'packets the captures lost (libpcap drops) (rrd record)' },
  { name: STAT_FIELDS.processed, type: 'object', description: 'packets that ran through the whole chain; svc drops none on the way, so the same as packets_rrd (rrd record)' },
];

/** Counters and histories of the packet chain. */
export class PacketStats {
  readonly #peak = new PeakRrd('sum');
  readonly #rate = new Rrd();
  readonly #error = new Rrd();
  readonly #dupe = new Rrd();
  readonly #queued = new PeakRrd('max');
  readonly #dropped = new Rrd();
  readonly #processed = new Rrd();
  /** Totals since start, for the metrics. */
  packets = 0;
  errors = 0;
  duplicates = 0;
  dropped = 0;
  /** The last backlog sampled. */
  queued = 0;

  /**
   * A batch of `packets` ran through the chain at Unix second `second`; `errors` of them were
   * malformed and `duplicates` were another source's copies of frames already counted.
   */
  addBatch(second: number, packets: number, errors: number, duplicates = 0): void {
    this.packets += packets;
    this.errors += errors;
    this.duplicates += duplicates;
    this.#rate.add(second, packets);
    this.#peak.add(second, packets);
    this.#processed.add(second, packets);
    if (errors) this.#error.add(second, errors);
    if (duplicates) this.#dupe.add(second, duplicates);
  }

  /** The backlog of every capture and the packets they lost since the last sample. */
  sample(second: number, queued: number, newlyDropped: number): void {
    this.queued = queued;
    this.#queued.add(second, queued);
    this.addDropped(second, newlyDropped);
  }

  /** Packets lost at Unix second `second`: by a capture, or past `packet_backlog_limit`. */
  addDropped(second: number, dropped: number): void {
    if (dropped <= 0) return;
    this.dropped += dropped;
    this.#dropped.add(second, dropped);
  }

  /** One record as served. */
  record(name: PacketStatName, now: number): Record<string, unknown> {
    const rrd = { peak: this.#peak, rate: this.#rate, error: this.#error, dupe: this.#dupe, queued: this.#queued, dropped: this.#dropped, processed: this.#processed }[name];
    return rrd.toRecord(now);
  }

  /** Every record, keyed by field name (`/packetchain/packet_stats.json`). */
  records(now: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(STAT_FIELDS)) out[field] = this.record(name as PacketStatName, now);
    return out;
  }
}
