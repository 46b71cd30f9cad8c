/**
 * The `gpsd` GPS type end to end: real gpsd servers (Debian `gpsd`, `gpsd -N -n -b -S <port>`
 * on a free loopback port, each reading one end of a `socat` pty pair) replay NMEA streams, and
 * a real `svc start` with `gps=gpsd:...` lines serves each GPS's last report. Two suites: the
 * shared gpsd recordings (real data; the suite starts nothing without it and its tests are
 * skipped), replayed up to their last fix as their summaries say, and the tracks made here,
 * replayed whole, whose ground truth gives the last fix's position, time, altitude, speed and
 * course and the satellite counts. In each, one gpsd is stopped and started again: svc
 * reconnects and takes the fixes of another stream. A gpsd that is not there is reported in
 * words saying what to do. Every gpsd is stopped after.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, hasRealData, realDataTest, stopProcess, waitUntil } from '@svc/core/testing';
import { NMEA_RECORDINGS, nmeaRecordingFiles, openPtyPair, readNmeaRecordingsToLastFix, readSvcTrack, SVC_TRACK_NAMES, type NmeaStream, type PtyPair } from '@svc/plugin-serial/testing';
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
      if (running) await stopProcess(running);
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

/** gpsd servers, one per stream, and a real svc reading them all (and a gpsd that is not there). */
interface GpsdBench {
  readonly svc: SvcProcess;
  readonly get: (path: string) => Promise<any>;
  readonly daemons: readonly Gpsd[];
  readonly absentPort: number;
  /** The GPS record named `name`. */
  gps(name: string): Promise<any>;
  close(): Promise<void>;
}

/** Starts a gpsd per name and svc with a `gps=gpsd:` line for each, plus one for a port nobody listens on; resolves when every present gpsd is running in svc. */
async function startBench(names: readonly string[]): Promise<GpsdBench> {
  const daemons: Gpsd[] = [];
  for (const _ of names) daemons.push(await startGpsd(await openPtyPair()));
  const absentPort = await freePort();
  const configDir = mkdtempSync(join(tmpdir(), 'svc-gpsd-'));
  const lines = names.map((name, index) => `gps=gpsd:host=127.0.0.1,port=${daemons[index]!.port},name=${name}`);
  lines.push(`gps=gpsd:host=127.0.0.1,port=${absentPort},name=absent`);
  writeFileSync(join(configDir, 'svc.conf'), `${lines.join('\n')}\nsource_retry_delay=0.2\n`);
  const svc = await startSvc({ configDir, args: ['--config', join(configDir, 'svc.conf'), '-n'] });
  const get = adminGet(svc);
  const gps = async (name: string) => ((await get('/gps/all_gps.json')) as any[]).find((record) => record['svc.gps.name'] === name);
  await waitUntil('svc connected to every gpsd', async () => {
    const all = (await get('/gps/all_gps.json')) as any[];
    return names.every((name) => all.find((record) => record['svc.gps.name'] === name)?.['svc.gps.state'] === 'running');
  }, { timeoutMs: 15_000, detail: svc.stderr });
  return {
    svc,
    get,
    daemons,
    absentPort,
    gps,
    async close() {
      await svc.stop();
      for (const gpsd of daemons) {
        await gpsd.stop();
        await gpsd.pty.close();
      }
    },
  };
}

const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;

