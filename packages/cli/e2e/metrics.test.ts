/**
 * `/metrics` end to end: a real `svc start` replays two captures with its svcdb log on, and the
 * exposition read over HTTP passes the real `promtool check metrics`, its counters equal the
 * datasource, PHY and view records read at the same moment, the packet chain was timed one pass
 * in 128 per stage and tap, a websocket client is counted while it is connected, and the log
 * writer's backlog is there. It runs on svc's bulk capture and demo scene and, where the shared
 * data is there, on a real capture and the shared data set's synthetic one.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { hasRealData, promtoolCheck, realDataTest, seriesValue, waitUntil } from '@svc/core/testing';
import { BULK_CAPTURE, DEMO_SCENE_CAPTURE, realCapture, type Dot11Capture } from './dot11-captures.js';
import { basicAuth, startSvc, type SvcProcess } from './svc-process.js';

/** A source of the suite's server: the capture it replays and its name. */
interface Replay {
  readonly capture: Dot11Capture;
  readonly name: string;
}

function metricsSuite(label: string, captures: readonly Replay[]) {
  const test = suite(label);
  const needs = captures.flatMap((entry) => entry.capture.needs);
  const it = (name: string, fn: () => Promise<void>) => realDataTest(test, name, needs, fn);
  let svc: SvcProcess | undefined;
  let authorization: string;
  const get = async (path: string) => {
    const response = await fetch(`${svc!.url}${path}`, { headers: { authorization } });
    assert.is(response.status, 200, path);
    return path === '/metrics' ? response.text() : response.json();
  };
  const frames = (entry: Replay) => entry.capture.reference.frames_total;

  test.before(async () => {
    if (!hasRealData(needs)) return;
    svc = await startSvc({ args: captures.flatMap((entry) => ['-c', `${entry.capture.path}:name=${entry.name}`]) });
    authorization = basicAuth('svc', svc.password!);
    await waitUntil('both captures are replayed', async () => {
      const sources = (await get('/datasource/all_sources.json')) as any[];
      return captures.every((entry) => sources.find((source) => source['svc.datasource.name'] === entry.name)?.['svc.datasource.num_packets'] === frames(entry));
    }, { timeoutMs: 60_000, detail: svc.stderr });
  });
  test.after(async () => {
    await svc?.stop();
  });

  it('promtool check metrics accepts /metrics, with no lint complaint', async () => {
    const text = (await get('/metrics')) as string;
    const checked = promtoolCheck(text);
    assert.is(checked.status, 0, checked.output);
    assert.is(checked.output.trim(), '', checked.output);
    const anonymous = await fetch(`${svc!.url}/metrics`);
    assert.is(anonymous.status, 401, 'the readonly role is needed by default');
  });

  it('per-datasource counters equal all_sources.json; PHY and view gauges equal their records', async () => {
    const text = (await get('/metrics')) as string;
    const sources = (await get('/datasource/all_sources.json')) as any[];
    let total = 0;
    for (const source of sources) {
      const labels = `{uuid="${source['svc.datasource.uuid']}",name="${source['svc.datasource.name']}",type="pcapfile"}`;
      assert.is(seriesValue(text, `svc_datasource_packets_total${labels}`), source['svc.datasource.num_packets'], labels);
      assert.is(seriesValue(text, `svc_datasource_error_packets_total${labels}`), source['svc.datasource.num_error_packets'], labels);
      assert.is(seriesValue(text, `svc_datasource_dropped_packets_total${labels}`), 0, 'files wait, they do not drop');
      assert.is(seriesValue(text, `svc_datasource_queue_depth${labels}`), 0);
      assert.is(seriesValue(text, `svc_datasource_running${labels}`), 1);
      total += source['svc.datasource.num_packets'];
    }
    assert.is(seriesValue(text, 'svc_packets_total'), total);
    assert.is(seriesValue(text, 'svc_packet_errors_total'), sources.reduce((sum, source) => sum + source['svc.datasource.num_error_packets'], 0));
    for (const phy of (await get('/phy/all_phys.json')) as any[]) {
      assert.is(seriesValue(text, `svc_devices{phy="${phy['svc.phy.phy_name']}"}`), phy['svc.phy.device_count']);
      assert.is(seriesValue(text, `svc_phy_packets_total{phy="${phy['svc.phy.phy_name']}"}`), phy['svc.phy.packet_count']);
    }
    for (const view of (await get('/devices/views/all_views.json')) as any[]) {
      assert.is(seriesValue(text, `svc_view_devices{view="${view['svc.devices.view.id']}"}`), view['svc.devices.view.size'], view['svc.devices.view.id']);
    }
    assert.ok(seriesValue(text, 'svc_heap_used_bytes')! > 0);
    assert.ok(seriesValue(text, 'svc_resident_memory_bytes')! > 0);
    assert.ok(seriesValue(text, 'svc_event_loop_lag_seconds')! >= 0);
    assert.ok(seriesValue(text, 'svc_process_cpu_seconds_total')! > 0);
    const backlog = async () => ((await get('/metrics')) as string).split('\n').find((line) => line.startsWith('svc_log_backlog_records{type="svcdb"'));
    assert.ok(await backlog(), 'the svcdb log reports its backlog');
    // The replay is over: the writer drains its queue (a batch a quarter second) to nothing.
    await waitUntil('the svcdb log has written every record', async () => Number((await backlog())?.split(' ')[1]) === 0, { timeoutMs: 30_000 });
  });

  it('the packet chain is timed one pass in 128, per stage and per plugin tap', async () => {
    const text = (await get('/metrics')) as string;
    const sampled = Math.floor(captures.reduce((sum, entry) => sum + frames(entry), 0) / 128);
    for (const stage of ['decode', 'classify', 'track']) {
      assert.is(seriesValue(text, `svc_packet_chain_stage_duration_seconds_count{stage="${stage}"}`), sampled, stage);
    }
    assert.is(seriesValue(text, 'svc_packet_chain_tap_duration_seconds_count{stage="decode",tap="@svc/plugin-dot11"}'), sampled);
    assert.is(seriesValue(text, 'svc_packet_chain_tap_duration_seconds_count{stage="track",tap="@svc/core:tracker"}'), sampled);
    assert.is(seriesValue(text, 'svc_packet_chain_tap_duration_seconds_count{stage="track",tap="@svc/core:logging"}'), sampled);
    assert.ok(seriesValue(text, 'svc_packet_chain_tap_duration_seconds_sum{stage="classify",tap="@svc/plugin-dot11"}')! > 0);
  });

  it('a websocket client is counted while connected; requests are counted by route and status', async () => {
    const before = (await get('/metrics')) as string;
    const url = new URL('/eventbus/events.ws', svc!.url.replace(/^http/, 'ws'));
    url.search = new URLSearchParams({ user: 'svc', password: svc!.password! }).toString();
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const open = (await get('/metrics')) as string;
    assert.is(seriesValue(open, 'svc_websocket_clients{route="/eventbus/events.ws"}'), 1);
    socket.close();
    await waitUntil('the closed socket is no longer counted', async () => seriesValue((await get('/metrics')) as string, 'svc_websocket_clients{route="/eventbus/events.ws"}') === 0, { timeoutMs: 30_000 });
    const series = 'svc_http_requests_total{route="/datasource/all_sources.json",method="GET",status="200"}';
    const after = (await get('/metrics')) as string;
    assert.ok(seriesValue(after, series)! > (seriesValue(before, series) ?? 0) - 1);
    await get('/datasource/all_sources.json');
    assert.is(seriesValue((await get('/metrics')) as string, series), seriesValue(after, series)! + 1);
  });

  return test;
}

metricsSuite('svc bulk capture and demo scene', [
  { capture: BULK_CAPTURE, name: 'bulk' },
  { capture: DEMO_SCENE_CAPTURE, name: 'demo' },
]).run();
metricsSuite('real captures', [
  { capture: realCapture('synthetic_radiotap_10k_seed1.pcap'), name: 'synthetic' },
  { capture: realCapture('aircrack-ng_test1.pcap'), name: 'test1' },
]).run();
