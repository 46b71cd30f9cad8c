/**
 * Remote capture end to end: a real server, real websocket and TCP clients that speak frames
 * assembled by hand from kismet-reference.md section 6 (not with svc's encoder), playing the
 * part of Kismet's capture tools.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { createLogger } from '../../logger.js';
import { createTestDatasource, createTestService, testPhyPlugin, waitUntil, type TestService } from '../../testing/index.js';
import { remoteCapturePort, tcpKismetTool, websocketKismetTool, type KismetTool } from '../../testing/kismet-tool.js';
import { mp, readWireHeader, wireFrame } from '../../testing/kismet-wire.js';
import { RemoteSession } from './remote-session.js';

const UUID = '8A1C3E20-0000-4000-8000-0000000000AA';
const TCP_UUID = '8A1C3E20-0000-4000-8000-0000000000BB';
let t: TestService;
let base: string;
let tcpPort: number;
let token: string;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.before(async () => {
  t = await createTestService({
    plugins: [testPhyPlugin, createTestDatasource().plugin],
    config: { remote_capture_enabled: 'true', remote_capture_port: '0' },
    log: createLogger({ write: () => {} }),
  });
  base = (await t.svc.start()).url;
  tcpPort = remoteCapturePort(t.svc.messages);
  token = await (await t.command('/auth/apikey/generate.cmd', { name: 'sensor', role: 'datasource' })).text();
});
test.after(async () => t.close());

const websocketTool = (query = `SVC=${token}`) => websocketKismetTool(base, query);
const tcpTool = (port = tcpPort) => tcpKismetTool(port);

const newsource = (uuid: string, name: string) => wireFrame(19, 1, mp.map([[1, mp.str(`testsource-9:name=${name},channel_hop=false`)], [2, mp.str('testsource')], [3, mp.str(uuid)]]));
const openreport = (seqno: number, uuid: string) =>
  wireFrame(
    13,
    seqno,
    mp.map([
      [1, mp.uint(seqno)],
      [2, mp.uint(0)],
      [3, mp.str('remote0')],
      [4, mp.array([mp.str('1'), mp.str('6')])],
      [5, mp.str('1')],
      [7, mp.str('remote-radio')],
      [8, mp.str(uuid)],
      [10, mp.str('tool-1.0')],
    ]),
  );
const report = (n: number) =>
  wireFrame(16, 100 + n, mp.map([[5, mp.map([[1, mp.str('TESTPHY')], [2, mp.uint(1_700_000_000)], [3, mp.uint(0)], [4, mp.str(`{"mac":"02:00:00:AA:00:0${n}","name":"remote-${n}"}`)]])]]));
const record = async (uuid: string) => (await (await t.request(`/datasource/by-uuid/${uuid}/source.json`)).json()) as Record<string, any>;

/** Announces a source and answers the server's OPENREQ. */
async function handshake(tool: KismetTool, uuid: string, name: string): Promise<void> {
  tool.send(newsource(uuid, name));
  const openreq = await tool.next(12);
  const header = readWireHeader(openreq.bytes);
  assert.equal({ signature: header.signature, sentinel: header.sentinel, version: header.version, code: header.code }, { signature: 0xdecafbad, sentinel: 0xa9a9, version: 3, code: 1 });
  assert.is(header.length, openreq.bytes.length - 20);
  assert.is(openreq.frame.body.get(1), `testsource-9:name=${name},channel_hop=false`);
  tool.send(openreport(header.seqno, uuid));
  await waitUntil('the source to open', async () => (await record(uuid))['svc.datasource.running'] === 1);
}

