/**
 * The metrics the core pushes while it runs, made before any plugin applies so that every
 * request and every packet-chain tap is counted: HTTP requests by route, method and status with
 * their duration, open websockets by route, and the sampled packet-chain timing per stage and per
 * tap (see chain-timing.ts). The values read when `/metrics` is asked for (datasources, devices,
 * the process) are the metrics plugin's.
 */
import type { HttpObserver } from '../http/app.js';
import type { Hooks } from '../hooks.js';
import { installChainTiming } from './chain-timing.js';
import type { MetricRegistry } from './metric-registry.js';

/** Bucket bounds for a chain tap, 1 µs to 10 ms. */
const CHAIN_BUCKETS = [1e-6, 2.5e-6, 5e-6, 1e-5, 2.5e-5, 5e-5, 1e-4, 2.5e-4, 5e-4, 1e-3, 1e-2];
/** Bucket bounds for an HTTP request, 1 ms to 10 s. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

/**
 * Adds the pushed core metrics and, unless `chainSampling` is 0, the packet-chain timing
 * interceptors (one pass in `chainSampling` is timed). Returns the HTTP app's observer.
 */
export function installCoreMetrics(metrics: MetricRegistry, hooks: Pick<Hooks, 'packet'>, chainSampling: number): HttpObserver {
  const requests = metrics.counter({ name: 'svc_http_requests_total', help: 'HTTP requests answered, by route pattern, method and status', labelNames: ['route', 'method', 'status'] });
  const durations = metrics.histogram({ name: 'svc_http_request_duration_seconds', help: 'time to answer an HTTP request (until the body starts), by route pattern', labelNames: ['route'], buckets: HTTP_BUCKETS });
  const websockets = metrics.gauge({ name: 'svc_websocket_clients', help: 'open websocket connections, by route', labelNames: ['route'] });
  if (chainSampling > 0) {
    const taps = metrics.histogram({
      name: 'svc_packet_chain_tap_duration_seconds',
      help: `time one tap of the packet chain took for a packet, by stage and tap (plugin); one pass in ${chainSampling} is timed`,
      labelNames: ['stage', 'tap'],
      buckets: CHAIN_BUCKETS,
    });
    const stages = metrics.histogram({
      name: 'svc_packet_chain_stage_duration_seconds',
      help: `time one stage of the packet chain took for a packet; one pass in ${chainSampling} is timed`,
      labelNames: ['stage'],
      buckets: CHAIN_BUCKETS,
    });
    installChainTiming(hooks, chainSampling, {
      tap: (stage, tap, seconds) => taps.observe({ stage, tap }, seconds),
      stage: (stage, seconds) => stages.observe({ stage }, seconds),
    });
  }
  return {
    request(route, method, status, seconds) {
      requests.inc({ route, method, status });
      if (route !== 'unmatched') durations.observe({ route }, seconds);
    },
    websocket(route, change) {
      if (change > 0) websockets.inc({ route });
      else websockets.dec({ route });
    },
  };
}
