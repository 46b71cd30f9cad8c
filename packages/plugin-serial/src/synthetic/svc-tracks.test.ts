/**
 * The NMEA tracks the repository keeps (`test-data/serial/svc-track-*`, and the demo's
 * `svc-demo-track`): the generator still makes them byte for byte; the real gpsd's reading of each (kept beside it as
 * `NAME.gpsd.jsonl`, made by `make-gpsd-reference.py` with no svc code) has the ground truth's
 * fixes, times, altitudes, speeds and satellite counts; and, with the shared data there, its
 * summary script reads from each stream the summary the ground truth holds.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectDataPath, realDataPath, realDataTest } from '@svc/core/testing';
import { generateNmeaTrack } from './nmea-track-generator.js';
import { groundTruthJson, type NmeaGroundTruth } from './nmea-ground-truth.js';
import type { NmeaSummary } from './nmea-summary.js';
import { DEMO_TRACK } from './demo-track.js';
import { SVC_TRACKS } from './svc-tracks.js';

const kept = (name: string, suffix: string) => projectDataPath('serial', `${name}${suffix}`);
const truthOf = (name: string) => JSON.parse(readFileSync(kept(name, '.nmea-summary.json'), 'utf8')) as NmeaGroundTruth;
const KNOTS_TO_MPS = 1852 / 3600;

for (const track of [...SVC_TRACKS, DEMO_TRACK]) {
  test(`${track.name}: the generator makes the kept stream and ground truth byte for byte`, () => {
    const { bytes, truth } = generateNmeaTrack(track);
    assert.ok(bytes.equals(readFileSync(kept(track.name, '.raw.nmea'))), `${track.name}.raw.nmea differs from what the generator makes now`);
    assert.fixture(groundTruthJson(truth), readFileSync(kept(track.name, '.nmea-summary.json'), 'utf8'));
  });
}

for (const track of SVC_TRACKS) {
  test(`${track.name}: gpsd's reading of the stream has the ground truth's fixes, times, altitudes, speeds and satellites`, () => {
    const truth = truthOf(track.name);
    const [version, ...reports] = readFileSync(kept(track.name, '.gpsd.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    assert.match(version.release, /^3\./, 'made by gpsd 3');
    const epochs = new Map(truth.epochs.map((epoch) => [epoch.time, epoch]));
    const fixed = new Set<string>();
    let withCourse = 0;
    for (const tpv of reports.filter((report) => report.class === 'TPV' && report.time !== undefined)) {
      const epoch = epochs.get(tpv.time);
      assert.ok(epoch, `gpsd reported ${tpv.time}, which is no second of the track`);
      if (tpv.mode < 2) {
        assert.ok(epoch.lat === undefined, `gpsd has no fix at ${tpv.time}, the receiver had one`);
        continue;
      }
      fixed.add(tpv.time);
      assert.ok(Math.abs(tpv.lat - epoch.lat!) < 1e-9 && Math.abs(tpv.lon - epoch.lon!) < 1e-9, `${tpv.time}: gpsd ${tpv.lat},${tpv.lon}, truth ${epoch.lat},${epoch.lon}`);
      if (tpv.altMSL !== undefined) assert.is(tpv.altMSL, epoch.alt_m, `${tpv.time}: altitude`);
      // gpsd's TPVs from an RMC carry its course and speed; others have a speed gpsd worked out itself.
      if (tpv.track !== undefined) {
        withCourse++;
        assert.ok(Math.abs(tpv.track - epoch.course!) < 1e-4 && Math.abs(tpv.speed - epoch.speed_kn! * KNOTS_TO_MPS) < 6e-4, `${tpv.time}: course ${tpv.track} speed ${tpv.speed}, truth ${epoch.course} ${epoch.speed_kn} kn`);
      }
    }
    const fixEpochs = truth.epochs.filter((epoch) => epoch.lat !== undefined).map((epoch) => epoch.time);
    assert.equal([...fixed], fixEpochs, 'gpsd has a fix in exactly the seconds the receiver had one');
    assert.ok(withCourse > fixEpochs.length / 2, `${withCourse} TPVs with a course`);
    const sky = reports.filter((report) => report.class === 'SKY').at(-1);
    const last = truth.epochs.at(-1)!;
    assert.equal([sky?.nSat, sky?.uSat], [last.sats_visible, last.sats_used], 'satellites in view and used at the end');
  });

  realDataTest(test, `${track.name}: the shared data's make-nmea-reference.py reads the ground truth's summary from the stream`, ['serial/make-nmea-reference.py'], () => {
    const truth = truthOf(track.name);
    const dir = mkdtempSync(join(tmpdir(), 'svc-nmea-reference-'));
    try {
      // The script reads gpsd logs (`gpsd_*.nmea.log`); a stream without `#` lines is one.
      copyFileSync(kept(track.name, '.raw.nmea'), join(dir, 'gpsd_track.nmea.log'));
      execFileSync('python3', [realDataPath('serial', 'make-nmea-reference.py'), dir], { stdio: 'ignore' });
      const summary = JSON.parse(readFileSync(join(dir, 'gpsd_track.nmea-summary.json'), 'utf8')) as NmeaSummary;
      const { file: _file, raw_stream: _stream, first_fix: first, last_fix: last, ...counts } = summary;
      for (const [key, value] of Object.entries(counts)) assert.equal(truth[key as keyof NmeaSummary], value, key);
      for (const [ours, theirs] of [[truth.first_fix, first], [truth.last_fix, last]] as const) {
        assert.equal({ ...ours!, lat: 0, lon: 0 }, { ...theirs!, lat: 0, lon: 0 });
        assert.ok(Math.abs(ours!.lat - theirs!.lat) < 1e-7 && Math.abs(ours!.lon - theirs!.lon) < 1e-7, `${ours!.lat},${ours!.lon} vs ${theirs!.lat},${theirs!.lon}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test.run();
