/**
 * The alert sinks on `/metrics`: per sink, alerts delivered, given up on, dropped from a full
 * queue, failed attempts, and the queue's depth, so an operator's own monitoring sees a sink
 * that stopped delivering.
 */
import type { MetricRegistry } from '../../metrics/metric-registry.js';
import type { AlertSinkRunner } from './alert-sinks.js';

/** Registers the sink metrics, read from `sinks()` whenever `/metrics` is read. */
export function addAlertSinkMetrics(metrics: MetricRegistry, sinks: () => readonly AlertSinkRunner[]): void {
  const labels = (sink: AlertSinkRunner) => ({ sink: sink.name, type: sink.type });
  const counter = (name: string, help: string, value: (sink: AlertSinkRunner) => number) =>
    metrics.counter({ name, help, labelNames: ['sink', 'type'], collect: (report) => sinks().forEach((sink) => report(labels(sink), value(sink))) });
  counter('svc_alert_sink_sent_total', 'alerts an alert sink delivered', (sink) => sink.sent);
  counter('svc_alert_sink_failed_total', 'alerts an alert sink gave up on after every retry', (sink) => sink.failed);
  counter('svc_alert_sink_dropped_total', "alerts dropped because an alert sink's queue was full", (sink) => sink.dropped);
  counter('svc_alert_sink_failed_attempts_total', 'delivery attempts that failed, retried or not', (sink) => sink.failedAttempts);
  metrics.gauge({ name: 'svc_alert_sink_queued', help: 'alerts waiting in an alert sink', labelNames: ['sink', 'type'], collect: (report) => sinks().forEach((sink) => report(labels(sink), sink.queued)) });
}