/** Stops the first stream's gpsd: the GPS is in error; starts it again: svc reconnects and takes the fixes of `other`, up to its last at lat/lon (and `time`, when given). */
async function restartAndReplay(bench: GpsdBench, name: string, other: Buffer, last: { lat: number; lon: number; time?: number }): Promise<void> {
  const gpsd = bench.daemons[0]!;
  await gpsd.stop();
  await waitUntil('the loss is seen', async () => (await bench.gps(name))['svc.gps.state'] === 'error', { timeoutMs: 10_000 });
  assert.match((await bench.gps(name))['svc.gps.error'], /closed the connection \(gpsd stopped\?\)|connection refused/);
  await gpsd.start();
  await waitUntil('svc reconnects', async () => (await bench.gps(name))['svc.gps.state'] === 'running', { timeoutMs: 15_000, detail: bench.svc.stderr });
  await replay(gpsd.pty, other);
  await waitUntil('a fix of the new stream arrives', async () => {
    const location = (await bench.gps(name))['svc.gps.location'];
    const [lon, lat] = location['svc.common.location.geopoint'];
    return near(lat, last.lat) && near(lon, last.lon) && (last.time === undefined || location['svc.common.location.time_sec'] === last.time);
  }, { timeoutMs: 15_000 });
}

const real = suite('the shared gpsd recordings');
const RECORDING_FILES = NMEA_RECORDINGS.flatMap(nmeaRecordingFiles);
let recordings: NmeaStream[] = [];
let realBench: GpsdBench | undefined;

real.before(async () => {
  if (!hasRealData(RECORDING_FILES)) return;
  recordings = readNmeaRecordingsToLastFix();
  realBench = await startBench(recordings.map((recording) => recording.name));
});
real.after(async () => {
  await realBench?.close();
});

