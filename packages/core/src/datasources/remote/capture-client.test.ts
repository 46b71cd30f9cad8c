/**
 * The capture tool against a real server over real sockets: svc's remote capture server on one
 * side, the tool with its own test datasource type on the other (two harnesses, as two hosts
 * would have). Covers both transports, channel control, the tool stopping, a dropped connection
 * (cut by a TCP proxy) re-established with the same source, a rejected login, a source that
 * cannot open, and a silent server.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../../logger.js';
import { Registry } from '../../registry.js';
import { createTestDatasource, createTestService, freePort, remoteCapturePort, testPhyPlugin, waitUntil, type TestService } from '../../testing/index.js';
import type { DatasourceTypeDefinition } from '../datasource-type.js';
import { runCaptureClient, type CaptureClientOptions } from './capture-client.js';
import type { CaptureClientSession } from './capture-client-session.js';
import type { ClientTarget } from './client-transport.js';

const quiet = createLogger({ write: () => {} });
const server = createTestDatasource();
let t: TestService;
let httpPort: number;
let tcpPort: number;
let apiKey: string;

test.before(async () => {
  t = await createTestService({
    plugins: [testPhyPlugin, server.plugin],
    config: { remote_capture_enabled: 'true', remote_capture_port: '0' },
    log: quiet,
  });
  httpPort = Number(new URL((await t.svc.start()).url).port);
  tcpPort = remoteCapturePort(t.svc.messages);
  apiKey = await (await t.command('/auth/apikey/generate.cmd', { name: 'sensor', role: 'datasource' })).text();
});
test.after(async () => t.close());

/** The tool's host: its own test datasource type. */
function toolHost() {
  const harness = createTestDatasource();
  const types = new Registry<DatasourceTypeDefinition>('datasource type');
  types.add(harness.type);
  return { harness, types };
}

/** Runs a tool until the returned stop() is called; collects its log lines. */
function runTool(options: Partial<CaptureClientOptions> & { target: ClientTarget; source: string; types: Registry<DatasourceTypeDefinition> }) {
  const controller = new AbortController();
  const lines: string[] = [];
  const sessions: CaptureClientSession[] = [];
  const done = runCaptureClient({
    log: createLogger({ level: 'debug', write: (line) => lines.push(line) }),
    signal: controller.signal,
    backoff: { firstMs: 50, maxMs: 200 },
    onSession: (session) => sessions.push(session),
    ...options,
  });
  done.catch(() => {});
  return { done, lines, sessions, stop: () => controller.abort() };
}

const ws = (): ClientTarget => ({ host: '127.0.0.1', port: httpPort, transport: 'websocket', apiKey });
const tcp = (port = tcpPort): ClientTarget => ({ host: '127.0.0.1', port, transport: 'tcp' });
const sourceOf = (uuid: string) => t.svc.datasources.get(uuid);

/** The UUID the tool announced for its (only) source. */
function stableOf(harness: ReturnType<typeof createTestDatasource>): string {
  const uuid = t.svc.datasources.list().map((source) => source.uuid).find((candidate) => harness.opens(candidate) > 0);
  return uuid ?? '';
}

test('websocket: the server opens the announced source, packets flow, channels are set on the tool, stopping ends it cleanly', async () => {
  const { harness, types } = toolHost();
  const tool = runTool({ target: ws(), source: 'testsource-11:name=attic,channel_hop=false', types });
  await waitUntil('the source to open', () => sourceOf(stableOf(harness))?.state === 'running');
  const uuid = stableOf(harness);
  const source = sourceOf(uuid)!;
  assert.is(source.remote, true);
  assert.is(source.name, 'attic');
  assert.is(source.info.hardware, 'synthetic');
  assert.equal(source.channels, ['1', '6', '11']);
  harness.capture(uuid)!.emit(500);
  await waitUntil('500 packets on the server', () => source.numPackets === 500);
  assert.is(tool.sessions[0]!.sent, 500);
  await t.svc.datasources.setChannel(source, { channel: '6' });
  assert.equal(harness.capture(uuid)!.tunes, ['6']);
  assert.is(source.channel, '6');
  try {
    await t.svc.datasources.setChannel(source, { channel: '7' });
    assert.unreachable('tuned to an unsupported channel');
  } catch (error) {
    assert.match((error as Error).message, /does not support channel '7'/);
  }
  tool.stop();
  await tool.done;
  await waitUntil('the server to see the tool go', () => source.state === 'closed');
  assert.match(source.errorReason, /the capture tool shut down: the capture tool is stopping/);
  assert.ok(harness.capture(uuid)!.closed, 'the local capture was closed');
});

test('TCP: the same protocol over the plain listener', async () => {
  const { harness, types } = toolHost();
  const tool = runTool({ target: tcp(), source: 'testsource-12:channel_hop=false', types });
  await waitUntil('the source to open', () => sourceOf(stableOf(harness))?.state === 'running');
  const source = sourceOf(stableOf(harness))!;
  assert.is(source.remoteIp, '127.0.0.1');
  harness.capture(source.uuid)!.emit(2000);
  await waitUntil('2000 packets', () => source.numPackets === 2000);
  tool.stop();
  await tool.done;
});

