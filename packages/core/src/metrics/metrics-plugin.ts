/**
 * Prometheus metrics as a built-in plugin: `/metrics` in the text format (role readonly, or no
 * login with `metrics_auth=false`), and the values read when it is asked for: per datasource its
 * packets, error packets, drops and queue depth; the packet chain's totals and backlog; devices
 * per PHY and per view; the event loop's lag, the heap and the process. Counters match the
 * datasource records (`/datasource/all_sources.json`) at the same moment. What the core counts as
 * it runs (HTTP requests, websockets, packet-chain timing) is added in core-metrics.ts; plugins
 * add theirs through the `metrics` hook.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { definePlugin, type PluginDefinition } from '../plugin.js';
import type { Service } from '../service-types.js';
import type { MetricRegistry } from './metric-registry.js';

/** Name of the built-in metrics plugin. */
export const METRICS_PLUGIN = '@svc/core:metrics';

/** The metrics plugin. */
export function metricsPlugin(): PluginDefinition {
  return definePlugin({
    name: METRICS_PLUGIN,
    apply(svc) {
      let lag: IntervalHistogram | undefined;
      svc.hooks.metrics.tap(METRICS_PLUGIN, (metrics) => {
        addDatasourceMetrics(svc, metrics);
        addDeviceMetrics(svc, metrics);
        addProcessMetrics(metrics, () => lag);
      });
      svc.hooks.routes.tap(METRICS_PLUGIN, (routes) =>
        routes.http({
          methods: ['GET'],
          path: '/metrics',
          formats: ['plain'],
          role: svc.config.getBoolean('metrics_auth', true) ? 'readonly' : 'public',
          description: 'Prometheus metrics (text format): datasources, packet chain, devices, HTTP, websockets, process, and what plugins add',
          handler: async () => new Response(await svc.metrics.exposition(), { headers: { 'content-type': svc.metrics.contentType, 'cache-control': 'no-store' } }),
        }),
      );
      svc.hooks.ready.tapPromise(METRICS_PLUGIN, async () => {
        lag = monitorEventLoopDelay({ resolution: 10 });
        lag.enable();
      });
      svc.hooks.shutdown.tapPromise(METRICS_PLUGIN, async () => {
        lag?.disable();
        lag = undefined;
      });
    },
  });
}

function addDatasourceMetrics(svc: Service, metrics: MetricRegistry): void {
  const labelNames = ['uuid', 'name', 'type'];
  /** Reports one value per datasource. */
  const perSource = (read: (source: ReturnType<Service['datasources']['list']>[number]) => number) => (report: (labels: Record<string, string>, value: number) => void) => {
    for (const source of svc.datasources.list()) report({ uuid: source.uuid, name: source.name, type: source.type.name }, read(source));
  };
  metrics.counter({ name: 'svc_datasource_packets_total', help: 'packets a datasource delivered (svc.datasource.num_packets)', labelNames, collect: perSource((source) => source.numPackets) });
  metrics.counter({ name: 'svc_datasource_error_packets_total', help: 'packets of a datasource judged malformed (svc.datasource.num_error_packets)', labelNames, collect: perSource((source) => source.numErrorPackets) });
  metrics.counter({ name: 'svc_datasource_dropped_packets_total', help: 'packets a datasource\'s captures reported lost (libpcap drops)', labelNames, collect: perSource((source) => source.numDroppedPackets) });
  metrics.gauge({ name: 'svc_datasource_queue_depth', help: 'packets received by a datasource\'s capture and not yet taken by the packet chain', labelNames, collect: perSource((source) => source.capture?.backlog?.() ?? 0) });
  metrics.gauge({ name: 'svc_datasource_running', help: '1 while a datasource is open (paused included), else 0', labelNames, collect: perSource((source) => (source.running ? 1 : 0)) });
  metrics.gauge({ name: 'svc_datasource_error', help: '1 while a datasource is in error, else 0', labelNames, collect: perSource((source) => (source.state === 'error' ? 1 : 0)) });
  const stats = svc.datasources.packetStats;
  metrics.counter({ name: 'svc_packets_total', help: 'packets that ran through the packet chain', collect: (report) => report({}, stats.packets) });
  metrics.counter({ name: 'svc_packet_errors_total', help: 'packets of the chain judged malformed', collect: (report) => report({}, stats.errors) });
  metrics.counter({ name: 'svc_packets_dropped_total', help: 'packets the captures reported lost', collect: (report) => report({}, stats.dropped) });
  metrics.gauge({ name: 'svc_packet_queue_depth', help: 'packets waiting in every capture (sampled each second)', collect: (report) => report({}, stats.queued) });
}

function addDeviceMetrics(svc: Service, metrics: MetricRegistry): void {
  metrics.gauge({ name: 'svc_devices', help: 'devices tracked, by PHY', labelNames: ['phy'], collect: (report) => { for (const phy of svc.devices.phys()) report({ phy: phy.name }, phy.deviceCount); } });
  metrics.counter({ name: 'svc_phy_packets_total', help: 'packets a PHY classified', labelNames: ['phy'], collect: (report) => { for (const phy of svc.devices.phys()) report({ phy: phy.name }, phy.packetCount); } });
  metrics.gauge({ name: 'svc_view_devices', help: 'devices in a device view', labelNames: ['view'], collect: (report) => { for (const view of svc.deviceViews.list()) report({ view: view.id }, view.size); } });
  metrics.counter({ name: 'svc_devices_evicted_total', help: 'devices dropped by tracker_device_timeout or tracker_max_devices', collect: (report) => report({}, svc.devices.evicted) });
}

function addProcessMetrics(metrics: MetricRegistry, lag: () => IntervalHistogram | undefined): void {
  const lagStat = (read: (histogram: IntervalHistogram) => number) => (report: (labels: Record<string, string>, value: number) => void) => {
    const histogram = lag();
    if (histogram && histogram.count > 0) report({}, read(histogram) / 1e9);
  };
  metrics.gauge({ name: 'svc_event_loop_lag_seconds', help: 'mean event loop delay since the previous read of /metrics', collect: lagStat((histogram) => histogram.mean) });
  metrics.gauge({ name: 'svc_event_loop_lag_p99_seconds', help: '99th percentile of the event loop delay since the previous read', collect: lagStat((histogram) => histogram.percentile(99)) });
  metrics.gauge({
    name: 'svc_event_loop_lag_max_seconds',
    help: 'longest event loop delay since the previous read (the histogram restarts after it)',
    collect: (report) => {
      lagStat((histogram) => histogram.max)(report);
      lag()?.reset();
    },
  });
  metrics.gauge({ name: 'svc_heap_used_bytes', help: 'V8 heap in use', collect: (report) => report({}, process.memoryUsage().heapUsed) });
  metrics.gauge({ name: 'svc_heap_total_bytes', help: 'V8 heap allocated', collect: (report) => report({}, process.memoryUsage().heapTotal) });
  metrics.gauge({ name: 'svc_resident_memory_bytes', help: 'resident set size of the process', collect: (report) => report({}, process.memoryUsage.rss()) });
  metrics.counter({ name: 'svc_process_cpu_seconds_total', help: 'CPU time of the process, user and system', collect: (report) => { const usage = process.cpuUsage(); report({}, (usage.user + usage.system) / 1e6); } });
  metrics.gauge({ name: 'svc_process_start_time_seconds', help: 'Unix time the process started', collect: (report) => report({}, Math.floor(Date.now() / 1000 - process.uptime())) });
}
