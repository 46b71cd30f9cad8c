/**
 * Alert delivery end to end: a test service with `alert_sink=` lines, and real receivers on
 * loopback sockets (an HTTP server, a UDP and a TCP syslog listener). Alerts raised through the
 * API must arrive as their records, signed, filtered by header and severity; a receiver that
 * answers 500 is retried and then reported in the messages and counters; one that hangs
 * delays no other sink; bad lines stop the service with the reason.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { createHmac } from 'node:crypto';
import { isSvcError } from '../../errors.js';
import { createLogger } from '../../logger.js';
import { createTestService, promtoolCheck, seriesValue, waitUntil, type TestService } from '../../testing/index.js';
import { SYSLOG_SD_ID } from './syslog-message.js';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * An HTTP receiver: `/ok` answers 204, `/fail` 500, `/hang` never, `/endless` 200 with a body
 * that never ends (counting what it wrote until the connection went), `/redirect` a 302 with a
 * large body.
 */
async function startReceiver(): Promise<{ server: Server; port: number; received: Received[]; endlessWritten: number[] }> {
  const received: Received[] = [];
  const endlessWritten: number[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      if (request.url?.startsWith('/hang')) return;
      if (request.url?.startsWith('/endless')) {
        const chunk = Buffer.alloc(1 << 20, 0x7b);
        let written = 0;
        response.writeHead(200);
        const pump = () => {
          while (!response.destroyed && response.write(chunk)) written += chunk.length;
          if (!response.destroyed) response.once('drain', pump);
        };
        response.on('close', () => endlessWritten.push(written));
        pump();
        return;
      }
      if (request.url?.startsWith('/redirect')) {
        response.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' });
        response.end('x'.repeat(1 << 20));
        return;
      }
      response.statusCode = request.url?.startsWith('/fail') ? 500 : 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port, received, endlessWritten };
}

let t: TestService;
let http: Awaited<ReturnType<typeof startReceiver>>;
let udp: UdpSocket;
let udpMessages: string[];
let tcp: TcpServer;
let tcpBytes: Buffer;

test.before(async () => {
  http = await startReceiver();
  udpMessages = [];
  udp = createSocket('udp4');
  udp.on('message', (message) => udpMessages.push(message.toString('utf8')));
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
  tcpBytes = Buffer.alloc(0);
  tcp = createTcpServer((socket) => socket.on('data', (chunk) => (tcpBytes = Buffer.concat([tcpBytes, chunk]))));
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${http.port}`;
  t = await createTestService({
    log: createLogger({ write: () => {} }),
    config: {
      server_name: 'lab',
      alert_sink: [
        `webhook:url=${base}/ok/secret-path,secret=k3y,headers="SINKTEST,SINKCRIT",name=ops,retry_delay=0.05`,
        `webhook:url=${base}/fail,name=broken,headers=SINKTEST,retries=2,retry_delay=0.05`,
        `webhook:url=${base}/hang,name=stuck,headers=SINKTEST,retries=0,timeout=30`,
        `webhook:url=${base}/endless,name=greedy,headers=SINKHUGE,retries=0`,
        `webhook:url=${base}/redirect,name=moved,headers=SINKHUGE,retries=0`,
        `syslog:host=127.0.0.1,port=${(udp.address() as { port: number }).port},facility=local3`,
        `syslog:host=127.0.0.1,port=${(tcp.address() as { port: number }).port},transport=tcp,severity=high,name=siem`,
      ],
    },
  });
  await t.svc.start();
  for (const [name, severity] of [['SINKTEST', 10], ['SINKCRIT', 20], ['SINKQUIET', 0], ['SINKHUGE', 0]] as const) {
    t.svc.alerts.define({ name, description: 'sink test', throttle: '100/sec', burst: '100/sec', severity, class: 'OTHER' });
  }
});

test.after(async () => {
  await t.close();
  http.server.closeAllConnections();
  http.server.close();
  udp.close();
  tcp.close();
});

const sinks = async () => (await (await t.request('/alerts/sinks.json')).json()) as Record<string, any>[];
const sink = async (name: string) => (await sinks()).find((record) => record['svc.alert.sink.name'] === name)!;

test('the webhook receiver gets the records of the alerts its headers name, signed with the secret', async () => {
  const first = t.svc.alerts.raise({ name: 'SINKTEST', text: 'first "quoted" ] text', sourceMac: 'aa:bb:cc:dd:ee:01' });
  t.svc.alerts.raise({ name: 'SINKQUIET', text: 'not for ops' });
  const critical = t.svc.alerts.raise({ name: 'SINKCRIT', text: 'critical one' });
  const ok = () => http.received.filter((request) => request.path.startsWith('/ok'));
  await waitUntil('ops received two alerts', () => ok().length === 2);
  const backlog = (await (await t.request('/alerts/all_alerts.json')).json()) as Record<string, unknown>[];
  for (const [request, raised] of ok().map((request, index) => [request, [first, critical][index]!] as const)) {
    assert.equal(JSON.parse(request.body), backlog.find((record) => record['svc.alert.hash'] === raised['svc.alert.hash']), 'the body is the record /alerts serves');
    assert.is(request.headers['content-type'], 'application/json');
    assert.is(request.headers['x-svc-alert'], raised['svc.alert.header']);
    assert.is(request.headers['x-svc-server'], 'lab');
    assert.is(request.headers['x-svc-signature-256'], `sha256=${createHmac('sha256', 'k3y').update(request.body).digest('hex')}`);
  }
  await waitUntil('ops counted them', async () => (await sink('ops'))['svc.alert.sink.sent'] === 2);
  const ops = await sink('ops');
  assert.is(ops['svc.alert.sink.failed'], 0);
  assert.is(ops['svc.alert.sink.target'], `http://127.0.0.1:${http.port}`, 'the target hides the path');
  assert.equal(ops['svc.alert.sink.headers'].sort(), ['SINKCRIT', 'SINKTEST']);
});

