/**
 * End-to-end: `svc capture` as a separate process feeding `svc start` over the websocket and
 * over TCP, with the test datasource type loaded on both sides from `@svc/core/testing/plugin`
 * the way a sensor and a server would load a capture plugin. The server is killed and started
 * again on the same port while the tool runs; the tool reconnects and the source re-opens. A
 * tool killed outright leaves its source in error until a new one re-opens the same record.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stableUuid } from '@svc/core';
import { freePort, waitUntil } from '@svc/core/testing';
import { basicAuth, startCapture, startSvc, type SvcProcess } from './svc-process.js';

const configDir = mkdtempSync(join(tmpdir(), 'svc-capture-e2e-'));
const clientDir = mkdtempSync(join(tmpdir(), 'svc-capture-tool-'));
const conf = join(configDir, 'server.conf');
writeFileSync(conf, 'plugin=@svc/core/testing/plugin\nremote_capture_enabled=true\nremote_capture_port=0\n');
const toolConf = join(clientDir, 'tool.conf');
writeFileSync(toolConf, 'plugin=@svc/core/testing/plugin\n');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: SvcProcess;
let auth: string;
let apiKey: string;

test.before(async () => {
  server = await startSvc({ configDir, args: ['--config', conf] });
  auth = basicAuth('svc', server.password!);
  const response = await fetch(`${server.url}/auth/apikey/generate.cmd`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ json: JSON.stringify({ name: 'sensor', role: 'datasource' }) }),
  });
  apiKey = await response.text();
});
test.after(async () => {
  await server.stop();
});

const portOf = (url: string) => Number(new URL(url).port);
async function sourceRecord(name: string): Promise<Record<string, any> | undefined> {
  const response = await fetch(`${server.url}/datasource/all_sources.json`, { headers: { authorization: auth } });
  return ((await response.json()) as Record<string, any>[]).find((source) => source['svc.datasource.name'] === name);
}
/** Polls a server-side condition for up to 15 s; on timeout the error carries the tool's log. */
function waitFor(what: string, condition: () => Promise<boolean>, log: () => string): Promise<void> {
  return waitUntil(what, () => condition().catch(() => false), { timeoutMs: 15_000, intervalMs: 100, detail: () => `the tool logged:\n${log()}` });
}

test('over the websocket: the source appears on the server, survives a server restart, and stops cleanly on SIGTERM', async () => {
  const port = portOf(server.url);
  const tool = startCapture(['--connect', `127.0.0.1:${port}`, '--source', 'testsource-21:pps=200,name=attic', '--config', toolConf, '--config-dir', clientDir], { SVC_APIKEY: apiKey });
  try {
    await waitFor('packets from the tool', async () => ((await sourceRecord('attic'))?.['svc.datasource.num_packets'] ?? 0) > 20, tool.log);
    const record = (await sourceRecord('attic'))!;
    assert.is(record['svc.datasource.uuid'], stableUuid('testsource', 'testsource-21'));
    assert.is(record['svc.datasource.remote'], 1);
    assert.is(record['svc.datasource.remote_ip'], '127.0.0.1');
    assert.is(record['svc.datasource.running'], 1);
    assert.is(record['svc.datasource.hardware'], 'synthetic');
    const devices = await (await fetch(`${server.url}/devices/views/all/devices.json`, { headers: { authorization: auth } })).json();
    assert.ok((devices as unknown[]).length >= 10, 'the packets went through the chain into the tracker');

    await server.stop();
    await sleep(300);
    server = await startSvc({ configDir, port, args: ['--config', conf] });
    await waitFor('the tool to reconnect to the new server', async () => ((await sourceRecord('attic'))?.['svc.datasource.num_packets'] ?? 0) > 20, tool.log);
    assert.match(tool.log(), /reconnecting in \d/);
    assert.is((await sourceRecord('attic'))!['svc.datasource.uuid'], record['svc.datasource.uuid']);

    assert.is(await tool.stop(), 0);
    await waitFor('the server to see the tool stop', async () => (await sourceRecord('attic'))?.['svc.datasource.running'] === 0, tool.log);
    const stopped = (await sourceRecord('attic'))!;
    assert.match(stopped['svc.datasource.error_reason'], /the capture tool shut down: the capture tool is stopping/);
    assert.equal([stopped['svc.datasource.error'], stopped['svc.datasource.error_kind']], [0, ''], 'a clean SIGTERM closes the source; it is not in error');
    const events = await (await fetch(`${server.url}/messagebus/all_messages.json`, { headers: { authorization: auth } })).json() as Record<string, string>[];
    assert.ok(events.some((message) => /datasource attic closed: the capture tool shut down/.test(message['svc.messagebus.message_string']!)));
    assert.not.match(tool.log(), apiKey, 'the API key is not logged');
  } finally {
    await tool.stop();
  }
});

