/**
 * The metrics the core pushes while it runs, made before any plugin applies so that every
 * request and every packet-chain tap is counted: HTTP requests by route, method and status with
 * their duration, open websockets by route, and the sampled packet-chain timing per stage and per
 * tap (see chain-timing.ts; the datasource tracker runs the chain through its runner). The values read when `/metrics` is asked for (datasources, devices,
 * the process) are the metrics plugin's.
 */
import type { HttpObserver } from '../http/app.js';
import type { RunHooks } from '../run-hooks.js';
import type { Packet } from '../packets/packet.js';
import { sampledChainRunner } from './chain-timing.js';
import type { MetricRegistry } from './metric-registry.js';

/** Bucket bounds for a chain tap, 1 µs to 10 ms. */
const CHAIN_BUCKETS = [1e-6, 2.5e-6, 5e-6, 1e-5, 2.5e-5, 5e-5, 1e-4, 2.5e-4, 5e-4, 1e-3, 1e-2];
/** Bucket bounds for an HTTP request, 1 ms to 10 s. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

/** What the core's metrics give the rest of the service. */
export interface CoreMetrics {
  /** Told about every request and websocket. */
  readonly httpObserver: HttpObserver;
  /** Runs the packet chain, timing a sample; undefined when `chainSampling` is 0. */
  readonly runChain: ((packet: Packet) => void) | undefined;
}

/**
 * Adds the pushed core metrics and, unless `chainSampling` is 0, the packet-chain timing (one
 * packet in `chainSampling` is timed).
 */
export function installCoreMetrics(metrics: MetricRegistry, hooks: Pick<RunHooks, 'packet'>, chainSampling: number): CoreMetrics {
  const requests = metrics.counter({ name: 'svc_http_requests_total', help: 'HTTP requests answered, by route pattern, method and status', labelNames: ['route', 'method', 'status'] });
  const durations = metrics.histogram({ name: 'svc_http_request_duration_seconds', help: 'time to answer an HTTP request (until the body starts), by route pattern', labelNames: ['route'], buckets: HTTP_BUCKETS });
  const websockets = metrics.gauge({ name: 'svc_websocket_clients', help: 'open websocket connections, by route', labelNames: ['route'] });
  let runChain: ((packet: Packet) => void) | undefined;
  if (chainSampling > 0) {
    const taps = metrics.histogram({
      name: 'svc_packet_chain_tap_duration_seconds',
      help: `time one tap of the packet chain took for a packet, by stage and tap (plugin); one packet in ${chainSampling} is timed`,
      labelNames: ['stage', 'tap'],
      buckets: CHAIN_BUCKETS,
    });
    const stages = metrics.histogram({
      name: 'svc_packet_chain_stage_duration_seconds',
      help: `time one stage of the packet chain took for a packet; one packet in ${chainSampling} is timed`,
      labelNames: ['stage'],
      buckets: CHAIN_BUCKETS,
    });
    // The series by stage and tap, made once each: matching labels on every sample would cost more than the timing.
    const tapSeries = new Map<string, Map<string, { observe(value: number): void }>>();
    const stageSeries = new Map<string, { observe(value: number): void }>();
    runChain = sampledChainRunner(hooks, chainSampling, {
      tap: (stage, tap, seconds) => {
        let byTap = tapSeries.get(stage);
        if (!byTap) tapSeries.set(stage, (byTap = new Map()));
        let series = byTap.get(tap);
        if (!series) byTap.set(tap, (series = taps.series({ stage, tap })));
        series.observe(seconds);
      },
      stage: (stage, seconds) => {
        let series = stageSeries.get(stage);
        if (!series) stageSeries.set(stage, (series = stages.series({ stage })));
        series.observe(seconds);
      },
    });
  }
  const httpObserver: HttpObserver = {
    request(route, method, status, seconds) {
      requests.inc({ route, method, status });
      if (route !== 'unmatched') durations.observe({ route }, seconds);
    },
    websocket(route, change) {
      if (change > 0) websockets.inc({ route });
      else websockets.dec({ route });
    },
  };
  return { httpObserver, runChain };
}