test('a receiver that answers 500 is tried 1 + retries times, then reported in the messages and counters; a hanging one delays no one', async () => {
  t.svc.alerts.raise({ name: 'SINKTEST', text: 'to the broken receiver' });
  await waitUntil('broken gives up', async () => (await sink('broken'))['svc.alert.sink.failed'] >= 2);
  const broken = await sink('broken');
  // Two SINKTEST alerts so far (this test's and the first test's), three attempts each.
  assert.is(http.received.filter((request) => request.path === '/fail').length, 6, 'three attempts for each');
  assert.is(broken['svc.alert.sink.failed_attempts'], 6);
  assert.is(broken['svc.alert.sink.sent'], 0);
  assert.is(broken['svc.alert.sink.state'], 'failing');
  assert.match(broken['svc.alert.sink.last_error'], /answered 500/);
  const messages = ((await (await t.request('/messagebus/all_messages.json')).json()) as Record<string, any>[]).map((message) => message['svc.messagebus.message_string'] as string);
  const reports = messages.filter((text) => text.startsWith('alert sink broken'));
  assert.is(reports.length, 1, 'one message per run of failures');
  assert.match(reports[0]!, /could not deliver alert SINKTEST after 3 attempts: .*answered 500 Internal Server Error/);
  assert.not.match(reports[0]!, /\/fail/, 'the message names no URL path');
  const stuck = await sink('stuck');
  assert.is(stuck['svc.alert.sink.state'], 'delivering', 'the hanging receiver still holds its first alert');
  assert.is(stuck['svc.alert.sink.queued'], 1, 'and the second waits behind it');
  assert.is((await sink('ops'))['svc.alert.sink.sent'], 3, 'while ops delivered');
  const metrics = await (await t.request('/metrics')).text();
  assert.is(promtoolCheck(metrics).status, 0, promtoolCheck(metrics).output);
  assert.is(seriesValue(metrics, 'svc_alert_sink_failed_total{sink="broken",type="webhook"}'), 2, '/metrics counts what broken gave up on');
  assert.is(seriesValue(metrics, 'svc_alert_sink_failed_attempts_total{sink="broken",type="webhook"}'), 6);
  assert.is(seriesValue(metrics, 'svc_alert_sink_sent_total{sink="ops",type="webhook"}'), 3);
  assert.is(seriesValue(metrics, 'svc_alert_sink_queued{sink="stuck",type="webhook"}'), 1);
});

