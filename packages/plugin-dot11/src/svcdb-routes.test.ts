/**
 * Kismet's kismetdb routes under svc's names, on a real capture: svc's demo scene replayed into
 * an svcdb log. `/logging/svcdb/pcap/{title}.pcapng` gives back the logged frames byte for byte
 * (read with svc's reader and with tshark), filtered as Kismet filters (a time window against
 * tshark's reading of the same window, a limit, a source address); `drop.cmd` removes the
 * packets before a time and nothing else; points of interest land in the log as Kismet writes
 * them, where the GPS says the server is. Bad input is a 400 and changes nothing; without an open
 * svcdb log each route is a 409.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createTestService, projectDataPath, waitUntil, type TestService } from '@svc/core/testing';
import dot11Plugin from './index.js';
import { readAll } from './pcap/capture-readers.test-helper.js';

const capture = projectDataPath('dot11', 'svc-demo-scene.pcap');
const total = JSON.parse(readFileSync(projectDataPath('dot11', 'svc-demo-scene.tshark.json'), 'utf8')).frames_total as number;
const scratch = mkdtempSync(join(tmpdir(), 'svc-svcdb-routes-'));
let t: TestService;
let logPath: string;

test.before(async () => {
  t = await createTestService({ plugins: [dot11Plugin], config: { enable_logging: 'true', log_types: 'svcdb', log_title: 'routes', gps: 'virtual:lat=52.2163689,lon=6.8850232,name=roof' } });
  await t.svc.start();
  const source = await t.svc.datasources.add(`${capture}:name=demo`);
  await waitUntil('the capture replayed', () => source.numPackets === total);
  const logDir = join(t.svc.config.configDir, 'logs');
  logPath = join(logDir, readdirSync(logDir).find((name) => name.endsWith('.svcdb'))!);
  // Every packet the log was handed is committed (the writer answers within a quarter second).
  await waitUntil('the log holds every packet', () => count('SELECT count(*) AS n FROM packets') === total);
});
test.after(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** A count from the log, read with a connection of its own. */
function count(sql: string): number {
  const db = new Database(logPath, { readonly: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Downloads an export and keeps it as a file. */
async function exported(query: string, name: string, init?: Parameters<TestService['request']>[1]): Promise<string> {
  const response = await t.request(`/logging/svcdb/pcap/${name}.pcapng${query}`, init);
  assert.is(response.status, 200, await response.clone().text());
  assert.is(response.headers.get('content-disposition'), `attachment; filename="${name}.pcapng"`);
  const path = join(scratch, `${name}.pcapng`);
  writeFileSync(path, Buffer.from(await response.arrayBuffer()));
  return path;
}

const microseconds = (frame: { tsSec: number; tsUsec: number }) => frame.tsSec * 1e6 + frame.tsUsec;

test('the export is every logged frame byte for byte, in order, with its time and link type; tshark reads it whole', async () => {
  const original = (await readAll(capture)).frames;
  const path = await exported('', 'everything');
  const frames = (await readAll(path)).frames;
  assert.is(frames.length, original.length);
  frames.forEach((frame, index) => {
    const expected = original[index]!;
    if (!frame.data.equals(expected.data) || microseconds(frame) !== microseconds(expected) || frame.linkType !== expected.linkType) assert.unreachable(`frame ${index + 1} differs`);
  });
  const tshark = execFileSync('tshark', ['-r', path, '-T', 'fields', '-e', 'frame.interface_name'], { encoding: 'utf8' }).trim().split('\n');
  assert.equal([tshark.length, new Set(tshark)], [total, new Set(['demo'])], 'one interface, named after the datasource');
});

test("Kismet's filters select what tshark selects of the capture: a time window, a limit, a source address", async () => {
  const original = (await readAll(capture)).frames;
  const start = microseconds(original[200]!) / 1e6;
  const end = microseconds(original[700]!) / 1e6;
  const windowed = (await readAll(await exported(`?timestamp_start=${start}&timestamp_end=${end}`, 'window'))).frames.map(microseconds);
  const reference = execFileSync('tshark', ['-r', capture, '-Y', `frame.time_epoch >= ${start} && frame.time_epoch <= ${end}`, '-T', 'fields', '-e', 'frame.time_epoch'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((epoch) => Math.round(Number(epoch) * 1e6));
  assert.equal(windowed, reference);
  assert.is((await readAll(await exported('?limit=5', 'five'))).frames.length, 5);
  const posted = await exported('', 'posted', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ filter: { address_source: '14:CC:20:5C:00:02', limit: 1000 } }) });
  assert.is((await readAll(posted)).frames.length, count("SELECT count(*) AS n FROM packets WHERE sourcemac = '14:CC:20:5C:00:02'"));
  for (const query of ['?limit=-1', '?signal_min=loud', '?timestamp_start=', '?limit=2.5']) {
    const refused = await t.request(`/logging/svcdb/pcap/bad.pcapng${query}`);
    assert.is(refused.status, 400, query);
  }
  assert.is((await t.request('/logging/svcdb/pcap/bad name.pcapng')).status, 400, 'a title that is not a file name');
});

test('a point of interest is a POI snapshot in the log, at the server position, with its note; an oversized note is a 400 and writes nothing', async () => {
  const answer = await t.command('/poi/create_poi.cmd', { note: 'parked by the "north" gate' });
  assert.is(answer.status, 200);
  const point = (await answer.json()) as Record<string, any>;
  assert.equal([point['svc.poi.note'], point['svc.poi.location']['svc.common.location.geopoint']], ['parked by the "north" gate', [6.8850232, 52.2163689]]);
  assert.is((await t.command('/poi/create_poi.cmd', {})).status, 200, 'a note is optional');
  const refused = await t.command('/poi/create_poi.cmd', { note: 'x'.repeat(4097) });
  assert.equal([refused.status, ((await refused.json()) as { code: string }).code], [400, 'SVC_ERR_BAD_REQUEST']);
  const listed = (await (await t.request('/poi/list_poi.json')).json()) as Record<string, unknown>[];
  assert.equal(listed.map((entry) => entry['svc.poi.note']), ['parked by the "north" gate', '']);
  await waitUntil('both points are in the log', () => count("SELECT count(*) AS n FROM snapshots WHERE snaptype = 'POI'") === 2);
  const db = new Database(logPath, { readonly: true });
  try {
    const rows = db.prepare("SELECT ts_sec, ts_usec, lat, lon, json FROM snapshots WHERE snaptype = 'POI' ORDER BY rowid").all() as Record<string, any>[];
    assert.equal(
      rows.map((row) => [row.lat, row.lon, String(row.json)]),
      [
        [52.2163689, 6.8850232, '{"note":"parked by the \\"north\\" gate"}'],
        [52.2163689, 6.8850232, ''],
      ],
    );
    assert.is(rows[0]!.ts_sec + rows[0]!.ts_usec / 1e6, point['svc.poi.time']);
  } finally {
    db.close();
  }
});

test('drop.cmd removes the packets of drop_before and earlier, and only those; bad input changes nothing', async () => {
  const original = (await readAll(capture)).frames;
  const before = original[400]!.tsSec;
  for (const body of [{}, { drop_before: 'yesterday' }, { drop_before: -1 }, { drop_before: 1.5 }]) {
    assert.is((await t.command('/logging/svcdb/pcap/drop.cmd', body)).status, 400, JSON.stringify(body));
  }
  assert.is(count('SELECT count(*) AS n FROM packets'), total, 'nothing was dropped');
  const dropped = await t.command('/logging/svcdb/pcap/drop.cmd', { drop_before: before });
  const expected = original.filter((frame) => frame.tsSec <= before).length;
  assert.equal([dropped.status, await dropped.json()], [200, { 'svc.logging.dropped_packets': expected }]);
  assert.is(count('SELECT count(*) AS n FROM packets'), total - expected);
  assert.is(count(`SELECT count(*) AS n FROM packets WHERE ts_sec <= ${before}`), 0);
  const token = (await (await t.command('/auth/apikey/generate.cmd', { name: 'reader', role: 'readonly' })).text()).trim();
  const asReader = (path: string, body?: unknown) =>
    t.request(path, { method: body ? 'POST' : 'GET', auth: false, headers: { cookie: `SVC=${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined }).then((response) => response.status);
  assert.is(await asReader('/logging/svcdb/pcap/drop.cmd', { drop_before: 0 }), 403);
  assert.is(await asReader('/poi/create_poi.cmd', { note: 'x' }), 403);
  assert.is(await asReader('/poi/list_poi.json'), 200);
});

test('without an open svcdb log the export, drop and points of interest are each a 409 saying how to start one', async () => {
  const logs = (await (await t.request('/logging/active.json')).json()) as Record<string, unknown>[];
  const uuid = logs.find((log) => log['svc.logfile.open'] === 1)!['svc.logfile.uuid'];
  assert.is((await t.command(`/logging/by-uuid/${uuid}/stop.cmd`, {})).status, 200);
  for (const [path, body] of [
    ['/logging/svcdb/pcap/after.pcapng', undefined],
    ['/logging/svcdb/pcap/drop.cmd', { drop_before: 0 }],
    ['/poi/create_poi.cmd', { note: 'nowhere to go' }],
  ] as const) {
    const response = body ? await t.command(path, body) : await t.request(path);
    const refusal = (await response.json()) as { code: string; error: string };
    assert.equal([response.status, refusal.code], [409, 'SVC_ERR_CONFLICT'], path);
    assert.match(refusal.error, 'no svcdb log is open: start one with /logging/by-class/svcdb/start.cmd');
  }
});

test.run();
