/**
 * Answers cannot be inflated without bound (issue: hardening). A request may name at most 256
 * fields, and device lists are streamed to the socket a chunk at a time, so a full dump of
 * 150 000 devices (about 300 MB of ekjson) arrives whole while the server's memory grows by a
 * small part of that, and other clients are answered meanwhile.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../logger.js';
import { createTestService, TestSource, testPhyPlugin, type TestService } from '../testing/index.js';
import { statusAnswersWhile } from './status-answers.test-helper.js';

const DEVICES = 150_000;
let t: TestService;
let base: string;
const authorization = `Basic ${Buffer.from('admin:test-password').toString('base64')}`;

test.before(async () => {
  // Twelve readers of pages of 3 000 devices are twelve full dumps of one login: allowed here.
  t = await createTestService({ plugins: [testPhyPlugin], config: { httpd_max_dumps_per_login: '12' }, log: createLogger({ write: () => {} }) });
  const source = new TestSource(t.svc);
  for (let n = 0; n < DEVICES; n++) {
    const mac = `02:00:00:${((n >> 16) & 0xff).toString(16).padStart(2, '0')}:${((n >> 8) & 0xff).toString(16).padStart(2, '0')}:${(n & 0xff).toString(16).padStart(2, '0')}`;
    source.send({ mac, name: `device-${n}`, signal: -50, channel: '6' });
  }
  base = (await t.svc.start()).url;
});
test.after(async () => t.close());

test('2,000 aliased fields are refused with a 400 naming the limit', async () => {
  const fields = Array.from({ length: 2000 }, (_, n) => ['svc.device.base.signal', `s${n}`]);
  const response = await fetch(`${base}/devices/views/all/devices.json`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ fields }) });
  assert.equal([response.status, await response.json()], [400, { error: "'fields' names 2000 fields; the limit is 256", code: 'SVC_ERR_BAD_FIELDS' }]);
});

test('twelve clients asking at once for the most aliased fields allowed: memory grows by a fraction of what they read, status answers meanwhile', async () => {
  const fields = Array.from({ length: 256 }, (_, n) => ['svc.device.base.macaddr', `m${n}`]);
  const body = JSON.stringify({ datatable: true, fields, start: 0, length: 3000 });
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  let read = 0;
  const clients = Promise.all(
    Array.from({ length: 12 }, async () => {
      const response = await fetch(`${base}/devices/views/all/devices.json`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body });
      assert.is(response.status, 200);
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        read += chunk.byteLength;
        peak = Math.max(peak, process.memoryUsage().rss);
      }
    }),
  );
  const answers = await statusAnswersWhile(base, clients);
  await clients;
  assert.ok(read > 200e6, `the clients read ${(read / 1e6).toFixed(0)} MB`);
  // Held whole at once, the twelve answers would need at least their own size; streamed, the
  // growth is the chunks in flight plus the twelve readers' buffers in this same process
  // (about 90 to 100 MB of the 245 MB here).
  assert.ok(peak - baseline < read * 0.6, `memory grew by ${((peak - baseline) / 1e6).toFixed(0)} MB while serving ${(read / 1e6).toFixed(0)} MB`);
  assert.ok(answers >= 2, `status.json answered ${answers} times while the clients read`);
});

test('all_devices.ekjson of 150 000 devices arrives whole, streamed: memory grows by a fraction of the answer, status answers meanwhile', async () => {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  let bytes = 0;
  let lines = 0;
  let lastByte = 0;
  const firstLine: number[] = [];
  // The reader counts newlines in the bytes rather than decoding text, so what this process
  // allocates is the server's, not the reader's garbage.
  const download = (async () => {
    const response = await fetch(`${base}/devices/all_devices.ekjson`, { headers: { authorization } });
    assert.is(response.status, 200);
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (let i = 0; i < chunk.byteLength; i++) {
        if (chunk[i] === 10) lines++;
        else if (lines === 0) firstLine.push(chunk[i]!);
      }
      lastByte = chunk[chunk.byteLength - 1] ?? lastByte;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
  })();
  const answers = await statusAnswersWhile(base, download);
  assert.is(lines, DEVICES);
  assert.is(lastByte, 10, 'the dump ends with a newline');
  const record = JSON.parse(Buffer.from(firstLine).toString('utf8')) as Record<string, unknown>;
  assert.ok(typeof record.svc_device_base_key === 'string' && !Object.keys(record).some((key) => key.includes('.') && !key.includes(':')));
  assert.ok(bytes > 200e6, `the dump is ${(bytes / 1e6).toFixed(0)} MB`);
  const growth = peak - baseline;
  // Built whole, the dump would hold at least its own size in memory; streamed, the chunks in flight.
  assert.ok(growth < bytes / 3, `memory grew by ${(growth / 1e6).toFixed(0)} MB while serving ${(bytes / 1e6).toFixed(0)} MB`);
  assert.ok(answers >= 2, `status.json answered ${answers} times during the dump`);
});

test('a whole view as JSON and a datatables page of it stream the same records the REST API describes', async () => {
  const post = async (body: Record<string, unknown>) => {
    const response = await fetch(`${base}/devices/views/all/devices.json`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return (await response.json()) as any;
  };
  const whole = (await post({ fields: ['svc.device.base.name'] })) as { 'svc.device.base.name': string }[];
  assert.is(whole.length, DEVICES);
  assert.equal(new Set(whole.map((device) => device['svc.device.base.name'])).size, DEVICES);
  const page = await post({ datatable: true, fields: ['svc.device.base.name'], start: 10, length: 5, draw: 2 });
  assert.equal(Object.keys(page), ['draw', 'data', 'recordsTotal', 'recordsFiltered']);
  assert.equal([page.draw, page.data.length, page.recordsTotal, page.recordsFiltered], [2, 5, DEVICES, DEVICES]);
});

test.run();
