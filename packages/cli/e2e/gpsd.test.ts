/**
 * The `gpsd` GPS type end to end: real gpsd servers (Debian `gpsd`, `gpsd -N -n -b -S <port>`
 * on a free loopback port, each reading one end of a `socat` pty pair) replay the shared NMEA
 * recordings up to their last fix, and a real `svc start` with `gps=gpsd:...` lines serves each
 * GPS's last report as the recording's summary says. One gpsd is stopped and started again:
 * svc reconnects and takes new fixes. A gpsd that is not there is reported in words saying what
 * to do. Every gpsd is stopped after.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, testDataPath, waitUntil } from '@svc/core/testing';
import { NMEA_RECORDINGS, openPtyPair, type PtyPair } from '@svc/plugin-serial/testing';
import { adminGet, startSvc, type SvcProcess } from './svc-process.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A real gpsd reading one pty, on a loopback port. */
interface Gpsd {
  readonly port: number;
  readonly pty: PtyPair;
  stop(): Promise<void>;
  start(): Promise<void>;
}

async function startGpsd(pty: PtyPair): Promise<Gpsd> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const gpsd: Gpsd = {
    port,
    pty,
    async start() {
      child = spawn('gpsd', ['-N', '-n', '-b', '-S', String(port), pty.device], { stdio: 'ignore' });
      child.once('error', (error) => {
        throw new Error(`gpsd could not start (Debian: apt-get install gpsd): ${error.message}`);
      });
      await waitUntil(`gpsd listens on ${port}`, () => canConnect(port), { timeoutMs: 10_000 });
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
  };
  await gpsd.start();
  return gpsd;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Writes a recording to the pty in uneven pieces, a little at a time, as a receiver sends. */
async function replay(pty: PtyPair, bytes: Buffer): Promise<void> {
  for (let at = 0, size = 40; at < bytes.length; at += size, size = ((size * 7) % 97) + 16) {
    pty.write(bytes.subarray(at, at + size));
    await sleep(2);
  }
}

interface Summary {
  last_fix: { sentence: string; time: string; lat: number; lon: number };
}

/**
 * The recording up to its last fix: through the sentence the summary names, and the first
 * sentence of the next cycle (a new time), which tells gpsd the fix's cycle is complete. Some
 * recordings lose the fix afterwards; what follows is left out.
 */
function upToLastFix(bytes: Buffer, summary: Summary): Buffer {
  const lines = bytes.toString('latin1').split('\r\n');
  const { sentence, time } = summary.last_fix;
  const last = lines.findLastIndex((line) => line.startsWith('$') && line.slice(3).startsWith(`${sentence},${time},`));
  if (last < 0) throw new Error(`the last fix (${sentence} at ${time}) is not in the recording`);
  let end = lines.length - 1;
  for (let index = last + 1; index < lines.length; index++) {
    const stamp = /^\$..(?:GGA|RMC|ZDA),(\d{6}(?:\.\d+)?),/.exec(lines[index]!)?.[1];
    if (stamp !== undefined && stamp !== time) {
      end = index;
      break;
    }
  }
  return Buffer.from(`${lines.slice(0, end + 1).join('\r\n')}\r\n`, 'latin1');
}

const recordings = NMEA_RECORDINGS.map((name) => {
  const summary = JSON.parse(readFileSync(testDataPath('serial', `${name}.nmea-summary.json`), 'utf8')) as Summary;
  return { name, summary, bytes: upToLastFix(readFileSync(testDataPath('serial', `${name}.raw.nmea`)), summary) };
});

let svc: SvcProcess;
let get: (path: string) => Promise<any>;
const daemons: Gpsd[] = [];
let absentPort = 0;

test.before(async () => {
  for (const _ of recordings) daemons.push(await startGpsd(await openPtyPair()));
  absentPort = await freePort();
  const configDir = mkdtempSync(join(tmpdir(), 'svc-gpsd-'));
  const lines = recordings.map((recording, index) => `gps=gpsd:host=127.0.0.1,port=${daemons[index]!.port},name=${recording.name}`);
  lines.push(`gps=gpsd:host=127.0.0.1,port=${absentPort},name=absent`);
  writeFileSync(join(configDir, 'svc.conf'), `${lines.join('\n')}\nsource_retry_delay=0.2\n`);
  svc = await startSvc({ configDir, args: ['--config', join(configDir, 'svc.conf'), '-n'] });
  get = adminGet(svc);
  await waitUntil('svc connected to every gpsd', async () => {
    const all = (await get('/gps/all_gps.json')) as any[];
    return recordings.every((recording) => all.find((gps) => gps['svc.gps.name'] === recording.name)?.['svc.gps.state'] === 'running');
  }, { timeoutMs: 15_000, detail: svc.stderr });
});

test.after(async () => {
  await svc?.stop();
  for (const gpsd of daemons) {
    await gpsd.stop();
    await gpsd.pty.close();
  }
});

const gpsNamed = async (name: string) => ((await get('/gps/all_gps.json')) as any[]).find((gps) => gps['svc.gps.name'] === name);
const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;

test("each recording replayed through gpsd: svc's last fix of it is the summary's last fix", async () => {
  await Promise.all(recordings.map((recording, index) => replay(daemons[index]!.pty, recording.bytes)));
  for (const recording of recordings) {
    const { lat, lon } = recording.summary.last_fix;
    let location: any;
    await waitUntil(`${recording.name}: the last fix arrives`, async () => {
      location = (await gpsNamed(recording.name))['svc.gps.location'];
      const [gotLon, gotLat] = location['svc.common.location.geopoint'];
      return near(gotLat, lat) && near(gotLon, lon);
    }, { timeoutMs: 15_000, detail: () => JSON.stringify(location) });
    assert.ok(location['svc.common.location.fix'] >= 2, `${recording.name}: a 2D or 3D fix`);
    const gps = await gpsNamed(recording.name);
    assert.match(gps['svc.gps.description'], /^gpsd at 127\.0\.0\.1:\d+ \(gpsd 3\./);
  }
  // The first GPS with a current fix is the server's position.
  const first = recordings[0]!.summary.last_fix;
  const location = await get('/gps/location.json');
  assert.ok(near(location['svc.common.location.geopoint'][1], first.lat) && near(location['svc.common.location.geopoint'][0], first.lon), JSON.stringify(location));
  assert.is(location['svc.common.location.valid'], 1);
});

test('SKY reports give the satellite counts; a 3D fix has gpsd\'s altitude above sea level', async () => {
  const mtk = recordings.findIndex((recording) => recording.name === 'gpsd_mtk-3301');
  const gps = await gpsNamed(recordings[mtk]!.name);
  assert.ok(gps['svc.gps.satellites_visible'] >= gps['svc.gps.satellites_used'] && gps['svc.gps.satellites_used'] > 0, JSON.stringify(gps));
  assert.is(gps['svc.gps.location']['svc.common.location.fix'], 3);
  assert.ok(Math.abs(gps['svc.gps.location']['svc.common.location.alt'] - 102.93) < 0.01, 'altMSL of the last TPV');
});

test('gpsd stopped: the GPS is in error; started again: svc reconnects and takes new fixes', async () => {
  const gpsd = daemons[0]!;
  const name = recordings[0]!.name;
  await gpsd.stop();
  await waitUntil('the loss is seen', async () => (await gpsNamed(name))['svc.gps.state'] === 'error', { timeoutMs: 10_000 });
  assert.match((await gpsNamed(name))['svc.gps.error'], /closed the connection \(gpsd stopped\?\)|connection refused/);
  await gpsd.start();
  await waitUntil('svc reconnects', async () => (await gpsNamed(name))['svc.gps.state'] === 'running', { timeoutMs: 15_000, detail: svc.stderr });
  const other = recordings[2]!;
  await replay(gpsd.pty, other.bytes);
  await waitUntil('a fix of the new stream arrives', async () => {
    const [lon, lat] = (await gpsNamed(name))['svc.gps.location']['svc.common.location.geopoint'];
    return near(lat, other.summary.last_fix.lat) && near(lon, other.summary.last_fix.lon);
  }, { timeoutMs: 15_000 });
});

test('a gpsd that is not there is reported with what to do, and the server runs on', async () => {
  const absent = await gpsNamed('absent');
  assert.is(absent['svc.gps.state'], 'error');
  assert.is(absent['svc.gps.error'], `SVC_ERR_GPS_OPEN: no gpsd is listening on 127.0.0.1:${absentPort} (connection refused); start gpsd (Debian: apt-get install gpsd) or set host= and port= to where it runs`);
  const messages = (await get('/messagebus/all_messages.json')) as any[];
  assert.ok(messages.some((message) => /gps absent failed: SVC_ERR_GPS_OPEN: no gpsd is listening .* retrying in/.test(message['svc.messagebus.message_string'])));
});

test.run();
