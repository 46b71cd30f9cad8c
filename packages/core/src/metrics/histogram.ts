/**
 * A histogram for `/metrics` that costs little to observe: each series (one set of label values)
 * keeps its bucket counts, sum and count in place, and a caller that observes often holds its
 * series so no labels are matched per observation. prom-client's own histogram matches the
 * labels on every call, which costs more than the packet-chain timing it would record. The
 * exposition (cumulative `_bucket` lines with `le`, `_sum`, `_count`) is written by prom-client's
 * registry, which reads `get()`.
 */
import { SvcError } from '../errors.js';
import type { MetricLabels } from './metric-registry.js';

/** One series: its counts per bucket (the last for values above every bound), sum and count. */
export class HistogramSeries {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Readonly<Record<string, string>>,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  /** Records one value. */
  observe(value: number): void {
    const bounds = this.bounds;
    let bucket = 0;
    while (bucket < bounds.length && value > bounds[bucket]!) bucket++;
    this.counts[bucket]!++;
    this.sum += value;
    this.count++;
  }
}

/** A histogram metric with labelled series. */
export class LabelledHistogram {
  readonly type = 'histogram';
  readonly #series = new Map<string, HistogramSeries>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly string[],
    private readonly bounds: readonly number[],
  ) {}

  /** The series of these label values (made on first use); every label must be given, no other. */
  series(labels: MetricLabels): HistogramSeries {
    const key = this.labelNames.map((name) => String(labels[name] ?? '')).join('\u0000');
    let series = this.#series.get(key);
    if (!series) {
      for (const name of Object.keys(labels)) {
        if (!this.labelNames.includes(name)) throw new SvcError('SVC_ERR_INTERNAL', `histogram '${this.name}' has no label '${name}' (it has ${this.labelNames.join(', ') || 'none'})`);
      }
      const values = Object.fromEntries(this.labelNames.map((name) => [name, String(labels[name] ?? '')]));
      this.#series.set(key, (series = new HistogramSeries(values, this.bounds)));
    }
    return series;
  }

  /** What prom-client's registry writes out. */
  get(): { name: string; help: string; type: string; values: { metricName: string; labels: Record<string, string | number>; value: number }[]; aggregator: string } {
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const series of this.#series.values()) {
      let cumulative = 0;
      this.bounds.forEach((bound, index) => {
        cumulative += series.counts[index]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...series.labels, le: bound }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...series.labels, le: '+Inf' }, value: series.count });
      values.push({ metricName: `${this.name}_sum`, labels: series.labels, value: series.sum });
      values.push({ metricName: `${this.name}_count`, labels: series.labels, value: series.count });
    }
    return { name: this.name, help: this.help, type: 'histogram', values, aggregator: 'sum' };
  }
}
