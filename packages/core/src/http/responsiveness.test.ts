/**
 * One client cannot stall the server (issue: hardening). A real listening server holds 30 000
 * devices; while a readonly client attacks it (regex filters that backtrack catastrophically in
 * a backtracking engine, a thousand `*` monitor subscriptions on one socket), a second client
 * keeps asking for `/system/status.json` and must be answered while the attack runs, not after
 * it (counted, not timed: a frozen server would answer once, at the end).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { createLogger } from '../logger.js';
import { createTestService, TestSource, testPhyPlugin, type TestService } from '../testing/index.js';
import { statusAnswersWhile } from './status-answers.test-helper.js';

const DEVICES = 30_000;
let t: TestService;
let base: string;
let readonlyToken: string;

test.before(async () => {
  t = await createTestService({ plugins: [testPhyPlugin], config: { httpd_query_budget: '60', monitor_subscriptions_per_socket: '8' }, log: createLogger({ write: () => {} }) });
  const source = new TestSource(t.svc);
  for (let n = 0; n < DEVICES; n++) {
    const mac = `02:00:00:${((n >> 16) & 0xff).toString(16).padStart(2, '0')}:${((n >> 8) & 0xff).toString(16).padStart(2, '0')}:${(n & 0xff).toString(16).padStart(2, '0')}`;
    source.send({ mac, name: `${'a'.repeat(31)}${n % 7 === 0 ? '' : 'b'}`, model: `model-${n % 50}` });
  }
  base = (await t.svc.start()).url;
  readonlyToken = await (await t.command('/auth/apikey/generate.cmd', { name: 'attacker', role: 'readonly', duration: 0 })).text();
});
test.after(async () => t.close());

const postDevices = (body: Record<string, unknown>, signal?: AbortSignal) =>
  fetch(`${base}/devices/views/all/devices.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `SVC=${readonlyToken}` },
    body: JSON.stringify(body),
    signal,
  });

test('regex filters that backtrack catastrophically elsewhere neither freeze the server nor fail', async () => {
  const attacks = [
    { fields: ['svc.device.base.key'], regex: [['svc.device.base.key', '^([0-9A-F_]+)+!$']] },
    { fields: ['svc.device.base.name'], regex: [['svc.device.base.name', '^(a+)+$']] },
    // 64 pairs over every device: seconds of matching, sliced so other clients get answers.
    { fields: ['svc.device.base.name'], regex: Array.from({ length: 64 }, (_, n) => ['svc.device.base.name', `^(a|aa)+${n}$`]) },
  ];
  const answers = Promise.all(attacks.map(async (attack) => {
    const response = await postDevices(attack);
    return { status: response.status, body: (await response.json()) as Record<string, unknown>[] };
  }));
  const polled = await statusAnswersWhile(base, answers);
  const [keys, names, none] = await answers;
  assert.equal([keys!.status, keys!.body.length], [200, 0]);
  assert.equal([names!.status, names!.body.length], [200, Math.ceil(DEVICES / 7)], 'the names of 31 a\'s and nothing else match');
  assert.equal([none!.status, none!.body.length], [200, 0]);
  assert.ok(polled >= 2, `status.json answered ${polled} times while the regex filters ran`);
});

test('a scan stops when its client goes away, and at the request budget with a 503 that says so', async () => {
  // Long names make every regex test cost microseconds: the scan below would take many seconds.
  const slow = await createTestService({ plugins: [testPhyPlugin], config: { httpd_query_budget: '2' }, log: createLogger({ write: () => {} }) });
  try {
    const source = new TestSource(slow.svc);
    for (let n = 0; n < 20_000; n++) source.send({ mac: `02:00:00:00:${((n >> 8) & 0xff).toString(16).padStart(2, '0')}:${(n & 0xff).toString(16).padStart(2, '0')}`, name: `${'a'.repeat(2000)}b` });
    const slowBase = (await slow.svc.start()).url;
    // No literal lets the matcher skip a name: each pair runs the whole name through the automaton.
    const heavy = JSON.stringify({ fields: ['svc.device.base.name'], regex: Array.from({ length: 64 }, (_, n) => ['svc.device.base.name', `^[a-z]*[0-9]{${n + 1}}$`]) });
    const post = (signal?: AbortSignal) =>
      fetch(`${slowBase}/devices/views/all/devices.json`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from('admin:test-password').toString('base64')}` }, body: heavy, signal });

    const controller = new AbortController();
    const abandoned = post(controller.signal).catch((error: Error) => error.name);
    await new Promise((resolve) => setTimeout(resolve, 200));
    controller.abort();
    assert.is(await abandoned, 'AbortError');
    // Running on, the scan would keep the event loop busy until its budget; stopped, the loop idles.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = performance.eventLoopUtilization();
    await new Promise((resolve) => setTimeout(resolve, 700));
    const busy = performance.eventLoopUtilization(before).utilization;
    assert.ok(busy < 0.5, `the event loop stayed ${(busy * 100).toFixed(0)} % busy after the client left`);

    const over = await post();
    const body = (await over.json()) as { error: string; code: string };
    assert.equal([over.status, body.code], [503, 'SVC_ERR_QUERY_BUDGET']);
    assert.match(body.error, 'longer than its budget of 2 s (httpd_query_budget)');
  } finally {
    await slow.close();
  }
});

test('a thousand * monitor subscriptions on one readonly socket: the ones past the cap are refused, and the server keeps answering', async () => {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/devices/monitor.ws?SVC=${readonlyToken}`);
  const errors: Record<string, unknown>[] = [];
  let pushes = 0;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Record<string, unknown>;
    if (message.code) errors.push(message);
    else pushes++;
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const flood = (async () => {
    for (let request = 0; request < 1000; request++) socket.send(JSON.stringify({ monitor: '*', request, rate: 1, fields: ['svc.device.base.key'] }));
    while (errors.length < 1000 - 8) await new Promise((resolve) => setTimeout(resolve, 20));
    // The 8 accepted subscriptions each start with a dump of the whole view.
    while (pushes < 8 * DEVICES) await new Promise((resolve) => setTimeout(resolve, 20));
  })();
  const polled = await statusAnswersWhile(base, flood);
  assert.equal(errors[0], {
    error: 'this socket has 8 subscriptions, the most one socket may hold (monitor_subscriptions_per_socket); cancel one first',
    code: 'SVC_ERR_TOO_MANY_SUBSCRIPTIONS',
    request: 8,
  });
  assert.is(pushes, 8 * DEVICES);
  assert.ok(polled >= 2, `status.json answered ${polled} times during the subscription flood`);
  socket.close();
});

test.run();
