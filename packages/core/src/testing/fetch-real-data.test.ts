/**
 * `npm run test-data` against a real HTTP server on loopback standing in for the public
 * repositories: pinned files are downloaded and kept only with their pinned checksum, files
 * derived from them are made and checked the same way, a file the server changed or lacks is
 * reported and not written, files only the shared data set holds are listed, and a second run
 * finds everything in place. (Each PHY plugin checks, over the real data, that its recipe makes
 * exactly the files the manifest pins.)
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchRealData, type FetchOutcome } from './fetch-real-data.js';
import type { RealDataFile } from './real-data.js';

const LOG = Buffer.from('# gpsd test log\n$GPGGA,1*00\n\n# more\n$GPRMC,2*00\n');
const pin = (bytes: Buffer) => ({ sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length });
const served = new Map<string, Buffer>([
  ['/ntpsec/gpsd/raw/46977faa8f94/test/daemon/one.log', LOG],
  ['/ntpsec/gpsd/raw/46977faa8f94/test/daemon/changed.log', Buffer.from('not what was pinned')],
]);
const files: Record<string, RealDataFile> = {
  'serial/one.nmea.log': { ...pin(LOG), origin: { kind: 'public', repo: 'ntpsec/gpsd', commit: '46977faa8f94', path: 'test/daemon/one.log', licence: 'BSD-2-Clause' } },
  'serial/one.raw.nmea': { ...pin(Buffer.from('$GPGGA,1*00\r\n$GPRMC,2*00\r\n')), origin: { kind: 'derived', from: 'serial/one.nmea.log', recipe: 'nmea-stream' } },
  'serial/changed.nmea.log': { ...pin(Buffer.from('what was pinned')), origin: { kind: 'public', repo: 'ntpsec/gpsd', commit: '46977faa8f94', path: 'test/daemon/changed.log', licence: 'BSD-2-Clause' } },
  'serial/changed.raw.nmea': { ...pin(Buffer.from('x')), origin: { kind: 'derived', from: 'serial/changed.nmea.log', recipe: 'nmea-stream' } },
  'serial/gone.nmea.log': { ...pin(Buffer.from('gone')), origin: { kind: 'public', repo: 'ntpsec/gpsd', commit: '46977faa8f94', path: 'test/daemon/gone.log', licence: 'BSD-2-Clause' } },
  'kismetdb/log.kismet': { ...pin(Buffer.from('kismet')), origin: { kind: 'shared', made: 'the log Kismet wrote' } },
};

let server: Server;
let baseUrl: string;
const directory = mkdtempSync(join(tmpdir(), 'svc-fetch-'));

test.before(async () => {
  server = createServer((request, response) => {
    const body = served.get(request.url ?? '');
    response.writeHead(body ? 200 : 404).end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.after(() => {
  server.close();
  rmSync(directory, { recursive: true, force: true });
});

/** The recipe these files use: a gpsd-style log without its comment lines, CRLF line ends. */
const recipes = {
  'nmea-stream': (source: string) => Buffer.from(readFileSync(source, 'latin1').split(/\r?\n/).filter((line) => line !== '' && !line.startsWith('#')).map((line) => `${line}\r\n`).join(''), 'latin1'),
};

const outcomes = async () => {
  const report = await fetchRealData({ directory, files, baseUrl, recipes });
  return Object.fromEntries([...report.outcomes].map(([path, { outcome, detail }]) => [path, `${outcome}${detail ? `: ${detail}` : ''}`])) as Record<string, string>;
};

test('public files are downloaded and derived ones made, each kept only with its pinned checksum', async () => {
  const first = await outcomes();
  assert.is(first['serial/one.nmea.log'], 'downloaded');
  assert.is(first['serial/one.raw.nmea'], 'derived');
  assert.equal(readFileSync(join(directory, 'serial/one.raw.nmea')), Buffer.from('$GPGGA,1*00\r\n$GPRMC,2*00\r\n'));
  assert.match(first['serial/changed.nmea.log']!, /^failed: downloaded file differs: 19 bytes where 15 are pinned/);
  assert.not.ok(existsSync(join(directory, 'serial/changed.nmea.log')), 'a file that differs is not written');
  assert.match(first['serial/changed.raw.nmea']!, /^failed: its source .*changed\.nmea\.log is missing/);
  assert.match(first['serial/gone.nmea.log']!, /^failed: http:\/\/127\.0\.0\.1:\d+\/ntpsec\/gpsd\/raw\/46977faa8f94\/test\/daemon\/gone\.log answered 404/);
  assert.is(first['kismetdb/log.kismet'], 'shared-only: the log Kismet wrote');
});

test('a second run finds what the first got in place and downloads nothing', async () => {
  served.clear();
  const second = await outcomes();
  const kinds = (outcome: FetchOutcome) => Object.keys(second).filter((path) => second[path]!.startsWith(outcome)).sort();
  assert.equal(kinds('present'), ['serial/one.nmea.log', 'serial/one.raw.nmea']);
});

test('a derived file whose recipe was not given fails, naming the recipe', async () => {
  const report = await fetchRealData({ directory, files: { 'x/y.json': { sha256: 'ab', origin: { kind: 'derived', from: 'serial/one.nmea.log', recipe: 'tshark-summary' } } }, recipes: {} });
  assert.equal(report.outcomes.get('x/y.json'), { outcome: 'failed', detail: 'no recipe tshark-summary was given' });
});

test.run();