test('websocket: NEWSOURCE -> OPENREQ -> OPENREPORT -> PACKET; PING/PONG; CONFIGREQ for channels', async () => {
  const tool = await websocketTool();
  await handshake(tool, UUID, 'roof');
  const opened = await record(UUID);
  assert.is(opened['svc.datasource.remote'], 1);
  assert.is(opened['svc.datasource.name'], 'roof');
  assert.is(opened['svc.datasource.capture_interface'], 'remote0');
  assert.equal(opened['svc.datasource.channels'], ['1', '6']);
  assert.is(opened['svc.datasource.hardware'], 'remote-radio');
  assert.is(opened['svc.datasource.datasource_version'], 'tool-1.0');
  assert.is(opened['svc.datasource.remote_ip'], '127.0.0.1');

  for (const n of [1, 2, 3]) tool.send(report(n));
  await waitUntil('3 packets', async () => (await record(UUID))['svc.datasource.num_packets'] === 3);
  assert.ok(t.svc.devices.byMac(0x020000aa0002).length === 1, 'the packets reached the tracker');

  tool.send(wireFrame(2, 55, mp.map([])));
  const pong = await tool.next(3);
  assert.is(readWireHeader(pong.bytes).seqno, 55, 'PONG carries the PING seqno');

  const setChannel = t.command(`/datasource/by-uuid/${UUID}/set_channel.cmd`, { channel: '6' });
  const configreq = await tool.next(17);
  assert.is(configreq.frame.body.get(1), '6');
  const seqno = readWireHeader(configreq.bytes).seqno;
  tool.send(wireFrame(18, seqno, mp.map([[1, mp.uint(seqno)], [2, mp.str('6')]])));
  const answered = await setChannel;
  assert.is(answered.status, 200);
  assert.is(((await answered.json()) as Record<string, unknown>)['svc.datasource.channel'], '6');
  tool.end();
  await tool.closed;
});

test('a malformed frame closes that connection only; the same UUID reconnecting re-opens the same source', async () => {
  const bystander = await tcpTool();
  await handshake(bystander, TCP_UUID, 'bystander');
  const tool = await websocketTool();
  await handshake(tool, UUID, 'roof');
  const number = (await record(UUID))['svc.datasource.source_number'];
  tool.send(Buffer.from('definitely not a frame'));
  await tool.closed;
  await waitUntil('the error', async () => (await record(UUID))['svc.datasource.error'] === 1);
  assert.match((await record(UUID))['svc.datasource.error_reason'], /remote capture connection closed/);
  assert.is((await record(TCP_UUID))['svc.datasource.running'], 1, 'the other connection is untouched');
  bystander.send(report(4));
  await waitUntil('the bystander packet', async () => (await record(TCP_UUID))['svc.datasource.num_packets'] === 1);

  const again = await websocketTool();
  await handshake(again, UUID, 'roof');
  const reopened = await record(UUID);
  assert.is(reopened['svc.datasource.source_number'], number, 'same record');
  assert.is(reopened['svc.datasource.error'], 0);
  again.end();
  bystander.end();
  await bystander.closed;
  await waitUntil('the TCP source error', async () => (await record(TCP_UUID))['svc.datasource.running'] === 0);
});

test('TCP frames may arrive in pieces; closing a remote source ends its connection', async () => {
  const tool = await tcpTool();
  const bytes = newsource(TCP_UUID, 'pieces');
  tool.socket.write(bytes.subarray(0, 7));
  await sleep(20);
  tool.socket.write(bytes.subarray(7));
  const openreq = await tool.next(12);
  tool.send(openreport(readWireHeader(openreq.bytes).seqno, TCP_UUID));
  await waitUntil('open', async () => (await record(TCP_UUID))['svc.datasource.running'] === 1);
  assert.is((await t.command(`/datasource/by-uuid/${TCP_UUID}/close_source.cmd`, {})).status, 200);
  await tool.closed;
  assert.is((await record(TCP_UUID))['svc.datasource.running'], 0);
});

