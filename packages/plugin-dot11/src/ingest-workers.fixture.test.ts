/**
 * The ingest workers (`ingest_threads=`) change nothing: every capture of svc's test data and of
 * the shared data set (802.11 and WIDS captures, when present) is replayed by a `pcapfile` source
 * once with decoding on the main thread and once with two worker threads, and the devices
 * (their whole JSON records), the alerts, the messages and the source's packet counters must
 * be the same. Alerts are not throttled here (throttles count on the server's clock).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '@svc/core';
import { createTestService, realDataFiles, realDataPath, waitUntil } from '@svc/core/testing';
import { eachCapture, ownCaptures, realCaptures, type FixtureCapture } from './fixture-captures.test-helper.js';
import dot11Plugin from './index.js';

/**
 * Fields that hold the server's clock rather than what the capture says (a history's clock is
 * moved to the time it is served).
 */
const SERVER_TIME_FIELDS = new Set(['svc.device.base.mod_time', 'svc.common.rrd.last_time', 'svc.common.rrd.serial_time', 'svc.alert.timestamp', 'svc.messagebus.message_time']);

/** A record with the server-clock fields taken out, for comparing two runs. */
function withoutServerTime(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutServerTime);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !SERVER_TIME_FIELDS.has(key)).map(([key, inner]) => [key, withoutServerTime(inner)]));
}

/**
 * `alert=` lines that let every alert through: throttles count on the server's clock, so a
 * throttled alert would be raised or not depending on how fast the replay ran.
 */
async function unthrottledAlerts(): Promise<string[]> {
  const t = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }) });
  try {
    return t.svc.alerts.definitions().map((definition) => `${String(definition['svc.alert.definition.header'])},1000000/sec,1000000/sec`);
  } finally {
    await t.close();
  }
}
let alertLines: Promise<string[]> | undefined;

/** Everything a replay of `path` leaves behind, with `threads` ingest workers. */
async function replay(path: string, threads: number): Promise<Record<string, unknown>> {
  const config = { ingest_threads: String(threads), alert: await (alertLines ??= unthrottledAlerts()) };
  const t = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }), config });
  try {
    const source = await t.svc.datasources.add(`${path}:name=capture`);
    await waitUntil(`${path} is replayed`, () => source.state === 'error' || source.state === 'closed' || t.svc.messages.all().some((message) => message['svc.messagebus.message_string'].endsWith('has no more data; it stays open')), { timeoutMs: 60_000 });
    const devices = await (await t.request('/devices/views/all/devices.json')).json();
    const alerts = await (await t.request('/alerts/all_alerts.json')).json();
    return {
      devices: withoutServerTime(devices),
      alerts: withoutServerTime(alerts),
      // The same messages; the replay's closing one ("replayed N frames") may come while the
      // workers' last batches are still ahead of the chain, so the order is not compared.
      messages: t.svc.messages.all().map((message) => message['svc.messagebus.message_string']).sort(),
      counters: { packets: source.numPackets, errors: source.numErrorPackets, dropped: source.numDroppedPackets },
    };
  } finally {
    await t.close();
  }
}

function sameInBothModes(capture: Pick<FixtureCapture, 'path'>) {
  return async () => {
    const single = await replay(capture.path, 0);
    const workers = await replay(capture.path, 2);
    assert.ok((single.counters as { packets: number }).packets > 0, 'the capture was replayed');
    assert.equal(workers, single);
  };
}

eachCapture(test, [...ownCaptures({ bulk: true }), ...realCaptures()], 'the same devices, alerts, messages and counters with ingest workers', (capture) => sameInBothModes(capture)());
for (const name of realDataFiles('wids', /\.pcap$/)) {
  eachCapture(test, [{ name: `wids/${name}`, path: realDataPath('wids', name), reference: '', needs: [`wids/${name}`] }], 'the same devices, alerts, messages and counters with ingest workers', (capture) => sameInBothModes(capture)());
}

test.run();