test('over TCP to the plain listener; a killed tool leaves its source in error, and a new one re-opens the same record', async () => {
  const tcpPort = Number(/remote capture \(TCP\) listening on [\d.]+:(\d+)/.exec(server.stderr())?.[1]);
  assert.ok(tcpPort > 0, 'the server reported its TCP listener');
  const args = ['--connect', `127.0.0.1:${tcpPort}`, '--tcp', '--source', 'testsource-22:pps=200,name=shed', '--config', toolConf, '--config-dir', clientDir];
  const killed = startCapture(args);
  await waitFor('packets over TCP', async () => ((await sourceRecord('shed'))?.['svc.datasource.num_packets'] ?? 0) > 20, killed.log);
  const before = (await sourceRecord('shed'))!;
  assert.is(before['svc.datasource.remote'], 1);
  killed.child.kill('SIGKILL');
  await killed.exited;
  await waitFor('the server to notice the dead tool', async () => (await sourceRecord('shed'))?.['svc.datasource.running'] === 0, killed.log);
  assert.match((await sourceRecord('shed'))!['svc.datasource.error_reason'], /remote capture connection closed: TCP connection closed/);
  const counted = (await sourceRecord('shed'))!['svc.datasource.num_packets'] as number;
  const again = startCapture(args);
  try {
    await waitFor('the new tool to re-open the source', async () => {
      const record = await sourceRecord('shed');
      return record?.['svc.datasource.running'] === 1 && record['svc.datasource.num_packets'] > counted + 20;
    }, again.log);
    assert.is((await sourceRecord('shed'))!['svc.datasource.uuid'], before['svc.datasource.uuid']);
  } finally {
    assert.is(await again.stop(), 0);
  }
});

test('a permanent refusal from the server ends the tool with status 2 and the whole reason, without retrying', async () => {
  // This server loads no test datasource plugin, so it does not know the tool's type.
  const bare = await startSvc({ args: [] });
  try {
    const key = await (
      await fetch(`${bare.url}/auth/apikey/generate.cmd`, {
        method: 'POST',
        headers: { authorization: basicAuth('svc', bare.password!), 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'sensor', role: 'datasource' }),
      })
    ).text();
    const tool = startCapture(['--connect', `127.0.0.1:${portOf(bare.url)}`, '--source', 'testsource-24:pps=10', '--config', toolConf, '--config-dir', clientDir], { SVC_APIKEY: key });
    const exit = await Promise.race([tool.exited, sleep(15_000).then(() => 'timeout' as const)]);
    if (exit === 'timeout') await tool.stop();
    assert.is(exit, 2, tool.log());
    assert.match(tool.log(), /svc capture: SVC_ERR_REMOTE_REFUSED: the server cannot take this source: SVC_ERR_NO_DATASOURCE_TYPE: no datasource type 'testsource' \(svc takes remote capture tools of type [^)]*linuxwifi[^)]*\)/);
    assert.not.match(tool.log(), /reconnecting in/);
  } finally {
    await bare.stop();
  }
});

test('bad input ends the tool with a clear message: missing login, bad address, rejected key, nothing listening with --disable-retry', async () => {
  const port = portOf(server.url);
  const base = ['--source', 'testsource-23', '--config', toolConf, '--config-dir', clientDir];
  const cases: { args: string[]; code: number; message: RegExp }[] = [
    { args: ['--connect', `127.0.0.1:${port}`, ...base], code: 2, message: /needs a login: --apikey/ },
    { args: ['--connect', 'no-port-here', '--apikey', apiKey, ...base], code: 2, message: /--connect must be host:port .* got 'no-port-here'/ },
    { args: ['--connect', `127.0.0.1:${port}`, '--apikey', 'WRONGKEY', ...base], code: 1, message: /the server refused the login \(401\)/ },
    { args: ['--connect', `127.0.0.1:${await freePort()}`, '--tcp', '--disable-retry', ...base], code: 1, message: /could not connect to tcp:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED/ },
    { args: ['--connect', `127.0.0.1:${port}`, '--apikey', apiKey, '--source', 'wlan7', '--config', toolConf, '--config-dir', clientDir], code: 2, message: /no datasource type recognised 'wlan7'/ },
  ];
  for (const { args, code, message } of cases) {
    const tool = startCapture(args);
    const exit = await Promise.race([tool.exited, sleep(15_000).then(() => 'timeout' as const)]);
    if (exit === 'timeout') await tool.stop();
    assert.is(exit, code, `${args.join(' ')}\n${tool.log()}`);
    assert.match(tool.log(), message);
    assert.not.match(tool.log(), 'WRONGKEY');
  }
});

test.run();
