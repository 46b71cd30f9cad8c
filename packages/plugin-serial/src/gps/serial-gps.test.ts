/**
 * The serial GPS on real pty pairs from `socat`: the gpsd recordings (real data, skipped where
 * it is not there) written to the far end in uneven pieces give the fixes of their reference
 * summaries, and the tracks made here every fix of their ground truth, with one message per run
 * of damaged lines; bad lines are dropped with one message; and in a running service
 * `gps=serial:...` serves `/gps/location.json`, stamps the position onto devices a serial
 * sniffer reports, and comes back after an unplug, on a recording and on a track made here.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, parseGpsDefinition, type GpsContext, type GpsFix } from '@svc/core';
import { createTestService, realDataTest, testPhyPlugin, TEST_PHY, waitUntil } from '@svc/core/testing';
import serialPlugin from '../index.js';
import { openPtyPair, type PtyPair } from '../testing/pty-pair.js';
import { fixTime, NMEA_RECORDINGS, nmeaRecordingFiles, readNmeaRecording, readSvcTrack, SVC_TRACK_NAMES } from '../testing/nmea-streams.js';
import { serialGpsType } from './serial-gps-type.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = createLogger({ write: () => {} });


/** A GPS context that records what the GPS reports. */
function recordingContext() {
  const fixes: GpsFix[] = [];
  const messages: string[] = [];
  const lost: string[] = [];
  const context: GpsContext = {
    name: 'test-gps',
    log: quiet,
    update: (fix) => void fixes.push(fix),
    lost: (reason) => void lost.push(reason),
    message: (text) => void messages.push(text),
  };
  return { context, fixes, messages, lost, valid: () => fixes.filter((fix) => fix.fix >= 2) };
}

let pty: PtyPair;
test.before.each(async () => {
  pty = await openPtyPair();
});
test.after.each(() => pty.close());

/** Opens the serial GPS on the test's pty at its default speed. */
const openGps = (recorder: ReturnType<typeof recordingContext>) =>
  serialGpsType.open(parseGpsDefinition(`serial:device=${pty.device},name=test-gps`), recorder.context);

for (const log of NMEA_RECORDINGS) {
  realDataTest(test, `${log} through a pty: the fixes equal the reference summary`, nmeaRecordingFiles(log), async () => {
    const { bytes, summary } = readNmeaRecording(log);
    const recorder = recordingContext();
    const gps = await openGps(recorder);
    try {
      assert.is(gps.description, `NMEA on ${pty.device} at 4800 baud`);
      await pty.send(bytes);
      await waitUntil('every fix arrived', () => recorder.valid().length >= summary.fixes);
      await sleep(50);
      const valid = recorder.valid();
      assert.is(valid.length, summary.fixes);
      for (const [fix, reference] of [[valid[0]!, summary.first_fix!], [valid.at(-1)!, summary.last_fix!]] as const) {
        assert.ok(Math.abs(fix.lat - reference.lat) < 1e-7 && Math.abs(fix.lon - reference.lon) < 1e-7, `${fix.lat},${fix.lon} vs ${reference.lat},${reference.lon}`);
      }
      assert.equal(recorder.messages, [], 'the recordings have no bad checksums');
    } finally {
      await gps.close();
    }
  });
}

