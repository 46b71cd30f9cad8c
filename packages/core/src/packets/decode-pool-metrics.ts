/**
 * The ingest workers' figures on `/metrics`: how many decode, and what their failures cost, so a
 * decoder that keeps killing its worker shows beside the message-bus reports.
 */
import type { MetricRegistry } from '../metrics/metric-registry.js';
import type { DecodePool } from './decode-pool.js';

/** Adds the ingest pool's gauges and counters. */
export function addDecodePoolMetrics(metrics: MetricRegistry, pool: DecodePool): void {
  metrics.gauge({ name: 'svc_ingest_threads', help: 'worker threads decoding frames (ingest_threads); 0 once the pool gave up after workers kept failing', collect: (report) => report({}, pool.status.disabled ? 0 : pool.threads) });
  metrics.counter({ name: 'svc_ingest_worker_restarts_total', help: 'ingest workers replaced after they threw or died', collect: (report) => report({}, pool.status.restarts) });
  metrics.counter({ name: 'svc_ingest_worker_failed_frames_total', help: 'frames counted as errors because the ingest worker decoding them threw or died', collect: (report) => report({}, pool.status.failedFrames) });
}
