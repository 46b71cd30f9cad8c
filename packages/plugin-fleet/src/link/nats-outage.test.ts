/**
 * NATS killed mid-ingest and started again with its storage: a test source feeds devices without
 * pause while `nats-server` is killed with SIGKILL. The sensor must keep ingesting, keep at most
 * `fleet_backlog_max` messages (dropping the oldest, each drop counted in its status and on
 * `/metrics`), reconnect by itself once the server is back, and then deliver the devices' latest
 * records and every alert it kept, each stored once: the alert stream ends up holding exactly the
 * alerts raised less those counted as dropped.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, type MessageRecord } from '@svc/core';
import { createTestDatasource, createTestService, promtoolCheck, seriesValue, testPhyPlugin, waitUntil, type TestService } from '@svc/core/testing';
import fleetPlugin from '../index.js';
import { ALERT_STREAM, FleetSubjects, STATE_STREAM } from '../fleet-subjects.js';
import { readFleetStreams, startNatsServer, type TestNatsServer } from '../testing/index.js';

const BACKLOG_MAX = 20;
let server: TestNatsServer;
let t: TestService;
const subjects = new FleetSubjects('default', 'lab');

test.before(async () => {
  server = await startNatsServer();
  t = await createTestService({
    plugins: [testPhyPlugin, createTestDatasource().plugin, fleetPlugin],
    log: createLogger({ write: () => {} }),
    // Statuses rarely, so the backlog holds the alerts the test counts.
    config: { server_name: 'lab', fleet_publish: server.url, fleet_backlog_max: String(BACKLOG_MAX), fleet_status_interval: '3600' },
  });
  await t.svc.start();
});

test.after(async () => {
  await t?.close();
  await server?.stop();
});

type Json = Record<string, any>;
const status = async () => (await (await t.request('/fleet/status.json')).json()) as Json;

test('killed and restarted mid-ingest: ingest goes on, the backlog stays at its bound, drops are counted, nothing is lost or stored twice', async () => {
  const posted: string[] = [];
  t.svc.events.subscribe('MESSAGE', (_topic, record) => void posted.push((record as MessageRecord)['svc.messagebus.message_string']));
  t.svc.alerts.define({ name: 'OUTAGE', description: 'raised around the outage', throttle: '1000/sec', burst: '1000/sec', severity: 10 });
  const source = await t.svc.datasources.add('testsource-1:pps=1000,devices=100');
  await waitUntil('the sensor publishes devices', async () => (await status())['svc.fleet.devices_sent'] >= 100, { timeoutMs: 15_000 });
  for (let i = 0; i < 10; i++) t.svc.alerts.raise({ name: 'OUTAGE', text: `before ${i}` });
  await waitUntil('the alerts before the outage are stored', async () => (await status())['svc.fleet.queued'] + (await status())['svc.fleet.in_flight'] === 0, { timeoutMs: 10_000 });

  await server.kill();
  await waitUntil('the sensor notices NATS is gone', async () => (await status())['svc.fleet.state'] !== 'connected', { timeoutMs: 10_000 });
  const packetsAtKill = source.numPackets;
  const depths: number[] = [];
  for (let i = 0; i < 100; i++) {
    t.svc.alerts.raise({ name: 'OUTAGE', text: `during ${i}` });
    if (i % 10 === 0) depths.push((await status())['svc.fleet.queued']);
  }
  await waitUntil('ingest goes on while NATS is away', () => source.numPackets > packetsAtKill + 500, { timeoutMs: 30_000 });
  const down = await status();
  for (const depth of [...depths, down['svc.fleet.queued']]) assert.ok(depth <= BACKLOG_MAX, `the backlog holds ${depth} messages, at most ${BACKLOG_MAX}`);
  assert.is(down['svc.fleet.queued'], BACKLOG_MAX, 'the backlog is full');
  assert.is(down['svc.fleet.dropped'], 100 - BACKLOG_MAX, 'every alert not kept is counted as dropped');
  assert.ok(down['svc.fleet.devices_pending'] > 0, 'changed devices wait outside the backlog');
  const metrics = await (await t.request('/metrics')).text();
  assert.is(promtoolCheck(metrics).status, 0, promtoolCheck(metrics).output);
  assert.is(seriesValue(metrics, 'svc_fleet_connected'), 0, '/metrics says NATS is away');
  assert.is(seriesValue(metrics, 'svc_fleet_dropped_total'), down['svc.fleet.dropped'], '/metrics counts the drops');
  assert.is(seriesValue(metrics, 'svc_fleet_backlog_messages'), BACKLOG_MAX);

  await server.restart();
  await waitUntil('the sensor reconnects and drains its backlog', async () => {
    const record = await status();
    return record['svc.fleet.state'] === 'connected' && record['svc.fleet.queued'] === 0 && record['svc.fleet.in_flight'] === 0;
  }, { timeoutMs: 30_000 });
  t.svc.datasources.pause(source);
  await new Promise((resolve) => setTimeout(resolve, 200));
  await waitUntil('every changed device is published', async () => {
    const record = await status();
    return record['svc.fleet.devices_pending'] === 0 && record['svc.fleet.queued'] === 0 && record['svc.fleet.in_flight'] === 0;
  }, { timeoutMs: 15_000 });

  const reader = await readFleetStreams(server.url);
  try {
    const alerts = await reader.subjects(ALERT_STREAM);
    assert.is((await status())['svc.fleet.dropped'], 100 - BACKLOG_MAX, 'nothing more was dropped on the way back');
    assert.is(alerts[subjects.alert], 10 + BACKLOG_MAX, 'the alert stream holds every alert kept, each once');
    const stored = await reader.subjects(STATE_STREAM, `${subjects.base}.device.>`);
    const devices = [...t.svc.devices.devices()];
    assert.is(Object.keys(stored).length, devices.length, 'every device the sensor tracks is in the stream');
    for (const device of devices) {
      const message = await reader.last(STATE_STREAM, subjects.device(device.phyname, device.key));
      assert.is(message?.device['svc.device.base.packets.total'], device.packetsTotal, `${device.key} has its latest record`);
    }
  } finally {
    await reader.close();
  }
  assert.is((await status())['svc.fleet.connections'], 2);
  assert.ok(posted.some((text) => /^fleet: lost the connection to NATS at /.test(text)), 'the loss is reported');
  assert.ok(posted.some((text) => /^fleet: connected to NATS at .* again; /.test(text)), 'the return is reported');
});

test('a sensor started while NATS is down tracks meanwhile, connects when it comes, and publishes what it tracked', async () => {
  await server.kill();
  const late = await createTestService({
    plugins: [testPhyPlugin, createTestDatasource().plugin, fleetPlugin],
    log: createLogger({ write: () => {} }),
    config: { server_name: 'late', fleet_publish: server.url },
  });
  try {
    await late.svc.start();
    const lateStatus = async () => (await (await late.request('/fleet/status.json')).json()) as Json;
    await waitUntil('the first attempt fails', async () => (await lateStatus())['svc.fleet.failures'] > 0, { timeoutMs: 10_000 });
    const source = await late.svc.datasources.add('testsource-2:pps=200,devices=20');
    await waitUntil('devices are tracked', () => late.svc.devices.size === 20, { timeoutMs: 10_000 });
    late.svc.datasources.pause(source);
    assert.is((await lateStatus())['svc.fleet.state'], 'connecting');
    await server.restart();
    await waitUntil('connected, every device published', async () => {
      const record = await lateStatus();
      return record['svc.fleet.state'] === 'connected' && record['svc.fleet.devices_pending'] === 0 && record['svc.fleet.in_flight'] === 0;
    }, { timeoutMs: 40_000 });
    const reader = await readFleetStreams(server.url);
    try {
      assert.is(Object.keys(await reader.subjects(STATE_STREAM, `${new FleetSubjects('default', 'late').base}.device.>`)).length, 20);
    } finally {
      await reader.close();
    }
  } finally {
    await late.close();
  }
});

test.run();