test('a dropped connection is re-established with a back-off; the same source re-opens and counts on', async () => {
  const proxy = await tcpProxy(tcpPort);
  const { harness, types } = toolHost();
  const tool = runTool({ target: tcp(proxy.port), source: 'testsource-13:channel_hop=false', types });
  await waitUntil('the source to open', () => sourceOf(stableOf(harness))?.state === 'running');
  const uuid = stableOf(harness);
  const source = sourceOf(uuid)!;
  harness.capture(uuid)!.emit(100);
  await waitUntil('100 packets', () => source.numPackets === 100);
  proxy.cut();
  await waitUntil('the server to notice', () => source.state === 'error');
  assert.match(source.errorReason, /remote capture connection closed/);
  await waitUntil('the tool to reconnect and re-open', () => source.state === 'running' && harness.opens(uuid) === 2);
  assert.ok(tool.lines.some((line) => /the server closed the connection; reconnecting in 0\.05 s/.test(line)), tool.lines.join('\n'));
  assert.is(sourceOf(uuid), source, 'the same record');
  harness.capture(uuid)!.emit(100);
  await waitUntil('200 packets', () => source.numPackets === 200);
  tool.stop();
  await tool.done;
  await proxy.close();
});

test('a rejected login ends the tool at once; with retry off a refused connection does too', async () => {
  const { types } = toolHost();
  const rejected = runTool({ target: { ...ws(), apiKey: 'not-a-key' }, source: 'testsource-14', types });
  try {
    await rejected.done;
    assert.unreachable('connected');
  } catch (error) {
    assert.match((error as Error).message, /the server refused the login \(401\)/);
  }
  const unused = await freePort();
  const refused = runTool({ target: tcp(unused), source: 'testsource-14', types, retry: false });
  try {
    await refused.done;
    assert.unreachable('connected');
  } catch (error) {
    assert.match((error as Error).message, new RegExp(`could not connect to tcp://127\\.0\\.0\\.1:${unused}: .*ECONNREFUSED.*not reconnecting`));
  }
});

test('a source the tool cannot open puts the server record in error with the reason; a definition no type knows fails before connecting', async () => {
  const { types } = toolHost();
  const tool = runTool({ target: ws(), source: 'testsource-15:fail=open', types, retry: false });
  try {
    await tool.done;
    assert.unreachable('opened');
  } catch (error) {
    assert.match((error as Error).message, /could not open testsource-15:fail=open: the test source was told to fail to open/);
  }
  const record = t.svc.datasources.list().find((source) => source.definition.interface === 'testsource-15');
  assert.ok(record);
  await waitUntil('the record in error', () => record!.state === 'error');
  assert.match(record!.errorReason, /told to fail to open|remote capture connection closed/);
  try {
    await runCaptureClient({ target: ws(), source: 'wlan9', types, log: quiet });
    assert.unreachable('resolved');
  } catch (error) {
    assert.match((error as Error).message, /no datasource type recognised 'wlan9' \(asked: testsource\)/);
  }
});

test('a server that goes silent (no PING) is dropped after the silence limit', async () => {
  const silent = createServer((socket) => socket.on('data', () => {}));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { types } = toolHost();
  const tool = runTool({ target: tcp((silent.address() as { port: number }).port), source: 'testsource-16', types, retry: false, silenceLimitMs: 300 });
  try {
    await tool.done;
    assert.unreachable('kept going');
  } catch (error) {
    assert.match((error as Error).message, /the server sent nothing \(no PING\) for 0\.3 s/);
  }
  await new Promise((resolve) => silent.close(resolve));
});

/** A TCP proxy whose connections can be cut, to drop a connection the way a network does. */
async function tcpProxy(target: number): Promise<{ port: number; cut(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const proxy: Server = createServer((inbound) => {
    const outbound = connect(target, '127.0.0.1');
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        inbound.destroy();
        outbound.destroy();
      });
    }
    inbound.pipe(outbound);
    outbound.pipe(inbound);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as { port: number }).port,
    cut: () => sockets.forEach((socket) => socket.destroy()),
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

test('over TCP to a listener with remote_capture_key, the tool sends its --apikey as the shared key first; without it the server refuses for good', async () => {
  const keyed = await createTestService({
    plugins: [testPhyPlugin, createTestDatasource().plugin],
    config: { remote_capture_enabled: 'true', remote_capture_port: '0', remote_capture_key: 'tcp-shared-key' },
    log: quiet,
  });
  try {
    await keyed.svc.start();
    const port = Number(/:(\d+)$/.exec(keyed.svc.messages.all().map((m) => String(m['svc.messagebus.message_string'])).find((text) => text.startsWith('remote capture (TCP) listening'))!)?.[1]);
    const { types } = toolHost();
    const keyless = runTool({ target: tcp(port), source: 'testsource-17:name=nokey', types });
    try {
      await keyless.done;
      assert.unreachable('the keyless tool was accepted');
    } catch (error) {
      assert.is((error as { code?: string }).code, 'SVC_ERR_REMOTE_REFUSED');
      assert.match((error as Error).message, 'needs its shared key (remote_capture_key)');
    }
    const keyedTool = runTool({ target: { ...tcp(port), apiKey: 'tcp-shared-key' }, source: 'testsource-18:name=withkey', types });
    await waitUntil('the keyed source opens', () => keyed.svc.datasources.list().some((source) => source.name === 'withkey' && source.running));
    keyedTool.stop();
    await keyedTool.done;
    assert.not.ok(keyedTool.lines.some((line) => line.includes('tcp-shared-key')), 'the key is not logged');
  } finally {
    await keyed.close();
  }
});

test.run();
