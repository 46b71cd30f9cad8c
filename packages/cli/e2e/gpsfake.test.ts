/**
 * GPS replay through the real gpsfake (Debian `gpsd-clients`): gpsfake starts its own gpsd on a
 * free loopback port and feeds it an NMEA log through a pty, and a real `svc start` reads it with
 * `gps=gpsd:`, as a user replays a recorded drive into svc. Two suites: the shared gpsd
 * recordings (real data; each up to its last fix, as its summary says) and the tracks made here
 * (whole, with a ground truth of the last fix's position, time, altitude, speed and course).
 *
 * gpsfake feeds its log as soon as it runs, while gpsd opens the fake device only once a client
 * watches: lines written before are lost. So gpsfake runs single-stepping (`-i`: it prompts for
 * each line and sends it on Enter), a watcher of the test's own opens the device, svc connects,
 * and only then the test answers the prompts, up to gpsfake's end-of-log one: every line reaches
 * gpsd. svc's fix of each log must be the summary's last fix and the last fix gpsd reported to
 * the watcher. Every gpsfake and its gpsd are stopped after.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, hasRealData, realDataTest, waitUntil } from '@svc/core/testing';
import { NMEA_RECORDINGS, nmeaRecordingFiles, readNmeaRecordingsToLastFix, readSvcTrack, SVC_TRACK_NAMES, type NmeaStream } from '@svc/plugin-serial/testing';
import { adminGet, startSvc, type SvcProcess } from './svc-process.js';

/** How long gpsfake gets to stop after SIGTERM before it is killed. */
const STOP_GRACE_MS = 5000;

/** A gpsfake running one log single-stepped, with its gpsd on `port`. */
interface Gpsfake {
  readonly port: number;
  /** Answers gpsfake's prompts, a line each, up to its end-of-log prompt; resolves once every line is sent. */
  feed(): Promise<void>;
  stop(): Promise<void>;
}

