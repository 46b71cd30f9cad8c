/**
 * `svc log export` on a log of a real `svc start`: the demo scene replayed while a phone-style
 * web GPS drives the sensor along a street, logged to svcdb and WiGLE CSV. The real `svc` bin
 * exports the log: GPSBabel reads the KML and GPX back to the positions the server's REST API
 * reported before it stopped (the estimate where there is one, else the last fix), to the
 * precision written; the WiGLE CSV export is the live WiGLE log, row for row. A missing file, a
 * file that is not an svcdb log, a Kismet log, a log cut short and an unknown format each stop
 * it with the reason.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gpsbabelPoints, hasRealData, postCommand, realDataPath, waitUntil } from '@svc/core/testing';
import { DEMO_SCENE_CAPTURE } from './dot11-captures.js';
import { adminGet, basicAuth, startSvc } from './svc-process.js';

const bin = fileURLToPath(new URL('../bin/run.js', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'svc-e2e-export-'));

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the real `svc` with `args` until it exits. */
function svc(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, NODE_OPTIONS: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

let log: string;
let liveWigle: string;
/** What the API served before the server stopped: each located device's position by MAC. */
const served = new Map<string, { lat: number; lon: number; estimated: boolean }>();

test.before(async () => {
  const configDir = mkdtempSync(join(scratch, 'config-'));
  writeFileSync(join(configDir, 'svc.conf'), 'gps=web:name=car\nlog_types=svcdb,wiglecsv\n');
  const server = await startSvc({ configDir });
  const auth = { authorization: basicAuth('svc', server.password!) };
  const get = adminGet(server);
  // The car drives north-east, 2 m every 20 ms, while the capture is replayed.
  let step = 0;
  let driving = true;
  const drive = (async () => {
    while (driving) {
      const position = { lat: 52.2215 + (step * 1.4) / 111_000, lon: 6.8937 + (step * 1.4) / 68_000 };
      step++;
      assert.is((await postCommand(`${server.url}/gps/web/update.cmd`, position, auth)).status, 200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    await waitUntil('a fix', async () => (await get('/gps/location.json'))['svc.common.location.valid'] === 1);
    const added = await postCommand(`${server.url}/datasource/add_source.cmd`, { definition: `${DEMO_SCENE_CAPTURE.path}:pps=150` }, auth);
    assert.is(added.status, 200);
    await waitUntil('the capture replayed', async () => (await get('/datasource/all_sources.json'))[0]['svc.datasource.num_packets'] === DEMO_SCENE_CAPTURE.reference.frames_total, {
      timeoutMs: 60_000,
      detail: server.stderr,
    });
    driving = false;
    await drive;
    for (const device of await get('/devices/views/all/devices.json')) {
      const location = device['svc.device.base.location'];
      if (!location) continue;
      const estimated = location['svc.common.location.estimate_samples'] > 0;
      const [lon, lat] = location[estimated ? 'svc.common.location.estimate_loc' : 'svc.common.location.last']['svc.common.location.geopoint'];
      served.set(device['svc.device.base.macaddr'], { lat, lon, estimated });
    }
  } finally {
    driving = false;
    await drive.catch(() => {});
    await server.stop();
  }
  const logs = readdirSync(join(configDir, 'logs'));
  log = join(configDir, 'logs', logs.find((name) => name.endsWith('.svcdb'))!);
  liveWigle = readFileSync(join(configDir, 'logs', logs.find((name) => name.endsWith('.wiglecsv'))!), 'utf8');
});
test.after(() => rmSync(scratch, { recursive: true, force: true }));

/** GPSBabel's reading of an export, by the MAC its description names. */
async function readBack(file: string, format: 'kml' | 'gpx'): Promise<Map<string, { lat: string; lon: string }>> {
  const points = await gpsbabelPoints(file, format);
  return new Map(points.map((point) => [/MAC: ([0-9A-F:]{17})/.exec(point.Description!)![1]!, { lat: point.Latitude!, lon: point.Longitude! }]));
}

for (const format of ['kml', 'gpx'] as const) {
  test(`${format}: GPSBabel reads every located device back at the position the API served, to the precision written`, async () => {
    assert.ok(served.size >= 10, `${served.size} located devices`);
    assert.ok([...served.values()].filter((position) => position.estimated).length >= 5, 'estimates among them');
    const file = join(scratch, `drive.${format}`);
    const run = await svc(['log', 'export', '--format', format, log, '--out', file]);
    assert.is(run.code, 0, run.stderr);
    assert.match(run.stderr, `svc log export: ${served.size} devices from ${log} to ${file}`);
    assert.not.ok(existsSync(`${file}.partial`));
    const read = await readBack(file, format);
    assert.equal([...read.keys()].sort(), [...served.keys()].sort());
    for (const [mac, position] of served) assert.equal(read.get(mac), { lat: position.lat.toFixed(6), lon: position.lon.toFixed(6) }, mac);
  });
}

test('without --out the export goes to standard output', async () => {
  const run = await svc(['log', 'export', '-f', 'gpx', log]);
  assert.is(run.code, 0, run.stderr);
  const file = join(scratch, 'stdout.gpx');
  writeFileSync(file, run.stdout);
  assert.is((await readBack(file, 'gpx')).size, served.size);
});

test('wiglecsv: the replayed log gives the live WiGLE log row for row, estimates at the end; --no-estimates leaves them out', async () => {
  const file = join(scratch, 'drive.wiglecsv');
  const run = await svc(['log', 'export', '--format', 'wiglecsv', log, '--out', file]);
  assert.is(run.code, 0, run.stderr);
  const exported = readFileSync(file, 'utf8');
  const rows = exported.split('\n').filter(Boolean).slice(2);
  const estimates = rows.filter((row) => row.split(',').at(-4) !== '0');
  assert.ok(rows.length > 20 && estimates.length >= 5, `${rows.length} rows, ${estimates.length} at estimates`);
  assert.is(exported, liveWigle);
  const bare = await svc(['log', 'export', '--format', 'wiglecsv', '--no-estimates', log]);
  assert.is(bare.code, 0, bare.stderr);
  assert.equal(bare.stdout.split('\n').filter(Boolean).slice(2), rows.slice(0, rows.length - estimates.length));
});

test('a missing file, a file that is no svcdb log, a log cut short and an unknown format are refused with the reason', async () => {
  const refused = async (args: string[], reason: RegExp) => {
    const out = join(scratch, 'refused.kml');
    const run = await svc(['log', 'export', ...args, '--out', out]);
    assert.is(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
    assert.match(run.stderr, reason);
    assert.not.ok(existsSync(out) || existsSync(`${out}.partial`), 'no file left behind');
  };
  await refused(['-f', 'kml', join(scratch, 'nonesuch.svcdb')], /nonesuch\.svcdb: no such log/);
  await refused(['-f', 'kml', DEMO_SCENE_CAPTURE.path], /is not an svcdb log: it is not a SQLite database/);
  const cut = join(scratch, 'cut.svcdb');
  copyFileSync(log, cut);
  truncateSync(cut, Math.floor(statSync(cut).size / 2));
  await refused(['-f', 'kml', cut], /cut\.svcdb is damaged \(cut short or overwritten\?\)/);
  await refused(['-f', 'wiglecsv', cut], /cut\.svcdb is damaged/);
  await refused(['-f', 'shapefile', log], /Expected --format=shapefile to be one of: kml, gpx, wiglecsv/);
  const kismet = realDataPath('kismetdb', 'aircrack-ng_test1.kismet');
  if (hasRealData(['kismetdb/aircrack-ng_test1.kismet'])) await refused(['-f', 'gpx', kismet], /is a Kismet log: its device records carry Kismet's field names/);
});

test.run();
