/**
 * Logging in to a real `nats-server` that asks for credentials: the sensor with the right user
 * and password (or token, or nkey seed) connects and publishes, over TLS only with the CA that signed the
 * server's certificate; with a wrong password it keeps working
 * unconnected, says why, and the password appears nowhere: not in its status, its messages or
 * its log.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nkeys } from '@nats-io/transport-node';
import { createLogger, type MessageRecord } from '@svc/core';
import { createTestService, testPhyPlugin, TestSource, waitUntil, type TestService } from '@svc/core/testing';
import fleetPlugin from '../index.js';
import { FleetSubjects, STATE_STREAM } from '../fleet-subjects.js';
import { readFleetStreams, startNatsServer, type TestNatsServer } from '../testing/index.js';

const PASSWORD = 'correct-horse-battery';
const WRONG = 'wrong-staple-battery';
let server: TestNatsServer;
let tokenServer: TestNatsServer;
let tlsServer: TestNatsServer;
let nkeyServer: TestNatsServer;
const user = nkeys.createUser();
const seedDir = mkdtempSync(join(tmpdir(), 'svc-fleet-nkey-'));
const seedFile = join(seedDir, 'sensor.nk');
const services: TestService[] = [];

test.before(async () => {
  [server, tokenServer, tlsServer, nkeyServer] = await Promise.all([
    startNatsServer({ auth: { user: 'sensor', password: PASSWORD } }),
    startNatsServer({ auth: { token: 'fleet-token-42' } }),
    startNatsServer({ tls: true }),
    startNatsServer({ auth: { nkey: user.getPublicKey() } }),
  ]);
  writeFileSync(seedFile, new TextDecoder().decode(user.getSeed()), { mode: 0o600 });
});

test.after(async () => {
  for (const t of services) await t.close();
  await server?.stop();
  await tokenServer?.stop();
  await tlsServer?.stop();
  await nkeyServer?.stop();
  rmSync(seedDir, { recursive: true, force: true });
});

/** A sensor with `config`, its log and messages captured. */
async function sensor(config: Record<string, string>) {
  const logged: string[] = [];
  const t = await createTestService({ plugins: [testPhyPlugin, fleetPlugin], log: createLogger({ level: 'debug', write: (line) => void logged.push(line) }), config: { server_name: 'gate', ...config } });
  services.push(t);
  const posted: string[] = [];
  t.svc.events.subscribe('MESSAGE', (_topic, record) => void posted.push((record as MessageRecord)['svc.messagebus.message_string']));
  await t.svc.start();
  const status = async () => (await (await t.request('/fleet/status.json')).json()) as Record<string, any>;
  return { t, logged, posted, status };
}

test('with the right user and password the sensor connects and publishes', async () => {
  const { t, status } = await sensor({ fleet_publish: server.url, fleet_user: 'sensor', fleet_password: PASSWORD });
  await waitUntil('connected', async () => (await status())['svc.fleet.state'] === 'connected', { timeoutMs: 10_000 });
  new TestSource(t.svc).send({ mac: '02:00:00:00:00:0A' });
  const reader = await readFleetStreams(server.url, { user: 'sensor', pass: PASSWORD });
  try {
    await waitUntil('the device is stored', async () => Object.keys(await reader.subjects(STATE_STREAM, `${new FleetSubjects('default', 'gate').base}.device.>`)).length === 1, { timeoutMs: 10_000 });
  } finally {
    await reader.close();
  }
});

test('with a token the sensor connects', async () => {
  const { status } = await sensor({ fleet_publish: tokenServer.url, fleet_token: 'fleet-token-42' });
  await waitUntil('connected', async () => (await status())['svc.fleet.state'] === 'connected', { timeoutMs: 10_000 });
});

test('with the nkey seed of a user the server knows, the sensor connects', async () => {
  const { status } = await sensor({ fleet_publish: nkeyServer.url, fleet_nkey_seed: seedFile });
  await waitUntil('connected', async () => (await status())['svc.fleet.state'] === 'connected', { timeoutMs: 10_000 });
  const stranger = await sensor({ fleet_publish: nkeyServer.url });
  await waitUntil('the first attempt fails', async () => (await stranger.status())['svc.fleet.failures'] > 0, { timeoutMs: 10_000 });
  assert.is.not((await stranger.status())['svc.fleet.state'], 'connected');
});

test("over TLS the sensor checks the server's certificate: with the CA it connects, without it it does not", async () => {
  const trusting = await sensor({ fleet_publish: tlsServer.url, fleet_tls_ca: tlsServer.caFile! });
  await waitUntil('connected over TLS', async () => (await trusting.status())['svc.fleet.state'] === 'connected', { timeoutMs: 10_000 });
  const doubting = await sensor({ fleet_publish: tlsServer.url });
  await waitUntil('the first attempt fails', async () => (await doubting.status())['svc.fleet.failures'] > 0, { timeoutMs: 10_000 });
  assert.is.not((await doubting.status())['svc.fleet.state'], 'connected');
});

test('with a wrong password the sensor keeps running unconnected, and the password is never shown', async () => {
  const { t, logged, posted, status } = await sensor({ fleet_publish: server.url, fleet_user: 'sensor', fleet_password: WRONG });
  new TestSource(t.svc).send({ mac: '02:00:00:00:00:0B' });
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const record = await status();
  assert.is.not(record['svc.fleet.state'], 'connected');
  assert.is(t.svc.devices.size, 1, 'the sensor keeps tracking');
  const everything = [JSON.stringify(record), ...posted, ...logged, await (await t.request('/metrics')).text()].join('\n');
  assert.not.ok(everything.includes(WRONG), 'the password appears nowhere');
});

test.run();
