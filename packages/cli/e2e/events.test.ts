/**
 * End-to-end: the event bus websocket of a real server.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { basicAuth, startSvc, type SvcProcess } from './svc-process.js';

let svc: SvcProcess;
test.before(async () => {
  svc = await startSvc();
});
test.after(async () => {
  await svc.stop();
});

/** Opens the event bus and collects messages. */
async function eventbus(): Promise<{ socket: WebSocket; messages: Record<string, any>[]; next: (predicate: (m: Record<string, any>) => boolean) => Promise<Record<string, any>> }> {
  const socket = new WebSocket(`${svc.url.replace('http', 'ws')}/eventbus/events.ws?user=svc&password=${encodeURIComponent(svc.password!)}`);
  const messages: Record<string, any>[] = [];
  const waiters: { predicate: (m: Record<string, any>) => boolean; resolve: (m: Record<string, any>) => void }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Record<string, any>;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next = (predicate: (m: Record<string, any>) => boolean) =>
    new Promise<Record<string, any>>((resolve, reject) => {
      const found = messages.find(predicate);
      if (found) return resolve(found);
      const timer = setTimeout(() => reject(new Error(`no matching event within 5 s; got ${JSON.stringify(messages.slice(-3))}`)), 5000);
      waiters.push({ predicate, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  return { socket, messages, next };
}

test('TIMESTAMP events arrive about once a second with svc.system.timestamp.sec/usec', async () => {
  const bus = await eventbus();
  bus.socket.send(JSON.stringify({ SUBSCRIBE: 'TIMESTAMP' }));
  const stamps: number[] = [];
  for (let i = 0; i < 4; i++) {
    const event = await bus.next((m) => 'TIMESTAMP' in m && !stamps.includes(m.TIMESTAMP['svc.system.timestamp.sec'] + m.TIMESTAMP['svc.system.timestamp.usec'] / 1e6));
    assert.equal(Object.keys(event.TIMESTAMP), ['svc.system.timestamp.sec', 'svc.system.timestamp.usec']);
    assert.ok(Number.isInteger(event.TIMESTAMP['svc.system.timestamp.usec']) && event.TIMESTAMP['svc.system.timestamp.usec'] < 1e6);
    stamps.push(event.TIMESTAMP['svc.system.timestamp.sec'] + event.TIMESTAMP['svc.system.timestamp.usec'] / 1e6);
  }
  for (let i = 1; i < stamps.length; i++) {
    const gap = stamps[i]! - stamps[i - 1]!;
    assert.ok(gap > 0.5 && gap < 1.8, `events ${gap.toFixed(3)} s apart`);
  }
  bus.socket.close();
});

test('each bad client message (malformed, unknown topic, bad fields or format) gets one JSON error; the other subscriptions keep working', async () => {
  const bus = await eventbus();
  bus.socket.send(JSON.stringify({ SUBSCRIBE: 'TIMESTAMP', fields: ['svc.system.timestamp.sec'] }));
  await bus.next((m) => 'TIMESTAMP' in m);
  const errorsBefore = bus.messages.filter((m) => 'code' in m).length;
  const junk = ['not json', '[1,2]', '{"SUBSCRIBE": 5}', '{"SUBSCRIBE": "ALERT", "fields": "bad"}', 'null', '{"SUBSCRIBE": "NO_SUCH_TOPIC"}', '{"SUBSCRIBE": "ALERT", "format": "xml"}', '{"hello": 1}'];
  for (const message of junk) bus.socket.send(message);
  bus.socket.send(Buffer.from([0xde, 0xad, 0xbe, 0xef]));
  await bus.next(() => bus.messages.filter((m) => 'code' in m).length >= errorsBefore + junk.length + 1);
  const errors = bus.messages.filter((m) => 'code' in m).slice(errorsBefore);
  assert.equal(errors.map((m) => m.code), [
    'SVC_ERR_BAD_JSON',
    'SVC_ERR_BAD_JSON',
    'SVC_ERR_BAD_REQUEST',
    'SVC_ERR_BAD_FIELDS',
    'SVC_ERR_BAD_JSON',
    'SVC_ERR_UNKNOWN_TOPIC',
    'SVC_ERR_BAD_REQUEST',
    'SVC_ERR_BAD_REQUEST',
    'SVC_ERR_BAD_JSON',
  ]);
  assert.is(errors[5]!.error, "no event topic 'NO_SUCH_TOPIC'; /eventbus/topics.json lists them, '*' is every topic");
  const before = bus.messages.length;
  const event = await bus.next((m) => 'TIMESTAMP' in m && bus.messages.indexOf(m) >= before);
  assert.equal(Object.keys(event.TIMESTAMP), ['svc.system.timestamp.sec'], 'fields apply to each event');
  assert.is(bus.socket.readyState, WebSocket.OPEN);
  bus.socket.close();
});

test('UNSUBSCRIBE stops a topic; * receives ALERT and MESSAGE events raised over HTTP', async () => {
  const bus = await eventbus();
  bus.socket.send(JSON.stringify({ SUBSCRIBE: '*' }));
  await bus.next((m) => 'TIMESTAMP' in m);
  const admin = { authorization: basicAuth('svc', svc.password!), 'content-type': 'application/json' };
  const defined = await fetch(`${svc.url}/alerts/definitions/define_alert.cmd`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ name: 'E2E_ALERT', description: 'end to end', throttle: '10/min', burst: '5/sec' }),
  });
  assert.is(defined.status, 200);
  const raised = await fetch(`${svc.url}/alerts/raise_alerts.cmd`, { method: 'POST', headers: admin, body: JSON.stringify({ name: 'E2E_ALERT', text: 'hello' }) });
  assert.is(raised.status, 200);
  const alert = await bus.next((m) => 'ALERT' in m);
  assert.is(alert.ALERT['svc.alert.header'], 'E2E_ALERT');
  const message = await bus.next((m) => 'MESSAGE' in m && /E2E_ALERT/.test(m.MESSAGE['svc.messagebus.message_string']));
  assert.is(message.MESSAGE['svc.messagebus.message_flags'], 8);

  bus.socket.send(JSON.stringify({ UNSUBSCRIBE: '*' }));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const count = bus.messages.length;
  await new Promise((resolve) => setTimeout(resolve, 1500));
  assert.is(bus.messages.length, count, 'no events after UNSUBSCRIBE');
  bus.socket.close();
});

test.run();
