/**
 * A capture replayed with a GPS track gives located devices. A real 802.11 capture of the shared
 * data (`aircrack-ng_test1.pcap`: seven access points among sixteen devices, two minutes of 2018)
 * is replayed by a real `svc start`, as fast as svc takes it, with a track generated here for
 * the capture's span (a drive, `--gps virtual:track=`): every device has a location, and its last
 * position is where the track's ground truth was at one of the capture's frames (tshark's times)
 * in the second of its last packet, to a millimetre, however fast the capture went by. With a
 * track of another day (the kept drive of 2025), the same devices are placed where that track's
 * replay is now, stamped now.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasRealData, projectDataPath, realDataTest } from '@svc/core/testing';
import { CLEAN_RECEPTION, GNSS_RECEIVER, generateNmeaTrack, type NmeaGroundTruth } from '@svc/plugin-serial/synthetic';
import { realCapture } from './dot11-captures.js';
import { adminGet, startSvc, waitForFirstSource, type SvcProcess } from './svc-process.js';
import { samePosition, truthPositionAt } from './track-truth.js';

const CAPTURE = realCapture('aircrack-ng_test1.pcap');
/** A millimetre, in degrees of latitude (and less in longitude). */
const MILLIMETRE = 1e-8;

/** Every frame's time (Unix seconds, microseconds) as tshark reads the capture. */
function frameTimes(path: string): number[] {
  return execFileSync('tshark', ['-r', path, '-T', 'fields', '-e', 'frame.time_epoch'], { encoding: 'utf8' }).trim().split('\n').map(Number);
}

/** A drive generated for the span from `first` to `last` (Unix seconds), five seconds more at each end. */
function driveCovering(first: number, last: number): { bytes: Buffer; truth: NmeaGroundTruth } {
  const start = Math.floor(first) - 5;
  const seconds = Math.ceil(last) + 5 - start;
  return generateNmeaTrack({
    name: 'capture-drive',
    seed: 35,
    receiver: GNSS_RECEIVER,
    track: {
      startTime: new Date(start * 1000).toISOString(),
      startLat: 50.4501,
      startLon: 30.5234,
      startAltM: 179,
      startCourse: 30,
      legs: [
        { seconds: 5, speedMps: 12 },
        { seconds: 40, speedMps: 12 },
        { seconds: 10, speedMps: 12, turnDegPerSecond: 9 },
        { seconds: seconds - 55, speedMps: 12 },
      ],
    },
    ...CLEAN_RECEPTION,
    satellitesPerSystem: 8,
    geoidSeparationM: 27,
  });
}

/** svc replaying the capture with `gps`, once the replay is done; its devices. */
async function replay(gps: string): Promise<{ svc: SvcProcess; get: (path: string) => Promise<any>; devices: any[] }> {
  const svc = await startSvc({ args: ['-n', '-c', `${CAPTURE.path}:name=test1`, '--gps', gps] });
  const get = adminGet(svc);
  await waitForFirstSource(svc, CAPTURE.reference.frames_total);
  return { svc, get, devices: await get('/devices/views/all/devices.json') };
}

const test = suite('a capture replayed with a GPS track');
let times: number[] = [];
let drive: ReturnType<typeof driveCovering>;
let trackFile = '';

test.before(() => {
  if (!hasRealData(CAPTURE.needs)) return;
  times = frameTimes(CAPTURE.path);
  drive = driveCovering(times[0]!, times.at(-1)!);
  trackFile = join(mkdtempSync(join(tmpdir(), 'svc-gps-replay-')), 'drive.nmea');
  writeFileSync(trackFile, drive.bytes);
});

realDataTest(test, "with a track of the capture's own span, every device is placed where the track was at its last packet's time", CAPTURE.needs, async () => {
  assert.is(times.length, CAPTURE.reference.frames_total, 'tshark reads every frame');
  const { svc, get, devices } = await replay(`virtual:track=${trackFile},name=drive`);
  try {
    const [gps] = await get('/gps/all_gps.json');
    assert.is(gps['svc.gps.state'], 'running', gps['svc.gps.error']);
    const [first, last] = [drive.truth.epochs[0]!.time, drive.truth.epochs.at(-1)!.time].map((time) => time.replace('.000Z', 'Z'));
    assert.is(gps['svc.gps.description'], `track ${trackFile} (NMEA, ${drive.truth.epochs.length} points over ${drive.truth.epochs.length - 1} s, ${first} to ${last}; real time, looping)`);
    assert.ok(devices.length >= 16, `${devices.length} devices`);
    const positions = new Set<string>();
    for (const device of devices) {
      const mac = device['svc.device.base.macaddr'];
      const last = device['svc.device.base.location']?.['svc.common.location.last'];
      assert.ok(last, `${mac} has a location`);
      const [lon, lat] = last['svc.common.location.geopoint'];
      const second = last['svc.common.location.time_sec'];
      assert.is(second, device['svc.device.base.last_time'], `${mac}: the position of its last packet`);
      const candidates = times.filter((time) => Math.floor(time) === second);
      const matched = candidates.find((time) => samePosition(truthPositionAt(drive.truth, time)!, { lat, lon }, MILLIMETRE));
      assert.ok(matched !== undefined, `${mac} at ${lat}, ${lon}: where the drive was at none of the ${candidates.length} frames of ${second}`);
      assert.is(last['svc.common.location.fix'], 3);
      positions.add(`${lat},${lon}`);
    }
    assert.ok(positions.size >= 5, `devices heard at different times are at different places (${positions.size} places)`);
  } finally {
    await svc.stop();
  }
});

realDataTest(test, "with a track of another day, the devices are placed where the track's replay is now", CAPTURE.needs, async () => {
  const startedAt = Math.floor(Date.now() / 1000);
  const kept = projectDataPath('serial', 'svc-track-drive.raw.nmea');
  const truth = JSON.parse(readFileSync(projectDataPath('serial', 'svc-track-drive.nmea-summary.json'), 'utf8')) as NmeaGroundTruth;
  const fixes = truth.epochs.filter((epoch) => epoch.lat !== undefined);
  const { svc, devices } = await replay(`virtual:track=${kept}`);
  try {
    assert.ok(devices.length >= 16);
    for (const device of devices) {
      const last = device['svc.device.base.location']?.['svc.common.location.last'];
      assert.ok(last, `${device['svc.device.base.macaddr']} has a location`);
      const [lon, lat] = last['svc.common.location.geopoint'];
      assert.ok(last['svc.common.location.time_sec'] >= startedAt && last['svc.common.location.time_sec'] <= Date.now() / 1000, 'stamped with the time of the current fix, not the packet time');
      // The first seconds of the drive's replay: near its first fix (the car is parked then).
      assert.ok(samePosition({ lat: fixes[0]!.lat!, lon: fixes[0]!.lon! }, { lat, lon }, 1e-3), `${lat}, ${lon}`);
    }
  } finally {
    await svc.stop();
  }
});

test.run();
