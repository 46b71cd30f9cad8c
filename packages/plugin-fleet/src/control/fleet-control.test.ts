/**
 * Control from the centre against a real `nats-server -js`: the fleet view lists each sensor
 * with its sources, and an admin pauses, resumes and retunes a remote source through the
 * ordinary datasource routes of the view; the sensor carries it out and the view answers with
 * the source's new state. A readonly login is refused at the view, a request claiming no admin
 * role is refused at the sensor, and a sensor without `fleet_control` takes no command.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { connect } from '@nats-io/transport-node';
import { createLogger, type Datasource } from '@svc/core';
import { createTestDatasource, createTestService, testPhyPlugin, waitUntil, type TestService } from '@svc/core/testing';
import fleetPlugin from '../index.js';
import { startNatsServer, type TestNatsServer } from '../testing/index.js';

type Json = Record<string, any>;
let server: TestNatsServer;
let controlled: TestService;
let closed: TestService;
let view: TestService;
let mast: Datasource;
let gate: Datasource;

const service = (config: Record<string, string>) => createTestService({ plugins: [testPhyPlugin, createTestDatasource().plugin, fleetPlugin], log: createLogger({ write: () => {} }), config: { fleet_status_interval: '0.2', ...config } });
const uuidOf = (t: TestService, source: Datasource) => t.svc.datasources.record(source)['svc.datasource.uuid'] as string;
/** Posts a command to the view as its admin, or with the cookie of another login. */
async function command(path: string, body: Record<string, unknown> = {}, cookie?: string): Promise<{ status: number; text: string; json: Json }> {
  const response = cookie
    ? await view.request(path, { method: 'POST', auth: false, headers: { cookie: `SVC=${cookie}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    : await view.command(path, body);
  const text = await response.text();
  let json: Json = {};
  try {
    json = JSON.parse(text) as Json;
  } catch {
    // An error answer may be plain text.
  }
  return { status: response.status, text, json };
}

test.before(async () => {
  server = await startNatsServer();
  controlled = await service({ server_name: 'mast', fleet_publish: server.url, fleet_control: 'true' });
  closed = await service({ server_name: 'gate', fleet_publish: server.url });
  view = await service({ server_name: 'centre', fleet_view: server.url });
  for (const t of [controlled, closed, view]) await t.svc.start();
  mast = await controlled.svc.datasources.add('testsource-1:name=mast-radio,pps=20,devices=5');
  gate = await closed.svc.datasources.add('testsource-2:name=gate-radio,pps=20,devices=5');
  await waitUntil('the view lists both sensors with their source and control subject', async () => {
    const nodes = (await (await view.request('/fleet/sensors.json')).json()) as Json[];
    return nodes.length === 2 && nodes.every((node) => node['svc.fleet.sensor.sources'].length === 1) && nodes.some((node) => node['svc.fleet.sensor.status']['svc.fleet.control_subject'] === 'svc.fleetctl.default.mast');
  }, { timeoutMs: 15_000 });
});

test.after(async () => {
  for (const t of [view, controlled, closed]) await t?.close();
  await server?.stop();
});

test('an admin pauses, resumes and retunes a remote source through the datasource routes', async () => {
  const uuid = uuidOf(controlled, mast);
  const paused = await command(`/datasource/by-uuid/${uuid}/pause_source.cmd`);
  assert.is(paused.status, 200, paused.text);
  assert.is(mast.state, 'paused', 'the sensor paused its source');
  assert.is(paused.json['svc.datasource.paused'], 1);
  const resumed = await command(`/datasource/by-uuid/${uuid}/resume_source.cmd`);
  assert.is(resumed.status, 200, resumed.text);
  assert.is(mast.state, 'running');
  const tuned = await command(`/datasource/by-uuid/${uuid}/set_channel.cmd`, { channel: '6' });
  assert.is(tuned.status, 200, tuned.text);
  assert.is(controlled.svc.datasources.record(mast)['svc.datasource.channel'], '6', 'the sensor locked the channel');
  assert.is(tuned.json['svc.datasource.channel'], '6');
  const listed = ((await (await view.request('/fleet/sensors.json')).json()) as Json[]).find((node) => node['svc.fleet.sensor.node'] === 'mast')!;
  assert.is(listed['svc.fleet.sensor.sources'][0]['svc.datasource.channel'], '6', 'the listing shows the new state');
  const unknown = await command('/datasource/by-uuid/00000000-0000-0000-0000-000000000000/pause_source.cmd');
  assert.is(unknown.status, 404, 'a UUID no sensor has is still a 404');
  const other = await command(`/datasource/by-uuid/${uuid}/close_source.cmd`);
  assert.is(other.status, 400, 'only pause, resume and channel commands travel');
  assert.is(mast.state, 'running');
});

test('refused: a readonly login at the view, a non-admin request at the sensor, a sensor without fleet_control', async () => {
  const uuid = uuidOf(controlled, mast);
  const token = await (await view.command('/auth/apikey/generate.cmd', { name: 'ro', role: 'readonly' })).text();
  const readonly = await command(`/datasource/by-uuid/${uuid}/pause_source.cmd`, {}, token);
  assert.is(readonly.status, 403, 'the view refuses a readonly login');
  assert.is(mast.state, 'running');

  const client = await connect({ servers: server.url });
  try {
    const reply = (await client.request('svc.fleetctl.default.mast', JSON.stringify({ command: 'pause_source', uuid, input: {}, user: 'intruder', role: 'readonly' }), { timeout: 5000 })).json<Json>();
    assert.is(reply.error.code, 'SVC_ERR_FORBIDDEN', 'the sensor checks the role again');
    assert.is(mast.state, 'running');
  } finally {
    await client.close();
  }

  const closedSource = await command(`/datasource/by-uuid/${uuidOf(closed, gate)}/pause_source.cmd`);
  assert.is(closedSource.status, 403, closedSource.text);
  assert.match(closedSource.text, 'fleet_control is off');
  assert.is(gate.state, 'running');
});

test.run();
