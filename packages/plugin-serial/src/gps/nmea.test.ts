/**
 * The NMEA reader (`readNmeaSentence` and `NmeaPosition` of `@svc/core`, which the serial GPS
 * and the virtual GPS's track files share; tested here, where the NMEA streams are) against the
 * gpsd recordings' references (`*.nmea-summary.json`, made by an
 * independent script; real data, skipped where it is not there): sentence, checksum, type and
 * talker counts, and the fixes with the first and last positions. Against the tracks made here
 * the same counts, and every fix, every damaged line and the fix lost and regained, from the
 * generator's ground truth. Then hand-made sentences for each rule, and a fuzz over mutated
 * sentences of both kinds of stream.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { NmeaPosition, nmeaCoordinate, readNmeaSentence, type NmeaPositionReport } from '@svc/core';
import { mutateText, realDataTest, seededRandom } from '@svc/core/testing';
import { fixTime, NMEA_RECORDINGS, nmeaRecordingFiles, readNmeaRecording, readSvcTrack, SVC_TRACK_NAMES, type NmeaStream } from '../testing/nmea-streams.js';

const bump = (counts: Record<string, number>, key: string) => void (counts[key] = (counts[key] ?? 0) + 1);

/** A stream's lines read one by one as the serial GPS reads them. */
function readStream(stream: NmeaStream) {
  const lines = stream.bytes.toString('latin1').split('\r\n').filter((line) => line !== '');
  const counted = { valid: 0, invalid: 0, none: 0 };
  const types: Record<string, number> = {};
  const talkers: Record<string, number> = {};
  const position = new NmeaPosition();
  const reports: NmeaPositionReport[] = [];
  const refused: { line: number; badChecksum: boolean; reason: string }[] = [];
  lines.forEach((line, index) => {
    const result = readNmeaSentence(line);
    if (!result.ok) {
      refused.push({ line: index + 1, badChecksum: result.badChecksum, reason: result.reason });
      // The summaries count a line that is no sentence as one without a checksum.
      if (result.badChecksum) counted.invalid++;
      else counted.none++;
      return;
    }
    if (result.sentence.checksummed) counted.valid++;
    else counted.none++;
    bump(types, result.sentence.type);
    if (result.sentence.talker) bump(talkers, result.sentence.talker);
    const report = position.apply(result.sentence, 0);
    if (report) reports.push(report);
  });
  return { lines, counted, types, talkers, reports, fixes: reports.filter((report) => report.fix.fix >= 2), refused };
}

/** The first and last fix against the summary's: sentence, position, altitude, and the time where the summary has the date. */
function assertFirstAndLastFix(fixes: readonly NmeaPositionReport[], stream: NmeaStream): void {
  const { summary } = stream;
  for (const [report, reference] of [[fixes[0]!, summary.first_fix!], [fixes.at(-1)!, summary.last_fix!]] as const) {
    assert.is(report.sentence, reference.sentence);
    assert.ok(Math.abs(report.fix.lat - reference.lat) < 1e-7, `lat ${report.fix.lat} vs ${reference.lat}`);
    assert.ok(Math.abs(report.fix.lon - reference.lon) < 1e-7, `lon ${report.fix.lon} vs ${reference.lon}`);
    if (reference.sentence === 'GGA' && reference.alt_m) assert.is(report.fix.alt, Number(reference.alt_m));
    if (reference.sentence === 'RMC' && reference.date) {
      const [d, m, y] = [reference.date.slice(0, 2), reference.date.slice(2, 4), reference.date.slice(4, 6)];
      const [hh, mm, ss] = [reference.time.slice(0, 2), reference.time.slice(2, 4), reference.time.slice(4)];
      const expected = Date.UTC(2000 + Number(y), Number(m) - 1, Number(d), Number(hh), Number(mm)) / 1000 + Number(ss);
      assert.ok(Math.abs(report.fix.time - expected) < 1e-6, `time ${report.fix.time} vs ${expected}`);
    }
  }
}

for (const log of NMEA_RECORDINGS) {
  realDataTest(test, `${log}: counts and fixes equal the reference summary`, nmeaRecordingFiles(log), () => {
    const stream = readNmeaRecording(log);
    const { summary } = stream;
    const read = readStream(stream);
    for (const refused of read.refused) assert.ok(refused.badChecksum, `line ${refused.line}: ${refused.reason}`);
    assert.is(read.lines.length, summary.sentences);
    assert.equal(read.counted, { valid: summary.checksum_valid, invalid: summary.checksum_invalid, none: summary.no_checksum });
    assert.equal(read.types, summary.sentence_types);
    assert.equal(read.talkers, summary.talkers);
    assert.is(read.fixes.length, summary.fixes);
    assertFirstAndLastFix(read.fixes, stream);
  });
}