/** What the serial GPS says when a run of damaged lines starts with one of this kind. */
const DROPPED_BECAUSE = { noise: /: not an NMEA sentence \(no \$\);/, 'bad-checksum': /: a wrong checksum \(/, truncated: /: a wrong checksum \(/ } as const;

for (const name of SVC_TRACK_NAMES) {
  test(`${name} (made here) through a pty: every fix, speed and course of the ground truth, and one message per run of damaged lines`, async () => {
    const { bytes, summary: truth } = readSvcTrack(name);
    const recorder = recordingContext();
    const gps = await openGps(recorder);
    try {
      await pty.send(bytes);
      // A line of garbage after the stream: its message says every line before it has been read.
      pty.write('end of the test stream\r\n');
      const runs = truth.damaged_lines.filter((damaged, index) => truth.damaged_lines[index - 1]?.line !== damaged.line - 1);
      await waitUntil('the whole stream was read', () => recorder.messages.length === runs.length + 1);
      assert.equal(recorder.messages.length, runs.length + 1);
      runs.forEach((run, index) => assert.match(recorder.messages[index]!, DROPPED_BECAUSE[run.kind], `message ${index} (line ${run.line}, ${run.kind})`));

      const valid = recorder.valid();
      assert.is(valid.length, truth.fixes);
      const epochs = new Map(truth.epochs.map((epoch) => [Date.parse(epoch.time) / 1000, epoch]));
      valid.forEach((fix, index) => {
        const expected = truth.fix_list[index]!;
        const where = `fix ${index} (${expected.sentence} at ${expected.time})`;
        assert.ok(Math.abs(fix.lat - expected.lat) < 1e-7 && Math.abs(fix.lon - expected.lon) < 1e-7, `${where}: ${fix.lat},${fix.lon}`);
        assert.is(fix.time, fixTime(truth, expected), `${where}: time`);
        const epoch = epochs.get(fix.time)!;
        if (expected.sentence === 'RMC') {
          assert.ok(Math.abs(fix.speed! - epoch.speed_kn! * 1.852) < 1e-9, `${where}: speed ${fix.speed} km/h, ${epoch.speed_kn} kn`);
          assert.is(fix.heading, epoch.course, `${where}: course`);
        }
      });
      assert.is(valid[0]!.fix, 2, 'the first fix is 2D');
      assert.is(valid.at(-1)!.fix, 3, 'the last fix is 3D');
      const runsOf = (states: readonly boolean[]) => states.filter((state, index) => index === 0 || state !== states[index - 1]);
      assert.equal(runsOf(recorder.fixes.map((fix) => fix.fix >= 2)), [false, true, false, true], 'no fix, a fix, lost, regained');
    } finally {
      await gps.close();
    }
  });
}

test('a partial first line and bad checksums are dropped with one message; the good sentences still count', async () => {
  const recorder = recordingContext();
  const gps = await serialGpsType.open(parseGpsDefinition(`serial:device=${pty.device},baud=9600,name=test-gps`), recorder.context);
  try {
    pty.write('4.49821229,N,09345.03351845,W,2,09*7E\r\n');
    pty.write('$GPGGA,132820.60,4134.49821229,N,09345.03351845,W,2,09,1.0,278.020,M,-31.442,M,7.6,0133*7F\r\n');
    pty.write('$GPGGA,132820.60,4134.49821229,N,09345.03351845,W,2,09,1.0,278.020,M,-31.442,M,7.6,0133*7E\r\n');
    await waitUntil('the good fix', () => recorder.valid().length === 1);
    assert.is(recorder.messages.length, 1);
    assert.match(recorder.messages[0]!, /dropped a line from .*: not an NMEA sentence \(no \$\); further ones are only counted/);
  } finally {
    await gps.close();
  }
});

test('bad definitions and a missing device are refused with the reason', async () => {
  const open = (options: [string, string][]) => serialGpsType.open(parseGpsDefinition(['serial', options.map(([key, value]) => `${key}=${value}`).join(',')].filter(Boolean).join(':')), recordingContext().context);
  for (const [options, code, words] of [
    [[], 'SVC_ERR_BAD_GPS_DEFINITION', 'needs device='],
    [[['device', pty.device], ['baud', '4801']], 'SVC_ERR_BAD_GPS_DEFINITION', 'baud must be one of'],
    [[['device', '/dev/svc-no-such-gps']], 'SVC_ERR_GPS_OPEN', 'serial device /dev/svc-no-such-gps does not exist'],
  ] as [[string, string][], string, string][]) {
    try {
      await (await open(options)).close();
      assert.unreachable(`accepted ${JSON.stringify(options)}`);
    } catch (error: any) {
      assert.is(error.code, code);
      assert.match(error.message, words);
    }
  }
});

/** Where a stream's last fix is, and when (unix seconds, whole). */
interface LastFix {
  readonly lat: number;
  readonly lon: number;
  readonly time: number;
}

/**
 * `gps=serial` in a service fed `stream`: its last fix is served at `/gps/location.json` and
 * stamped onto a device a serial sniffer reports; unplugged, the GPS is in error and the location
 * invalid; plugged back in, `afterReplug` gives a fix again.
 */
async function serialGpsInService(stream: Buffer, lastFix: LastFix, afterReplug: Buffer): Promise<void> {
  const sniffer = await openPtyPair();
  const t = await createTestService({
    plugins: [serialPlugin, testPhyPlugin],
    config: { gps: `serial:device=${pty.device},baud=4800,name=car`, source_retry_delay: '0.2' },
    log: quiet,
  });
  const location = async () => (await (await t.request('/gps/location.json')).json()) as Record<string, any>;
  const gpsState = async () => ((await (await t.request('/gps/all_gps.json')).json()) as Record<string, any>[])[0]!;
  try {
    await t.svc.start();
    assert.is((await gpsState())['svc.gps.state'], 'running');
    assert.is((await location())['svc.common.location.fix'], 0);
    await pty.send(stream);
    await waitUntil('the fix is served', async () => (await location())['svc.common.location.valid'] === 1);
    const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;
    await waitUntil('the last fix is served', async () => {
      const served = await location();
      return near(served['svc.common.location.geopoint'][1], lastFix.lat) && served['svc.common.location.time_sec'] === lastFix.time;
    });
    const served = await location();
    assert.ok(near(served['svc.common.location.geopoint'][0], lastFix.lon));
    assert.is(served['svc.common.location.fix'], 3);
    assert.is(served['svc.common.location.time_sec'], lastFix.time);

    const source = await t.svc.datasources.add(`serialjson-esp:device=${sniffer.device}`);
    await waitUntil('the sniffer runs', () => source.state === 'running');
    sniffer.write(`{"phy":"${TEST_PHY}","mac":"02:00:00:00:00:01","rssi":-61}\n`);
    await waitUntil('the device', () => t.svc.devices.size === 1);
    const device = (await (await t.request(`/devices/views/phy-${TEST_PHY}/devices.json`)).json()) as Record<string, any>[];
    const last = device[0]!['svc.device.base.location']['svc.common.location.last'];
    assert.equal(last['svc.common.location.geopoint'], served['svc.common.location.geopoint']);

    await pty.unplug();
    // The tracker shows the state 'error' a moment before its reason (core's GpsTracker#fail sets them apart).
    await waitUntil('the GPS is lost', async () => {
      const state = await gpsState();
      return state['svc.gps.state'] === 'error' && String(state['svc.gps.error']).includes('went away');
    });
    assert.match((await gpsState())['svc.gps.error'], 'went away (unplugged?)');
    assert.is((await location())['svc.common.location.valid'], 0);
    await pty.replug();
    await waitUntil('the GPS is reopened', async () => (await gpsState())['svc.gps.state'] === 'running');
    await pty.send(afterReplug);
    await waitUntil('a fix after the replug', async () => (await location())['svc.common.location.valid'] === 1);
  } finally {
    await t.close();
    await sniffer.close();
  }
}

realDataTest(
  test,
  'gps=serial in a service: /gps/location.json, positions stamped onto sniffed devices, and back after an unplug',
  nmeaRecordingFiles('gpsd_nmea-fuzzy-cases'),
  () =>
    serialGpsInService(
      readNmeaRecording('gpsd_nmea-fuzzy-cases').bytes,
      { lat: 41 + 34.50180291 / 60, lon: -(93 + 45.03586858 / 60), time: Date.UTC(2020, 2, 18, 13, 39, 0) / 1000 },
      Buffer.from('$GPGGA,132820.60,4134.49821229,N,09345.03351845,W,2,09,1.0,278.020,M,-31.442,M,7.6,0133*7E\r\n'),
    ),
);

test('gps=serial in a service on the tracks made here: the drive\'s last fix served and stamped, the walk after an unplug', () => {
  const drive = readSvcTrack('svc-track-drive');
  const end = drive.summary.epochs.at(-1)!;
  return serialGpsInService(drive.bytes, { lat: end.lat!, lon: end.lon!, time: Date.parse(end.time) / 1000 }, readSvcTrack('svc-track-walk').bytes);
});

test.run();
