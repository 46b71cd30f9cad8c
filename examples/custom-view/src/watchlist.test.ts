import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, parseMac } from '@svc/core';
import { createTestService, testPhyPlugin, TestSource, waitUntil } from '@svc/core/testing';
import watchlistPlugin, { WATCHLIST_VIEW } from './index.js';
import { parseWatchlistEntry } from './watchlist-entry.js';

test('a line is a MAC or a MAC with a mask (bits or MAC), with an optional label', () => {
  const door = parseWatchlistEntry('02:00:00:00:00:01,front door');
  assert.equal([door.match, door.label], ['02:00:00:00:00:01/FF:FF:FF:FF:FF:FF', 'front door']);
  assert.ok(door.matches(parseMac('02:00:00:00:00:01')!));
  assert.not.ok(door.matches(parseMac('02:00:00:00:00:02')!));
  const lab = parseWatchlistEntry(' 02:aa:12:34:56:78/16 , lab range ');
  assert.equal([lab.match, lab.label], ['02:AA:00:00:00:00/FF:FF:00:00:00:00', 'lab range']);
  assert.ok(lab.matches(parseMac('02:AA:FF:FF:FF:FF')!));
  assert.not.ok(lab.matches(parseMac('02:AB:00:00:00:00')!));
  const oui = parseWatchlistEntry('00:1F:33:00:00:00/FF:FF:FF:00:00:00');
  assert.equal([oui.match, oui.label], ['00:1F:33:00:00:00/FF:FF:FF:00:00:00', '00:1F:33:00:00:00/FF:FF:FF:00:00:00']);
  assert.ok(oui.matches(parseMac('00:1F:33:45:28:A0')!));
});

test('what is not a MAC or MAC/mask is refused, saying what a line looks like', () => {
  for (const line of ['', 'front door', '02:00:00:00:00', '02:00:00:00:00:01/49', '02:00:00:00:00:01/24/8,x', 'zz:00:00:00:00:01,x']) {
    assert.throws(() => parseWatchlistEntry(line), /is not a MAC or MAC\/mask \(write watchlist=AA:BB:CC:DD:EE:FF,label/, line);
  }
});

const watchlist = ['02:00:00:00:00:01,front door', '02:AA:00:00:00:00/16,lab range', '02:CC:00:00:00:00/16,never seen'];

test('the view holds the devices that match an entry; the route counts them per entry, for readonly logins', async () => {
  const t = await createTestService({ plugins: [watchlistPlugin, testPhyPlugin], config: { watchlist } });
  try {
    const source = new TestSource(t.svc);
    source.send({ mac: '02:00:00:00:00:01', time: 1_700_000_000 });
    source.send({ mac: '02:AA:12:34:56:78', time: 1_700_000_010 });
    source.send({ mac: '02:AA:00:00:00:09', time: 1_700_000_020 });
    source.send({ mac: '02:BB:00:00:00:01', time: 1_700_000_030 });
    const members = (await (await t.request(`/devices/views/${WATCHLIST_VIEW}/devices.json`)).json()) as Record<string, unknown>[];
    assert.equal(members.map((device) => device['svc.device.base.macaddr']).sort(), ['02:00:00:00:00:01', '02:AA:00:00:00:09', '02:AA:12:34:56:78']);

    const entries = (await (await t.request('/watchlist/watchlist.json')).json()) as Record<string, unknown>[];
    assert.equal(
      entries.map((entry) => [entry['watchlist.entry.label'], entry['watchlist.entry.device_count'], entry['watchlist.entry.last_time'], (entry['watchlist.entry.devices'] as string[]).length]),
      [
        ['front door', 1, 1_700_000_000, 1],
        ['lab range', 2, 1_700_000_020, 2],
        ['never seen', 0, 0, 0],
      ],
    );
    const pretty = (await (await t.request('/watchlist/watchlist.prettyjson')).json()) as Record<string, unknown>[];
    assert.is(pretty[0]!['description.watchlist.entry.device_count'], 'uint64_t, devices matching the entry');
    assert.is((await t.request('/watchlist/watchlist.json', { auth: false })).status, 401);
  } finally {
    await t.close();
  }
});

test('a bad watchlist line stops only this plugin, with the reason; svc runs on without the view', async () => {
  const logged: string[] = [];
  const t = await createTestService({
    plugins: [watchlistPlugin, testPhyPlugin],
    config: { watchlist: ['02:00:00:00:00:01,ok', 'front door'] },
    log: createLogger({ write: (line) => logged.push(line) }),
  });
  try {
    const status = t.svc.plugins.find((plugin) => plugin.name === watchlistPlugin.name);
    assert.is(status?.state, 'failed');
    assert.match(status?.error?.message ?? '', "watchlist 'front door': 'front door' is not a MAC or MAC/mask");
    assert.ok(logged.some((line) => line.includes(`plugin ${watchlistPlugin.name} failed`)));
    assert.is((await t.request(`/devices/views/${WATCHLIST_VIEW}/devices.json`)).status, 404);
    assert.is((await t.request('/system/status.json')).status, 200);
  } finally {
    await t.close();
  }
});

test('svc start loads it from a plugin= line and serves the view for a live source', async () => {
  const work = mkdtempSync(join(tmpdir(), 'svc-watchlist-'));
  const bin = fileURLToPath(new URL('../../../packages/cli/bin/run.js', import.meta.url));
  const pluginPath = fileURLToPath(new URL('..', import.meta.url));
  // testsource-3 reports devices 02:7E:03:00:00:00 to 02:7E:03:00:00:05; watch the first two.
  writeFileSync(
    join(work, 'svc.conf'),
    [`plugin=${pluginPath}`, 'plugin=@svc/core/testing/plugin', 'watchlist=02:7E:03:00:00:00/47,first pair', 'source=testsource-3:pps=50,devices=6', ''].join('\n'),
  );
  const child = spawn(process.execPath, [bin, 'start', '--config-dir', work, '--port', '0', '--user', 'admin', '--password', 'watch-pw'], {
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  try {
    await waitUntil('svc listens', () => /is listening on (http:\/\/\S+)/.test(output), { timeoutMs: 20_000, detail: () => output });
    const url = /is listening on (http:\/\/\S+)/.exec(output)![1]!;
    const get = async (path: string) => (await fetch(`${url}${path}`, { headers: { authorization: `Basic ${Buffer.from('admin:watch-pw').toString('base64')}` } })).json() as Promise<any>;
    await waitUntil('the watched pair is in the view', async () => (await get(`/devices/views/${WATCHLIST_VIEW}/devices.json`)).length === 2, { detail: () => output });
    await waitUntil('all six devices are tracked', async () => (await get('/devices/views/all/devices.json')).length === 6, { detail: () => output });
    const [entry] = await get('/watchlist/watchlist.json');
    assert.equal([entry['watchlist.entry.label'], entry['watchlist.entry.device_count']], ['first pair', 2]);
    assert.is((await get(`/devices/views/${WATCHLIST_VIEW}/devices.json`)).length, 2);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
    rmSync(work, { recursive: true, force: true });
  }
});

test.run();