test('packets a tool sends right behind OPENREPORT, in the same TCP write, are all kept', async () => {
  const uuid = '8A1C3E20-0000-4000-8000-0000000000E1';
  const tool = await tcpTool();
  tool.send(newsource(uuid, 'eager'));
  const seqno = readWireHeader((await tool.next(12)).bytes).seqno;
  tool.socket.write(Buffer.concat([openreport(seqno, uuid), report(5), report(6)]));
  await waitUntil('both packets', async () => (await record(uuid))['svc.datasource.num_packets'] === 2);
  assert.ok(t.svc.devices.byMac(0x020000aa0005).length === 1 && t.svc.devices.byMac(0x020000aa0006).length === 1);
  tool.end();
  await tool.closed;
});

test('a tool of a type svc does not have (Kismet\'s ticc2531) is refused with ERROR naming it and the types svc takes; nothing is created', async () => {
  const sources = t.svc.datasources.list().length;
  const tool = await tcpTool();
  tool.send(wireFrame(19, 1, mp.map([[1, mp.str('ticc2531-0')], [2, mp.str('ticc2531')], [3, mp.str('5A3B0C11-0000-0000-0000-000000000000')]])));
  const refusal = String((await tool.next(6)).frame.body.get(1));
  assert.is(refusal, "the server cannot take this source: SVC_ERR_NO_DATASOURCE_TYPE: no datasource type 'ticc2531' (svc takes remote capture tools of type testsource)");
  await tool.closed;
  assert.is(t.svc.datasources.list().length, sources);
  const posted = t.svc.messages.all().map((m) => String(m['svc.messagebus.message_string']));
  assert.ok(posted.some((text) => text === `remote capture from 127.0.0.1 (ticc2531 'ticc2531-0'): ${refusal}`), 'the refusal is on the message bus');
});

