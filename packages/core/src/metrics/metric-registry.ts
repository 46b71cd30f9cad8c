/**
 * The metrics registry behind `/metrics` (Prometheus text format, through `prom-client`). The
 * core and plugins add metrics in the `metrics` contribute hook and get a handle back: a metric
 * is either pushed (the plugin keeps the handle and calls `inc`, `set` or `observe` as things
 * happen: an MQTT queue's drops) or pulled (a `collect` callback reports current values when
 * `/metrics` is read: a queue's depth). Names are `svc_` plus lower-case words, counters end in
 * `_total`, so everything svc exports shares one namespace and `promtool check metrics` accepts
 * it. A plugin that fails at boot has its metrics withdrawn with its other contributions.
 */
import { Counter, Gauge, Registry as PromRegistry, type Metric } from 'prom-client';
import { LabelledHistogram } from './histogram.js';
import { SvcError } from '../errors.js';
import { Registry, type ContributionOwner } from '../registry.js';

/** Label values of one series, by label name. */
export type MetricLabels = Readonly<Record<string, string | number>>;

/** Reports one series' current value from a `collect` callback. */
export type MetricReport = (labels: MetricLabels, value: number) => void;

/** What every metric declares. */
export interface MetricDefinition {
  /** `svc_` then lower-case letters, digits and `_` (`svc_mqtt_queue_depth`); a counter ends in `_total`. */
  readonly name: string;
  /** One line for the `# HELP` comment. */
  readonly help: string;
  /** Names of its labels, if it has any. */
  readonly labelNames?: readonly string[];
}

/** A counter: only goes up. Pulled counters report their running totals. */
export interface CounterDefinition extends MetricDefinition {
  /** Reports every series' total when `/metrics` is read; a pulled counter has no `inc`. */
  collect?(report: MetricReport): void;
}

/** A gauge: a value that goes up and down. */
export interface GaugeDefinition extends MetricDefinition {
  /** Reports every series' value when `/metrics` is read; series not reported are dropped. */
  collect?(report: MetricReport): void;
}

/** A histogram of observations (durations, sizes). */
export interface HistogramDefinition extends MetricDefinition {
  /** Upper bounds of the buckets, ascending. */
  readonly buckets: readonly number[];
}

/** Handle of a pushed counter. */
export interface CounterHandle {
  inc(labels?: MetricLabels, value?: number): void;
}

/** Handle of a pushed gauge. */
export interface GaugeHandle {
  set(labels: MetricLabels, value: number): void;
  inc(labels?: MetricLabels, value?: number): void;
  dec(labels?: MetricLabels, value?: number): void;
}

/** Handle of a histogram. */
export interface HistogramHandle {
  observe(labels: MetricLabels, value: number): void;
  /** The series of one set of labels, for observing often without matching the labels each time. */
  series(labels: MetricLabels): { observe(value: number): void };
}

/** One registered metric, as the registry lists it. */
export interface MetricEntry {
  readonly name: string;
  readonly kind: 'counter' | 'gauge' | 'histogram';
  readonly help: string;
}

const METRIC_NAME = /^svc_[a-z0-9_]+$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** The metrics of one service. */
export class MetricRegistry extends Registry<MetricEntry> {
  readonly #prom = new PromRegistry();

  constructor(owner?: ContributionOwner) {
    super('metric', owner);
  }

  /** Adds a counter; a pulled one (with `collect`) gets a handle whose `inc` refuses. */
  counter(definition: CounterDefinition): CounterHandle {
    this.#check(definition, 'counter');
    if (!definition.name.endsWith('_total')) throw new SvcError('SVC_ERR_PLUGIN_INVALID', `counter '${definition.name}' must end in _total`);
    const collect = definition.collect;
    const counter = new Counter({
      name: definition.name,
      help: definition.help,
      labelNames: [...(definition.labelNames ?? [])],
      registers: [],
      collect: collect
        ? function (this: Counter) {
            this.reset();
            collect((labels, value) => this.inc(labels as Record<string, string | number>, Math.max(0, value)));
          }
        : undefined,
    });
    this.#register(definition, 'counter', counter);
    return {
      inc: (labels = {}, value = 1) => {
        if (collect) throw new SvcError('SVC_ERR_INTERNAL', `counter '${definition.name}' is pulled through collect(); it has no inc()`);
        counter.inc(labels as Record<string, string | number>, value);
      },
    };
  }

  /** Adds a gauge. */
  gauge(definition: GaugeDefinition): GaugeHandle {
    this.#check(definition, 'gauge');
    const collect = definition.collect;
    const gauge = new Gauge({
      name: definition.name,
      help: definition.help,
      labelNames: [...(definition.labelNames ?? [])],
      registers: [],
      collect: collect
        ? function (this: Gauge) {
            this.reset();
            collect((labels, value) => this.set(labels as Record<string, string | number>, value));
          }
        : undefined,
    });
    this.#register(definition, 'gauge', gauge);
    return {
      set: (labels, value) => gauge.set(labels as Record<string, string | number>, value),
      inc: (labels = {}, value = 1) => gauge.inc(labels as Record<string, string | number>, value),
      dec: (labels = {}, value = 1) => gauge.dec(labels as Record<string, string | number>, value),
    };
  }

  /** Adds a histogram. */
  histogram(definition: HistogramDefinition): HistogramHandle {
    this.#check(definition, 'histogram');
    const buckets = [...definition.buckets];
    if (buckets.length === 0 || buckets.some((bound, index) => !Number.isFinite(bound) || (index > 0 && bound <= buckets[index - 1]!))) {
      throw new SvcError('SVC_ERR_PLUGIN_INVALID', `histogram '${definition.name}': buckets must be finite and ascending`);
    }
    const histogram = new LabelledHistogram(definition.name, definition.help, [...(definition.labelNames ?? [])], buckets);
    this.#register(definition, 'histogram', histogram as unknown as Metric);
    return {
      observe: (labels, value) => histogram.series(labels).observe(value),
      series: (labels) => histogram.series(labels),
    };
  }

  /** Withdraws a failed plugin's metrics from `/metrics` too. */
  override removeOwner(owner: string): void {
    const before = new Set(this.list().map((entry) => entry.name));
    super.removeOwner(owner);
    for (const name of before) if (!this.has(name)) this.#prom.removeSingleMetric(name);
  }

  /** The Prometheus text exposition of every metric, collected now. */
  exposition(): Promise<string> {
    return this.#prom.metrics();
  }

  /** Content type of the exposition (text format 0.0.4). */
  get contentType(): string {
    return this.#prom.contentType;
  }

  #check(definition: MetricDefinition, kind: MetricEntry['kind']): void {
    if (!METRIC_NAME.test(definition.name)) {
      throw new SvcError('SVC_ERR_PLUGIN_INVALID', `${kind} name '${definition.name}' must be svc_ followed by lower-case letters, digits and _ (svc_myplugin_queue_depth)`);
    }
    if (!definition.help?.trim()) throw new SvcError('SVC_ERR_PLUGIN_INVALID', `${kind} '${definition.name}' needs a help text`);
    for (const label of definition.labelNames ?? []) {
      if (!LABEL_NAME.test(label) || label.startsWith('__') || (kind === 'histogram' && label === 'le')) {
        throw new SvcError('SVC_ERR_PLUGIN_INVALID', `${kind} '${definition.name}': '${label}' is not a usable label name`);
      }
    }
  }

  #register(definition: MetricDefinition, kind: MetricEntry['kind'], metric: Counter | Gauge | Metric): void {
    this.add({ name: definition.name, kind, help: definition.help });
    this.#prom.registerMetric(metric);
  }
}
