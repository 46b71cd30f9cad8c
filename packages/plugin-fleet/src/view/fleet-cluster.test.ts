/**
 * The fleet on a three-node NATS cluster (three real `nats-server -js` processes on loopback,
 * routed to each other, the fleet streams kept in three copies): a sensor feeds devices without
 * pause and one node is killed mid-run. The sensor and the fleet view move to the nodes left,
 * which keep a majority, and in the end the view holds every device the sensor tracks with the
 * sensor's packet count: nothing lost, nothing counted twice.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '@svc/core';
import { createTestDatasource, createTestService, testPhyPlugin, waitUntil, type TestService } from '@svc/core/testing';
import fleetPlugin from '../index.js';
import { startNatsCluster, type TestNatsServer } from '../testing/index.js';

type Json = Record<string, any>;
let cluster: TestNatsServer[];
let sensor: TestService;
let view: TestService;

test.before(async () => {
  cluster = await startNatsCluster(3);
  const servers = cluster.map((server) => server.url).join(',');
  const service = (config: Record<string, string>) => createTestService({ plugins: [testPhyPlugin, createTestDatasource().plugin, fleetPlugin], log: createLogger({ write: () => {} }), config: { fleet_replicas: '3', ...config } });
  sensor = await service({ server_name: 'mast', fleet_publish: servers });
  view = await service({ server_name: 'centre', fleet_view: servers });
  await sensor.svc.start();
  await view.svc.start();
});

test.after(async () => {
  await sensor?.close();
  await view?.close();
  for (const server of cluster ?? []) await server.stop();
});

const json = async (t: TestService, path: string) => (await (await t.request(path)).json()) as any;

test('one node of three killed mid-run: the sensor and the view carry on, and the view ends with every device once', async () => {
  const source = await sensor.svc.datasources.add('testsource-1:pps=500,devices=300');
  await waitUntil('the view holds devices', async () => ((await json(view, '/fleet/status.json'))['svc.fleet.view.records'] ?? 0) > 100, { timeoutMs: 60_000 });
  // The node the sensor is connected to: killing it makes the sensor move.
  const connectedPort = Number(/:(\d+)$/.exec(String((await json(sensor, '/fleet/status.json'))['svc.fleet.server']))?.[1]);
  const victim = cluster.find((server) => server.port === connectedPort)!;
  assert.ok(victim, 'the sensor is connected to a node of the cluster');
  await victim.kill();
  const packetsAtKill = source.numPackets;
  await waitUntil('ingest goes on after the kill', () => source.numPackets > packetsAtKill + 1000, { timeoutMs: 30_000 });
  await waitUntil('the sensor has moved to a node left', async () => {
    const status = await json(sensor, '/fleet/status.json');
    return status['svc.fleet.state'] === 'connected' && status['svc.fleet.server'] !== '' && !status['svc.fleet.server'].endsWith(`:${victim.port}`);
  }, { timeoutMs: 30_000 });
  sensor.svc.datasources.pause(source);
  await waitUntil('the sensor has published everything', async () => {
    const status = await json(sensor, '/fleet/status.json');
    return status['svc.fleet.state'] === 'connected' && status['svc.fleet.devices_pending'] === 0 && status['svc.fleet.queued'] === 0 && status['svc.fleet.in_flight'] === 0;
  }, { timeoutMs: 60_000 });

  const tracked = new Map([...sensor.svc.devices.devices()].map((device) => [device.key, device.packetsTotal]));
  assert.is(tracked.size, 300);
  const wrong = async () => {
    const devices = (await json(view, '/devices/views/all/devices.json')) as Json[];
    const problems = devices.length === tracked.size ? [] : [`${devices.length} devices, not ${tracked.size}`];
    for (const device of devices) {
      const key = device['svc.device.base.key'];
      if (device['svc.device.base.packets.total'] !== tracked.get(key)) problems.push(`${key}: ${device['svc.device.base.packets.total']} packets, not ${tracked.get(key)}`);
      if (device['svc.device.base.seenby'].length !== 1) problems.push(`${key}: ${device['svc.device.base.seenby'].length} seen-by entries`);
    }
    return problems;
  };
  let last: string[] = [];
  await waitUntil('the view matches the sensor', async () => (last = await wrong()).length === 0, { timeoutMs: 60_000, detail: () => last.slice(0, 10).join('\n') });
  assert.is((await json(sensor, '/fleet/status.json'))['svc.fleet.dropped'], 0, 'nothing was dropped');
});

test.run();