test('remotesource.ws needs the datasource role (or admin): none is 401, readonly is 403', async () => {
  const readonly = await (await t.command('/auth/apikey/generate.cmd', { name: 'viewer', role: 'readonly' })).text();
  const status = (query: string) =>
    new Promise<number>((resolve) => {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/datasource/remote/remotesource.ws${query}`);
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('open', () => {
        socket.close();
        resolve(101);
      });
      socket.once('error', () => {});
    });
  assert.is(await status(''), 401);
  assert.is(await status(`?SVC=${readonly}`), 403);
  assert.is(await status(`?SVC=${token}`), 101);
});

test('a tool that never announces a source, or stops answering pings, is disconnected', async () => {
  const reasons: string[] = [];
  const transport = { remoteIp: '192.0.2.1', sent: [] as Buffer[], send(frame: Buffer) { this.sent.push(frame); }, close: (reason: string) => reasons.push(reason) };
  const silent = new RemoteSession(transport, t.svc.datasources, t.svc.messages, t.svc.log, { newsourceMs: 30, pingMs: 1000, pongTimeoutMs: 5000 });
  await sleep(60);
  assert.match(reasons[0] ?? '', /did not announce a datasource/);
  silent.transportClosed('test over');

  const quiet = new RemoteSession(transport, t.svc.datasources, t.svc.messages, t.svc.log, { newsourceMs: 1000, pingMs: 20, pongTimeoutMs: 50 });
  await sleep(120);
  assert.ok(transport.sent.some((frame) => readWireHeader(frame).type === 2), 'the server pings');
  assert.match(reasons[1] ?? '', /did not get a ping response/);
  quiet.transportClosed('test over');
});

test('a NEWSOURCE over plain TCP cannot take over a local source: it is refused with an ERROR frame and the local source runs on', async () => {
  const local = (await (await t.command('/datasource/add_source.cmd', { definition: 'testsource-31:name=local-one' })).json()) as Record<string, any>;
  const localUuid = local['svc.datasource.uuid'];
  const intruder = await tcpTool();
  intruder.send(newsource(localUuid, 'hijacker'));
  const refusal = await intruder.next(6);
  assert.match(String(refusal.frame.body.get(1)), `the server cannot take this source: SVC_ERR_CONFLICT: UUID ${localUuid} belongs to the local datasource local-one; a remote capture tool may only use a free UUID or one of a remote source`);
  await intruder.closed;
  const after = await record(localUuid);
  assert.equal([after['svc.datasource.name'], after['svc.datasource.remote'], after['svc.datasource.running'], after['svc.datasource.definition']], ['local-one', 0, 1, 'testsource-31:name=local-one']);
});

test('remote sources are capped (a new one past the cap is told to come back later) and forgotten once their tool has been gone a while', async () => {
  const capped = await createTestService({
    plugins: [testPhyPlugin, createTestDatasource().plugin],
    config: { remote_capture_enabled: 'true', remote_capture_port: '0', remote_capture_max_sources: '2', remote_capture_forget_after: '0.4' },
    log: createLogger({ write: () => {} }),
  });
  try {
    await capped.svc.start();
    const port = remoteCapturePort(capped.svc.messages);
    const tools: KismetTool[] = [];
    const connectTool = async () => {
      const tool = await tcpTool(port);
      tools.push(tool);
      return tool;
    };
    const uuids = ['8A1C3E20-0000-4000-8000-0000000000C1', '8A1C3E20-0000-4000-8000-0000000000C2', '8A1C3E20-0000-4000-8000-0000000000C3'];
    for (const uuid of uuids.slice(0, 2)) {
      const tool = await connectTool();
      tool.send(newsource(uuid, uuid.slice(-2)));
      await tool.next(12);
    }
    const third = await connectTool();
    third.send(newsource(uuids[2]!, 'C3'));
    const shutdown = await third.next(4);
    assert.match(String(shutdown.frame.body.get(1)), /SVC_ERR_TOO_MANY_SOURCES: the server holds 2 remote sources, its limit \(remote_capture_max_sources\)/);
    assert.is(capped.svc.datasources.list().length, 2);
    for (const tool of tools) tool.end();
    await waitUntil('the gone remote sources are forgotten', () => capped.svc.datasources.list().length === 0, { timeoutMs: 5000 });
    const again = await connectTool();
    again.send(newsource(uuids[2]!, 'C3'));
    await again.next(12);
    assert.is(capped.svc.datasources.list().length, 1, 'room again after forgetting');
    again.end();
  } finally {
    await capped.close();
  }
});

test('with remote_capture_key the TCP listener wants the key first: no key or a wrong one is refused, the right one works', async () => {
  const keyed = await createTestService({
    plugins: [testPhyPlugin, createTestDatasource().plugin],
    config: { remote_capture_enabled: 'true', remote_capture_port: '0', remote_capture_key: 'shared-secret-1' },
    log: createLogger({ write: () => {} }),
  });
  try {
    await keyed.svc.start();
    const listening = keyed.svc.messages.all().map((m) => String(m['svc.messagebus.message_string'])).find((text) => text.startsWith('remote capture (TCP) listening'))!;
    assert.match(listening, 'remote capture (TCP) listening on 127.0.0.1:', 'loopback by default');
    const port = Number(/:(\d+)$/.exec(listening)?.[1]);
    const connectTool = () => tcpTool(port);
    const keyless = await connectTool();
    keyless.send(newsource('8A1C3E20-0000-4000-8000-0000000000D1', 'nokey'));
    assert.match(String((await keyless.next(6)).frame.body.get(1)), /needs its shared key \(remote_capture_key\) before anything else/);
    await keyless.closed;
    const wrong = await connectTool();
    wrong.send(wireFrame(69, 1, mp.map([[1, mp.str('guess')]])));
    assert.is((await wrong.next(6)).frame.body.get(1), 'wrong shared key for this remote capture listener');
    await wrong.closed;
    assert.is(keyed.svc.datasources.list().length, 0);
    const right = await connectTool();
    right.send(wireFrame(69, 1, mp.map([[1, mp.str('shared-secret-1')]])));
    right.send(newsource('8A1C3E20-0000-4000-8000-0000000000D2', 'keyed'));
    await right.next(12);
    assert.is(keyed.svc.datasources.list()[0]?.name, 'keyed');
    right.end();
  } finally {
    await keyed.close();
  }
});

test.run();