realDataTest(real, "each recording replayed through gpsd: svc's last fix of it is the summary's last fix", RECORDING_FILES, async () => {
  const bench = realBench!;
  await Promise.all(recordings.map((recording, index) => replay(bench.daemons[index]!.pty, recording.bytes)));
  for (const recording of recordings) {
    const { lat, lon } = recording.summary.last_fix!;
    let location: any;
    await waitUntil(`${recording.name}: the last fix arrives`, async () => {
      location = (await bench.gps(recording.name))['svc.gps.location'];
      const [gotLon, gotLat] = location['svc.common.location.geopoint'];
      return near(gotLat, lat) && near(gotLon, lon);
    }, { timeoutMs: 15_000, detail: () => JSON.stringify(location) });
    assert.ok(location['svc.common.location.fix'] >= 2, `${recording.name}: a 2D or 3D fix`);
    const gps = await bench.gps(recording.name);
    assert.match(gps['svc.gps.description'], /^gpsd at 127\.0\.0\.1:\d+ \(gpsd 3\./);
  }
  // The first GPS with a current fix is the server's position.
  const first = recordings[0]!.summary.last_fix!;
  const location = await bench.get('/gps/location.json');
  assert.ok(near(location['svc.common.location.geopoint'][1], first.lat) && near(location['svc.common.location.geopoint'][0], first.lon), JSON.stringify(location));
  assert.is(location['svc.common.location.valid'], 1);
});

realDataTest(real, "SKY reports give the satellite counts; a 3D fix has gpsd's altitude above sea level", RECORDING_FILES, async () => {
  const mtk = recordings.findIndex((recording) => recording.name === 'gpsd_mtk-3301');
  const gps = await realBench!.gps(recordings[mtk]!.name);
  assert.ok(gps['svc.gps.satellites_visible'] >= gps['svc.gps.satellites_used'] && gps['svc.gps.satellites_used'] > 0, JSON.stringify(gps));
  assert.is(gps['svc.gps.location']['svc.common.location.fix'], 3);
  assert.ok(Math.abs(gps['svc.gps.location']['svc.common.location.alt'] - 102.93) < 0.01, 'altMSL of the last TPV');
});

realDataTest(real, 'gpsd stopped: the GPS is in error; started again: svc reconnects and takes new fixes', RECORDING_FILES, async () => {
  const { lat, lon } = recordings[2]!.summary.last_fix!;
  await restartAndReplay(realBench!, recordings[0]!.name, recordings[2]!.bytes, { lat, lon });
});

real.run();

const made = suite('the tracks made here');
const tracks = SVC_TRACK_NAMES.map(readSvcTrack);
let bench: GpsdBench;

made.before(async () => {
  bench = await startBench(tracks.map((track) => track.name));
});
made.after(async () => {
  await bench?.close();
});

/** The last second of a track, where its last fix is. */
const lastSecond = (track: (typeof tracks)[number]) => track.summary.epochs.at(-1)!;

made("each track replayed whole through gpsd: svc's last fix of it has the ground truth's position, time, altitude, speed and course", async () => {
  await Promise.all(tracks.map((track, index) => replay(bench.daemons[index]!.pty, track.bytes)));
  for (const track of tracks) {
    const end = lastSecond(track);
    let location: any;
    await waitUntil(`${track.name}: the last fix arrives`, async () => {
      location = (await bench.gps(track.name))['svc.gps.location'];
      const [lon, lat] = location['svc.common.location.geopoint'];
      return near(lat, end.lat!) && near(lon, end.lon!) && location['svc.common.location.time_sec'] === Date.parse(end.time) / 1000;
    }, { timeoutMs: 15_000, detail: () => JSON.stringify(location) });
    assert.is(location['svc.common.location.fix'], 3, `${track.name}: a 3D fix`);
    assert.ok(Math.abs(location['svc.common.location.alt'] - end.alt_m!) < 1e-6, `${track.name}: altitude ${location['svc.common.location.alt']}, truth ${end.alt_m}`);
    // gpsd gives the speed in m/s with three decimals; svc keeps km/h.
    assert.ok(Math.abs(location['svc.common.location.speed'] - end.speed_kn! * 1.852) < 0.002, `${track.name}: speed ${location['svc.common.location.speed']} km/h, truth ${end.speed_kn} kn`);
    assert.ok(Math.abs(location['svc.common.location.heading'] - end.course!) < 1e-4, `${track.name}: course`);
    assert.match((await bench.gps(track.name))['svc.gps.description'], /^gpsd at 127\.0\.0\.1:\d+ \(gpsd 3\./);
  }
  // The first GPS with a current fix is the server's position.
  const first = lastSecond(tracks[0]!);
  const location = await bench.get('/gps/location.json');
  assert.ok(near(location['svc.common.location.geopoint'][1], first.lat!) && near(location['svc.common.location.geopoint'][0], first.lon!), JSON.stringify(location));
  assert.is(location['svc.common.location.valid'], 1);
});

made("SKY reports give the ground truth's satellite counts in view and used", async () => {
  for (const track of tracks) {
    const gps = await bench.gps(track.name);
    const end = lastSecond(track);
    assert.equal([gps['svc.gps.satellites_visible'], gps['svc.gps.satellites_used']], [end.sats_visible, end.sats_used], track.name);
  }
});

made('gpsd stopped: the GPS is in error; started again: svc reconnects and takes the fixes of the other track', async () => {
  const other = tracks[1]!;
  const end = lastSecond(other);
  await restartAndReplay(bench, tracks[0]!.name, other.bytes, { lat: end.lat!, lon: end.lon!, time: Date.parse(end.time) / 1000 });
});

made('a gpsd that is not there is reported with what to do, and the server runs on', async () => {
  // Between retries the GPS is briefly 'opening' again; the error is what it settles on.
  let absent: any;
  await waitUntil('the absent gpsd is in error', async () => (absent = await bench.gps('absent'))['svc.gps.state'] === 'error', { timeoutMs: 15_000, detail: () => JSON.stringify(absent) });
  assert.is(absent['svc.gps.error'], `SVC_ERR_GPS_OPEN: no gpsd is listening on 127.0.0.1:${bench.absentPort} (connection refused); start gpsd (Debian: apt-get install gpsd) or set host= and port= to where it runs`);
  const messages = (await bench.get('/messagebus/all_messages.json')) as any[];
  assert.ok(messages.some((message) => /gps absent failed: SVC_ERR_GPS_OPEN: no gpsd is listening .* retrying in/.test(message['svc.messagebus.message_string'])));
});

made.run();