async function startGpsfake(stream: NmeaStream): Promise<Gpsfake> {
  const directory = mkdtempSync(join(tmpdir(), 'svc-gpsfake-'));
  const log = join(directory, `${stream.name}.nmea`);
  writeFileSync(log, stream.bytes);
  const port = await freePort();
  // Its own process group, so stopping reaches its gpsd too; TMPDIR keeps gpsd's control socket here.
  const child = spawn('gpsfake', ['-1', '-i', '-q', '-P', String(port), log], { cwd: directory, env: { ...process.env, TMPDIR: directory }, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let failure: Error | undefined;
  child.once('error', (error) => (failure = new Error(`gpsfake could not start (Debian: apt-get install gpsd-clients gpsd): ${error.message}`)));
  let output = '';
  let stderr = '';
  let answered = 0;
  let feeding: (() => void) | undefined;
  /** gpsfake's prompts so far (`gpsfake: line N: <line>? `): whether each is its end-of-log one. */
  const prompts = () => [...output.matchAll(/gpsfake: line \d+: (# EOF\? )?/g)].map((match) => match[1] !== undefined);
  const answer = () => {
    if (!feeding) return;
    const ends = prompts();
    for (; answered < ends.length; answered++) {
      if (ends[answered]) {
        feeding();
        feeding = undefined;
        return;
      }
      child.stdin.write('\n');
    }
  };
  child.stdout.setEncoding('latin1').on('data', (chunk: string) => {
    output += chunk;
    answer();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // The first prompt comes once gpsd runs and has the fake device in its list.
  await waitUntil(`gpsfake runs a gpsd on ${port}`, () => {
    if (failure) throw failure;
    return prompts().length > 0;
  }, { timeoutMs: 15_000, detail: () => stderr });
  return {
    port,
    feed: () =>
      new Promise<void>((resolve) => {
        feeding = resolve;
        answer();
      }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // SIGTERM stops gpsd at once; gpsfake, waiting for its next Enter, ends with its input.
      process.kill(-child.pid!, 'SIGTERM');
      child.stdin.end();
      const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A gpsd client of the test's own: its watch opens gpsfake's device; it keeps gpsd's reports. */
interface Watcher {
  readonly reports: Record<string, any>[];
  /** gpsd's last TPV with a 2D or 3D fix. */
  lastFix(): Record<string, any> | undefined;
  close(): void;
}

async function watch(port: number): Promise<Watcher> {
  const socket: Socket = connect({ host: '127.0.0.1', port });
  const reports: Record<string, any>[] = [];
  let pending = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) if (line.trim()) reports.push(JSON.parse(line));
  });
  socket.write('?WATCH={"enable":true,"json":true};\n');
  await waitUntil(`gpsd on ${port} opened the fake device`, () => reports.some((report) => report.class === 'DEVICES' && report.devices?.some((device: any) => device.activated)), { timeoutMs: 15_000 });
  return {
    reports,
    lastFix: () => reports.findLast((report) => report.class === 'TPV' && report.mode >= 2),
    close: () => socket.destroy(),
  };
}

/** A gpsfake and a watcher per stream, and svc reading every gpsfake's gpsd. */
interface Bench {
  readonly svc: SvcProcess;
  readonly fakes: readonly Gpsfake[];
  readonly watchers: readonly Watcher[];
  /** svc's GPS record of a stream. */
  gps(name: string): Promise<any>;
  close(): Promise<void>;
}

async function startBench(streams: readonly NmeaStream[]): Promise<Bench> {
  const fakes: Gpsfake[] = [];
  const watchers: Watcher[] = [];
  const stop = async () => {
    for (const watcher of watchers) watcher.close();
    for (const fake of fakes) await fake.stop();
  };
  let svc: SvcProcess;
  try {
    for (const stream of streams) {
      const fake = await startGpsfake(stream);
      fakes.push(fake);
      watchers.push(await watch(fake.port));
    }
    svc = await startSvc({ args: ['-n', ...streams.flatMap((stream, index) => ['--gps', `gpsd:host=127.0.0.1,port=${fakes[index]!.port},name=${stream.name}`])] });
  } catch (error) {
    await stop();
    throw error;
  }
  const get = adminGet(svc);
  const gps = async (name: string) => ((await get('/gps/all_gps.json')) as any[]).find((record) => record['svc.gps.name'] === name);
  await waitUntil('svc watches every gpsfake', async () => {
    const states = await Promise.all(streams.map(async (stream) => (await gps(stream.name))?.['svc.gps.state']));
    return states.every((state) => state === 'running');
  }, { timeoutMs: 20_000, detail: svc.stderr });
  return {
    svc,
    fakes,
    watchers,
    gps,
    async close() {
      await svc.stop();
      await stop();
    },
  };
}

const near = (a: number, b: number, tolerance = 1e-6) => Math.abs(a - b) < tolerance;

/** Feeds every log, then waits until svc's fix of each is at `last(stream)`: the position, and the time when given. */
async function feedAll(bench: Bench, streams: readonly NmeaStream[], last: (stream: NmeaStream) => { lat: number; lon: number; time?: number }): Promise<any[]> {
  await Promise.all(bench.fakes.map((fake) => fake.feed()));
  const locations: any[] = [];
  for (const stream of streams) {
    const expected = last(stream);
    let location: any;
    await waitUntil(`${stream.name}: svc has the last fix`, async () => {
      location = (await bench.gps(stream.name))['svc.gps.location'];
      const [lon, lat] = location['svc.common.location.geopoint'];
      return near(lat, expected.lat) && near(lon, expected.lon) && (expected.time === undefined || location['svc.common.location.time_sec'] === expected.time);
    }, { timeoutMs: 20_000, detail: () => JSON.stringify(location) });
    locations.push(location);
  }
  return locations;
}

/** svc's fix is the last one gpsd reported: position to gpsd's nine decimals, and gpsd's version in the description. */
async function assertGpsdAgrees(bench: Bench, streams: readonly NmeaStream[], locations: readonly any[]): Promise<void> {
  for (const [index, stream] of streams.entries()) {
    const tpv = bench.watchers[index]!.lastFix();
    assert.ok(tpv, `${stream.name}: gpsd reported a fix`);
    const [lon, lat] = locations[index]['svc.common.location.geopoint'];
    assert.ok(near(lat, tpv!.lat, 1e-9) && near(lon, tpv!.lon, 1e-9), `${stream.name}: svc ${lat},${lon}, gpsd ${tpv!.lat},${tpv!.lon}`);
    assert.is(locations[index]['svc.common.location.fix'], Math.min(tpv!.mode, 3));
    assert.match((await bench.gps(stream.name))['svc.gps.description'], new RegExp(`^gpsd at 127\\.0\\.0\\.1:${bench.fakes[index]!.port} \\(gpsd 3\\.`));
  }
}

const real = suite('gpsfake replaying the shared gpsd recordings');
const RECORDING_FILES = NMEA_RECORDINGS.flatMap(nmeaRecordingFiles);
let recordings: NmeaStream[] = [];
let realBench: Bench | undefined;

real.before(async () => {
  if (!hasRealData(RECORDING_FILES)) return;
  recordings = readNmeaRecordingsToLastFix();
  realBench = await startBench(recordings);
});
real.after(async () => {
  await realBench?.close();
});

realDataTest(real, "each recording through gpsfake: svc's fix is the summary's last fix, and gpsd's", RECORDING_FILES, async () => {
  const locations = await feedAll(realBench!, recordings, (stream) => ({ lat: stream.summary.last_fix!.lat, lon: stream.summary.last_fix!.lon }));
  await assertGpsdAgrees(realBench!, recordings, locations);
});

real.run();

const made = suite('gpsfake replaying the tracks made here');
const tracks = SVC_TRACK_NAMES.map(readSvcTrack);
let bench: Bench;

made.before(async () => {
  bench = await startBench(tracks);
});
made.after(async () => {
  await bench?.close();
});

made("each track through gpsfake: svc's fix is the ground truth's last second (position, time, altitude, speed, course), and gpsd's", async () => {
  const end = (stream: NmeaStream) => readSvcTrack(stream.name).summary.epochs.at(-1)!;
  const locations = await feedAll(bench, tracks, (stream) => ({ lat: end(stream).lat!, lon: end(stream).lon!, time: Date.parse(end(stream).time) / 1000 }));
  await assertGpsdAgrees(bench, tracks, locations);
  for (const [index, track] of tracks.entries()) {
    const truth = end(track);
    const location = locations[index];
    assert.ok(near(location['svc.common.location.alt'], truth.alt_m!), `${track.name}: altitude ${location['svc.common.location.alt']}, truth ${truth.alt_m}`);
    // gpsd gives the speed in m/s with three decimals; svc keeps km/h.
    assert.ok(near(location['svc.common.location.speed'], truth.speed_kn! * 1.852, 0.002), `${track.name}: speed ${location['svc.common.location.speed']} km/h, truth ${truth.speed_kn} kn`);
    assert.ok(near(location['svc.common.location.heading'], truth.course!, 1e-4), `${track.name}: course`);
  }
  const location = await adminGet(bench.svc)('/gps/location.json');
  assert.is(location['svc.common.location.valid'], 1, 'the first GPS with a current fix is the server position');
});

made.run();