for (const name of SVC_TRACK_NAMES) {
  test(`${name} (made here): counts, every fix, every damaged line and the fix lost and regained equal the ground truth`, () => {
    const stream = readSvcTrack(name);
    const truth = stream.summary;
    const read = readStream(stream);
    assert.is(read.lines.length, truth.sentences);
    assert.equal(read.counted, { valid: truth.checksum_valid, invalid: truth.checksum_invalid, none: truth.no_checksum });
    // Refused: exactly the damaged lines; a wrong checksum for a damaged sentence, "no sentence" for noise.
    assert.equal(
      read.refused.map(({ line, badChecksum }) => ({ line, badChecksum })),
      truth.damaged_lines.map(({ line, kind }) => ({ line, badChecksum: kind !== 'noise' })),
    );
    // The summary counts a damaged sentence by the tag it starts with; the reader never accepted it.
    const types = { ...read.types };
    const talkers = { ...read.talkers };
    for (const { tag } of truth.damaged_lines) {
      if (tag === undefined) continue;
      bump(types, tag.slice(2));
      bump(talkers, tag.slice(0, 2));
    }
    assert.equal(types, truth.sentence_types);
    assert.equal(talkers, truth.talkers);

    assert.is(read.fixes.length, truth.fixes);
    read.fixes.forEach((report, index) => {
      const expected = truth.fix_list[index]!;
      const where = `fix ${index} (${expected.sentence} at ${expected.time})`;
      assert.is(report.sentence, expected.sentence, where);
      assert.ok(Math.abs(report.fix.lat - expected.lat) < 1e-7 && Math.abs(report.fix.lon - expected.lon) < 1e-7, `${where}: ${report.fix.lat},${report.fix.lon}`);
      assert.is(report.fix.time, fixTime(truth, expected), `${where}: time`);
      if (expected.sentence === 'GGA') assert.is(report.fix.alt, expected.alt_m ? Number(expected.alt_m) : undefined, `${where}: altitude`);
    });
    assertFirstAndLastFix(read.fixes, stream);
    const firstFix = truth.epochs.find((epoch) => epoch.lat !== undefined)!;
    assert.is(read.fixes[0]!.fix.fix, firstFix.state === 'fix-2d' ? 2 : 3, 'the first fix is 2D');
    assert.is(read.fixes.at(-1)!.fix.fix, 3, 'the last fix is 3D');

    // No fix during the cold start, then a fix, lost where the sky is blocked, then regained.
    const runs = (states: readonly boolean[]) => states.filter((state, index) => index === 0 || state !== states[index - 1]);
    assert.equal(runs(read.reports.map((report) => report.fix.fix >= 2)), runs(truth.epochs.map((epoch) => epoch.lat !== undefined)));
    assert.equal(runs(read.reports.map((report) => report.fix.fix >= 2)), [false, true, false, true]);
  });
}

test('checksums: a wrong or malformed one drops the sentence, a missing one is accepted', () => {
  assert.ok(readNmeaSentence('$GPGSA,A,1,,,,,,,,,,,,,,,*1E').ok);
  const wrong = readNmeaSentence('$GPGSA,A,1,,,,,,,,,,,,,,,*1F');
  assert.equal(wrong, { ok: false, reason: 'a wrong checksum (1F, computed 1E)', badChecksum: true });
  assert.equal(readNmeaSentence('$GPGSA,A,1,,,,,,,,,,,,,,,*Z1'), { ok: false, reason: "a checksum 'Z1' that is not two hex digits", badChecksum: true });
  const none = readNmeaSentence('$POLYN,EPH,0,00000000');
  assert.ok(none.ok && !none.sentence.checksummed && none.sentence.type === 'LYN' && none.sentence.fields.length === 3);
});

test('garbage before the $ is skipped; a line without one, or with a bad tag, is refused', () => {
  const resync = readNmeaSentence('0,N*4F\u0000\u00ff$GPGSA,A,1,,,,,,,,,,,,,,,*1E');
  assert.ok(resync.ok && resync.sentence.talker === 'GP' && resync.sentence.type === 'GSA');
  assert.equal(readNmeaSentence('5212.98,N,00653.10,E'), { ok: false, reason: 'not an NMEA sentence (no $)', badChecksum: false });
  assert.not.ok(readNmeaSentence('$gp gga,1,2').ok);
  assert.not.ok(readNmeaSentence('$').ok);
});

