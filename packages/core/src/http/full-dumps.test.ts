/**
 * Full dumps (issue 31, item 1): a reader that takes a dump as fast as the server writes it
 * does not keep other clients waiting, and how many dumps run at once is capped per login and
 * on the server, with a 429 and `Retry-After` past a cap and the slot given back when a dump
 * ends or its reader goes away. Real listening server, real sockets; the fast reader is another
 * process, as it would be on a network (a reader in this process could not outrun the server).
 */
import { spawn } from 'node:child_process';
import { get, type IncomingMessage } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../logger.js';
import { createTestService, TestSource, testPhyPlugin, waitUntil, type TestService } from '../testing/index.js';
import { statusAnswersWhile } from './status-answers.test-helper.js';

const DEVICES = 30_000;
let t: TestService;
let base: string;
let readerKey: string;
const admin = `Basic ${Buffer.from('admin:test-password').toString('base64')}`;

test.before(async () => {
  t = await createTestService({ plugins: [testPhyPlugin], config: { httpd_max_dumps: '5', httpd_max_dumps_per_login: '3' }, log: createLogger({ write: () => {} }) });
  const source = new TestSource(t.svc);
  for (let n = 0; n < DEVICES; n++) {
    const mac = `02:00:00:${((n >> 16) & 0xff).toString(16).padStart(2, '0')}:${((n >> 8) & 0xff).toString(16).padStart(2, '0')}:${(n & 0xff).toString(16).padStart(2, '0')}`;
    source.send({ mac, name: `device-${n}`, signal: -50, channel: '6' });
  }
  base = (await t.svc.start()).url;
  readerKey = await (await t.command('/auth/apikey/generate.cmd', { name: 'reader', role: 'readonly', duration: 0 })).text();
});
test.after(async () => t.close());

/** Reads a URL to the end in a child process, as fast as it arrives; resolves with the bytes read. */
function fastReader(path: string): Promise<number> {
  const script = `require('http').get(process.argv[1], { headers: { cookie: 'SVC=' + process.argv[2] } }, (res) => { let n = 0; res.on('data', (c) => (n += c.length)); res.on('end', () => process.stdout.write(String(n))); });`;
  const env = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined };
  const child = spawn(process.execPath, ['-e', script, `${base}${path}`, readerKey], { stdio: ['ignore', 'pipe', 'inherit'], env });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  return new Promise((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve(Number(out)) : reject(new Error(`the reader exited with ${code}`)))));
}

/** Starts a dump and stops reading it after the headers: it holds its slot until destroyed. */
function pausedDump(headers: Record<string, string>): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    get(`${base}/devices/views/all/devices.json`, { headers }, (response) => {
      response.pause();
      resolve(response);
    }).on('error', reject);
  });
}

test('a reader in another process that takes dumps as fast as they come does not keep status waiting', async () => {
  const dumps = Promise.all([fastReader('/devices/views/all/devices.json'), fastReader('/devices/all_devices.ekjson'), fastReader('/devices/views/all/devices.prettyjson')]);
  const answers = await statusAnswersWhile(base, dumps);
  const [json, ekjson, pretty] = await dumps;
  assert.ok(json! > 5e6 && ekjson! > 5e6 && pretty! > json!, `dumps of ${json}, ${ekjson} and ${pretty} bytes`);
  assert.ok(answers >= 3, `status.json answered ${answers} times during the dumps`);
});

test('dumps past the login\'s cap and the server\'s are refused with 429 and Retry-After; a slot comes back when its reader leaves', async () => {
  const asAdmin = { authorization: admin };
  const asReader = { cookie: `SVC=${readerKey}` };
  const held = await Promise.all([asAdmin, asAdmin, asAdmin, asReader, asReader].map(pausedDump));
  try {
    assert.equal(held.map((response) => response.statusCode), [200, 200, 200, 200, 200]);
    const refusal = async (headers: Record<string, string>) => {
      const response = await fetch(`${base}/devices/views/all/devices.json`, { headers });
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
    };
    assert.equal(await refusal(asAdmin), {
      status: 429,
      retryAfter: '5',
      body: { error: 'this login has 3 full dumps under way, the most one login may have (httpd_max_dumps_per_login); wait for one to end', code: 'SVC_ERR_TOO_MANY_DUMPS' },
    });
    assert.equal(await refusal(asReader), {
      status: 429,
      retryAfter: '5',
      body: { error: 'the server is writing 5 full dumps, its limit (httpd_max_dumps); try again later', code: 'SVC_ERR_TOO_MANY_DUMPS' },
    });
    // A page is not a full dump: the table of the web app is served meanwhile.
    const page = await fetch(`${base}/devices/views/all/devices.json`, { method: 'POST', headers: { ...asReader, 'content-type': 'application/json' }, body: '{"datatable": true, "length": 50}' });
    assert.equal([page.status, ((await page.json()) as { data: unknown[] }).data.length], [200, 50]);

    held.shift()!.destroy();
    await waitUntil('the abandoned dump gives its slot back', async () => {
      const next = await pausedDump(asReader);
      next.destroy();
      return next.statusCode === 200;
    }, { timeoutMs: 5000 });
  } finally {
    for (const response of held) response.destroy();
  }
});

test.run();
