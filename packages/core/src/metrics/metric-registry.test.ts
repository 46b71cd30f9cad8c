/**
 * The `metrics` hook and `/metrics`: a plugin's pushed and pulled metrics appear in the text
 * exposition and pass the real `promtool check metrics`; bad names are refused with the reason;
 * a plugin that fails at boot takes its metrics with it; the route needs the readonly role
 * unless `metrics_auth=false`; HTTP requests are counted by route pattern and status. The
 * packet chain timing is checked on real captures in packages/cli/e2e/metrics.test.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { definePlugin } from '../plugin.js';
import { createTestService, promtoolCheck, seriesValue } from '../testing/index.js';
import { createLogger } from '../logger.js';
import type { CounterHandle, GaugeHandle, HistogramHandle } from './metric-registry.js';
import { MetricRegistry } from './metric-registry.js';

test('names must be svc_ words, counters end in _total, labels and buckets must be usable', () => {
  const metrics = new MetricRegistry();
  for (const [add, words] of [
    [() => metrics.gauge({ name: 'queue_depth', help: 'x' }), 'must be svc_'],
    [() => metrics.gauge({ name: 'svc_Queue', help: 'x' }), 'must be svc_'],
    [() => metrics.counter({ name: 'svc_drops', help: 'x' }), 'must end in _total'],
    [() => metrics.gauge({ name: 'svc_depth', help: ' ' }), 'needs a help text'],
    [() => metrics.gauge({ name: 'svc_depth', help: 'x', labelNames: ['__name'] }), 'not a usable label name'],
    [() => metrics.histogram({ name: 'svc_time_seconds', help: 'x', buckets: [1, 0.5] }), 'ascending'],
  ] as const) {
    assert.throws(add, (error: any) => error.code === 'SVC_ERR_PLUGIN_INVALID' && error.message.includes(words), words);
  }
  metrics.gauge({ name: 'svc_depth', help: 'x' });
  assert.throws(() => metrics.gauge({ name: 'svc_depth', help: 'y' }), /already registered/);
});

test("a plugin's pushed and pulled metrics are served and promtool accepts the whole exposition; a failed plugin's are withdrawn", async () => {
  let drops: CounterHandle | undefined;
  let connected: GaugeHandle | undefined;
  let sends: HistogramHandle | undefined;
  let depth = 7;
  const good = definePlugin({
    name: 'svc-plugin-queue',
    apply(svc) {
      svc.hooks.metrics.tap('svc-plugin-queue', (metrics) => {
        drops = metrics.counter({ name: 'svc_queue_dropped_total', help: 'messages dropped because the queue was full', labelNames: ['queue'] });
        connected = metrics.gauge({ name: 'svc_queue_connected', help: '1 while connected' });
        metrics.gauge({ name: 'svc_queue_depth', help: 'messages waiting', labelNames: ['queue'], collect: (report) => report({ queue: 'main' }, depth) });
        sends = metrics.histogram({ name: 'svc_queue_send_seconds', help: 'time to send one message', labelNames: ['queue'], buckets: [0.01, 0.1, 1] });
      });
    },
  });
  const broken = definePlugin({
    name: 'svc-plugin-broken',
    apply(svc) {
      svc.hooks.metrics.tap('svc-plugin-broken', (metrics) => metrics.gauge({ name: 'svc_broken_depth', help: 'never served' }));
      svc.hooks.routes.tap('svc-plugin-broken', () => {
        throw new Error('broken on purpose');
      });
    },
  });
  const t = await createTestService({ plugins: [good, broken], log: createLogger({ write: () => {} }) });
  try {
    drops!.inc({ queue: 'main' }, 3);
    connected!.set({}, 1);
    depth = 9;
    sends!.observe({ queue: 'main' }, 0.005);
    const series = sends!.series({ queue: 'main' });
    series.observe(0.05);
    series.observe(0.1);
    series.observe(7);
    const response = await t.request('/metrics');
    assert.is(response.status, 200);
    assert.match(response.headers.get('content-type')!, /^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    assert.is(seriesValue(text, 'svc_queue_dropped_total{queue="main"}'), 3);
    assert.is(seriesValue(text, 'svc_queue_connected'), 1);
    assert.is(seriesValue(text, 'svc_queue_depth{queue="main"}'), 9, 'pulled when read');
    assert.equal(
      ['0.01', '0.1', '1', '+Inf'].map((le) => seriesValue(text, `svc_queue_send_seconds_bucket{le="${le}",queue="main"}`) ?? seriesValue(text, `svc_queue_send_seconds_bucket{queue="main",le="${le}"}`)),
      [1, 3, 3, 4],
      'cumulative buckets, a bound inclusive',
    );
    assert.is(seriesValue(text, 'svc_queue_send_seconds_sum{queue="main"}'), 7.155);
    assert.is(seriesValue(text, 'svc_queue_send_seconds_count{queue="main"}'), 4);
    assert.not.match(text, /svc_broken_depth/);
    assert.match(text, /# HELP svc_datasource_packets_total /);
    const checked = promtoolCheck(text);
    assert.is(checked.status, 0, checked.output);
    assert.is(checked.output.trim(), '', `promtool has no complaint: ${checked.output}`);
    const plugins = (await (await t.request('/system/plugins.json')).json()) as Record<string, any>[];
    assert.equal(plugins.find((plugin) => plugin['svc.plugin.name'] === 'svc-plugin-queue')?.['svc.plugin.contributions'].metrics, ['svc_queue_dropped_total', 'svc_queue_connected', 'svc_queue_depth', 'svc_queue_send_seconds']);
  } finally {
    await t.close();
  }
});

test('/metrics needs the readonly role unless metrics_auth=false; requests are counted by route pattern and status', async () => {
  const t = await createTestService();
  try {
    assert.is((await t.request('/metrics', { auth: false })).status, 401);
    await t.request('/system/status.json');
    await t.request('/system/status.json');
    await t.request('/devices/by-key/nonsense/device.json');
    await t.request('/no/such/thing');
    const text = await (await t.request('/metrics')).text();
    assert.is(seriesValue(text, 'svc_http_requests_total{route="/system/status.json",method="GET",status="200"}'), 2);
    assert.is(seriesValue(text, 'svc_http_requests_total{route="/devices/by-key/:key/device.json",method="GET",status="400"}'), 1);
    assert.is(seriesValue(text, 'svc_http_requests_total{route="unmatched",method="GET",status="404"}'), 1);
    assert.is(seriesValue(text, 'svc_http_requests_total{route="/metrics",method="GET",status="401"}'), 1);
  } finally {
    await t.close();
  }
  const open = await createTestService({ config: { metrics_auth: 'false' } });
  try {
    const response = await open.request('/metrics', { auth: false });
    assert.is(response.status, 200);
    assert.match(await response.text(), /svc_http_requests_total/);
  } finally {
    await open.close();
  }
});

test.run();