test('positions: hemispheres, altitude, speed, GSA mode, the date from RMC or ZDA, and the loss of a fix', () => {
  assert.is(nmeaCoordinate('4134.49821229', 'N', 90), 41 + 34.49821229 / 60);
  assert.is(nmeaCoordinate('09345.03351845', 'W', 180), -(93 + 45.03351845 / 60));
  assert.is(nmeaCoordinate('', 'N', 90), undefined);
  assert.is(nmeaCoordinate('12.5', 'X', 90), undefined);
  assert.is(nmeaCoordinate('9930.0', 'N', 90), undefined);
  const position = new NmeaPosition();
  const apply = (line: string, at = 1000) => {
    const result = readNmeaSentence(line);
    assert.ok(result.ok, line);
    return result.ok ? position.apply(result.sentence, at) : undefined;
  };
  // Before any date, a GGA fix carries the arrival time.
  const gga = apply('$GPGGA,132820.60,4134.49821229,S,09345.03351845,E,2,09,1.0,278.020,M,-31.442,M,7.6,0133', 1234.5);
  assert.equal(gga?.fix, { lat: -(41 + 34.49821229 / 60), lon: 93 + 45.03351845 / 60, alt: 278.02, fix: 3, time: 1234.5 });
  apply('$GPZDA,132821.00,18,03,2020,00,00');
  apply('$GPGSA,A,2,04,05,,,,,,,,,,,2.5,1.3,2.1');
  const rmc = apply('$GPRMC,132821.50,A,4134.49834733,N,09345.03335569,W,10.0,69.197,180320,11.5985,E,D');
  assert.is(rmc?.fix.fix, 2, 'GSA said 2D');
  assert.is(rmc?.fix.speed, 18.52);
  assert.is(rmc?.fix.heading, 69.197);
  assert.is(rmc?.fix.time, Date.UTC(2020, 2, 18, 13, 28, 21) / 1000 + 0.5);
  assert.is(apply('$GPRMC,235946.005,V,8960.000000,N,00000.000000,E,0.000,0.00,050180,,,N')?.fix.fix, 1);
  assert.is(apply('$GPGGA,235946.005,8960.000000,N,00000.000000,E,0,0,,137.000,M,13.000,M,,')?.fix.fix, 1);
  assert.is(apply('$GPGGA,235946.005,,,,,1,0,,137.000,M,13.000,M,,')?.fix.fix, 1, 'quality without a position is no fix');
  assert.is(apply('$GPGSV,3,1,11,03,03,111,00'), undefined);
});

test('midnight: a GGA sent after midnight before the RMC with the new date is of the new day, a late one from before it of the old day', () => {
  const position = new NmeaPosition();
  const apply = (line: string) => {
    const result = readNmeaSentence(line);
    assert.ok(result.ok, line);
    return result.ok ? position.apply(result.sentence, 1) : undefined;
  };
  apply('$GPRMC,235959.000,A,3454.4214,S,05611.9714,W,2.754,273.00,311224,,,A');
  assert.is(apply('$GPGGA,000000.000,3454.4213,S,05611.9723,W,1,08,1.25,32.4,M,13.8,M,,')?.fix.time, Date.UTC(2025, 0, 1) / 1000);
  assert.is(apply('$GPRMC,000000.000,A,3454.4213,S,05611.9723,W,2.721,273.00,010125,,,A')?.fix.time, Date.UTC(2025, 0, 1) / 1000);
  assert.is(apply('$GPGGA,235959.500,3454.4214,S,05611.9714,W,1,08,1.25,32.2,M,13.8,M,,')?.fix.time, Date.UTC(2024, 11, 31, 23, 59, 59, 500) / 1000);
  apply('$GPZDA,120000.00,01,01,2025,00,00');
  assert.is(apply('$GPGGA,235959.000,3454.4214,S,05611.9714,W,1,08,1.25,32.2,M,13.8,M,,')?.fix.time, Date.UTC(2025, 0, 1, 23, 59, 59) / 1000, 'half a day after noon is the same day');
});

/** Mutates lines of a stream 100,000 times: nothing throws, and an accepted fix is a valid position and time. */
function fuzz(lines: readonly string[]): void {
  const random = seededRandom(7);
  const position = new NmeaPosition();
  for (let i = 0; i < 100_000; i++) {
    const line = mutateText(lines[i % lines.length]!, random, '$*,.0123456789ABCDEFNSWE\u0000\u00ff');
    const result = readNmeaSentence(line);
    if (!result.ok) continue;
    const report = position.apply(result.sentence, i);
    if (report && report.fix.fix >= 2) {
      assert.ok(Math.abs(report.fix.lat) <= 90 && Math.abs(report.fix.lon) <= 180, line);
      assert.ok(Number.isFinite(report.fix.time), line);
    }
  }
}

const streamLines = (streams: readonly NmeaStream[]) => streams.flatMap((stream) => stream.bytes.toString('latin1').split('\r\n')).filter(Boolean);

realDataTest(test, 'fuzz: 100,000 mutated sentences never throw, and whatever is accepted has a correct checksum', NMEA_RECORDINGS.flatMap(nmeaRecordingFiles), () => {
  fuzz(streamLines(NMEA_RECORDINGS.map(readNmeaRecording)));
});

test('fuzz on the tracks made here: 100,000 mutated sentences never throw, and an accepted fix is a valid position and time', () => {
  fuzz(streamLines(SVC_TRACK_NAMES.map(readSvcTrack)));
});

test.run();