test('the UDP syslog listener gets every alert as RFC 5424; the TCP one only high and critical, octet counted', async () => {
  const raised = t.svc.alerts.raise({ name: 'SINKCRIT', text: 'siem wants this', channel: '6' });
  await waitUntil('the UDP listener has five messages', () => udpMessages.length === 5);
  const line = udpMessages.at(-1)!;
  const match = /^<(\d+)>1 (\S+) (\S+) svc (\d+) SINKCRIT \[(.*?)\] \uFEFFsiems? wants this$/u.exec(line);
  assert.ok(match, line);
  assert.is(Number(match[1]), 19 * 8 + 2, 'local3, critical');
  assert.is(new Date(match[2]!).getTime() / 1000, Math.round(Number(raised['svc.alert.timestamp']) * 1000) / 1000);
  assert.is(Number(match[4]), process.pid);
  assert.match(match[5]!, new RegExp(`^${SYSLOG_SD_ID} hash="${raised['svc.alert.hash']}" class="OTHER" severity="20" channel="6"$`), 'zero MACs left out');
  assert.ok(udpMessages.some((message) => message.includes('first \\"quoted\\" \\] text') === false && message.endsWith('first "quoted" ] text')), 'the text is sent as is');
  assert.ok(udpMessages.some((message) => /^<158>1 .* SINKQUIET /.test(message)), 'local3, informational for severity 0');

  await waitUntil('the TCP listener has two frames', () => frames(tcpBytes).length === 2);
  const received = frames(tcpBytes);
  assert.match(received[0]!, /^<130>1 .* SINKCRIT .*critical one$/, 'local0, critical');
  assert.match(received[1]!, /SINKCRIT .*siem wants this$/);
  assert.is((await sink('siem'))['svc.alert.sink.sent'], 2);
});

/** Splits an octet-counted stream into messages. */
function frames(bytes: Buffer): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < bytes.length) {
    const space = bytes.indexOf(0x20, at);
    const length = Number(bytes.subarray(at, space).toString());
    out.push(bytes.subarray(space + 1, space + 1 + length).toString('utf8'));
    at = space + 1 + length;
  }
  return out;
}

test('a bad alert_sink line stops the service with the reason and the line it came from', async () => {
  for (const [line, pattern] of [
    ['webhook:name=x', /command line: SVC_ERR_BAD_ALERT_SINK: alert_sink x: webhook needs url=/],
    ['webhook:url=ftp://h/x', /url must be http:\/\/ or https:\/\//],
    ['pager:to=me', /no sink type 'pager' \(types: webhook, syslog\)/],
    ['syslog:host=h,transport=sctp', /transport must be udp or tcp/],
    ['syslog:host=h,facility=mars', /facility 'mars'/],
    ['webhook:url=http://h,secret_env=SVC_TEST_NO_SUCH_VARIABLE', /SVC_TEST_NO_SUCH_VARIABLE, which is not set/],
  ] as const) {
    try {
      const bad = await createTestService({ config: { alert_sink: line } });
      await bad.close();
      assert.unreachable(line);
    } catch (error) {
      assert.ok(isSvcError(error, 'SVC_ERR_CONFIG_VALUE'), String(error));
      assert.match((error as Error).message, pattern);
    }
  }
});

test('the sink types are listed with their options', async () => {
  const types = (await (await t.request('/alerts/sink_types.json')).json()) as Record<string, any>[];
  assert.equal(types.map((type) => type['svc.alert.sink_type.name']), ['webhook', 'syslog']);
  assert.ok('secret' in types[0]!['svc.alert.sink_type.options'] && 'severity' in types[0]!['svc.alert.sink_type.options']);
});

test('a receiver that answers 200 with a body without end cannot swell the server: a few KB are read, the connection is cut, the alert counts as sent; a redirect is not followed', async () => {
  const rss = process.memoryUsage.rss();
  for (let n = 0; n < 2; n++) t.svc.alerts.raise({ name: 'SINKHUGE', text: `huge answer ${n}` });
  await waitUntil('greedy delivered both and moved failed both', async () => (await sink('greedy'))['svc.alert.sink.sent'] === 2 && (await sink('moved'))['svc.alert.sink.failed'] === 2);
  await waitUntil('the receiver saw both connections end', () => http.endlessWritten.length === 2);
  for (const written of http.endlessWritten) assert.ok(written < 64 << 20, `the endless answer wrote ${written} bytes before the cut`);
  const growth = process.memoryUsage.rss() - rss;
  assert.ok(growth < 100e6, `memory grew by ${(growth / 1e6).toFixed(0)} MB`);
  assert.match((await sink('moved'))['svc.alert.sink.last_error'], /answered 302 Found/);
  assert.not.ok(http.received.some((request) => request.path === '/elsewhere'), 'the redirect was not followed');
});

test.run();
