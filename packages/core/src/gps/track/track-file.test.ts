/**
 * Track files against references. The NMEA tracks the repository keeps (`test-data/serial`,
 * with damaged lines) give every second of their ground truth with a fix, and the damaged lines
 * counted and left out. The real GPSBabel (Debian `gpsbabel`) turns the walk into GPX 1.1, which
 * reads back to the ground truth at every point's time. The gpsd regression logs of the real data
 * set, comments and all, read to their summaries' first and last fixes. Then every way a file
 * can be wrong, each a clear error or a count of what was left out.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectDataPath, realDataFiles, realDataPath, realDataTest } from '../../testing/index.js';
import { readTrackFile } from './track-file.js';

/** The parts of a kept track's ground truth (`NAME.nmea-summary.json`) read here. */
interface GroundTruth {
  readonly sentences: number;
  readonly damaged_lines: readonly { readonly line: number; readonly kind: string; readonly tag?: string }[];
  readonly epochs: readonly { readonly time: string; readonly state: string; readonly lat?: number; readonly lon?: number; readonly alt_m?: number; readonly speed_kn?: number; readonly course?: number }[];
}

const KNOTS_TO_KMH = 1.852;
const close = (a: number | undefined, b: number | undefined, tolerance: number) => a !== undefined && b !== undefined && Math.abs(a - b) <= tolerance;
const directory = mkdtempSync(join(tmpdir(), 'svc-track-file-'));
const file = (name: string, text: string) => {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
};
/** A sentence with its checksum (or with `wrong` one more than it). */
const nmea = (body: string, wrong = false) => {
  let sum = 0;
  for (const character of body) sum ^= character.charCodeAt(0);
  return `$${body}*${((sum + (wrong ? 1 : 0)) & 0xff).toString(16).toUpperCase().padStart(2, '0')}`;
};
const truthOf = (name: string) => JSON.parse(readFileSync(projectDataPath('serial', `${name}.nmea-summary.json`), 'utf8')) as GroundTruth;
const fixSeconds = (truth: GroundTruth) => truth.epochs.filter((epoch) => epoch.lat !== undefined);

for (const name of ['svc-track-drive', 'svc-track-walk']) {
  test(`${name}.raw.nmea: a point for every second with a fix, at its time, position, speed and course; the damaged lines left out and counted`, async () => {
    const truth = truthOf(name);
    const read = await readTrackFile(projectDataPath('serial', `${name}.raw.nmea`));
    assert.is(read.format, 'NMEA');
    assert.ok(read.track.timed);
    const seconds = fixSeconds(truth);
    assert.is(read.track.points.length, seconds.length);
    // A second whose GGA was damaged keeps the altitude of the GGA before it, one whose RMC was has no speed or course.
    let damagedSeconds = 0;
    read.track.points.forEach((point, index) => {
      const second = seconds[index]!;
      const where = `${name} at ${second.time}`;
      assert.is(point.time, Date.parse(second.time) / 1000, where);
      assert.ok(close(point.lat, second.lat, 1e-9) && close(point.lon, second.lon, 1e-9), `${where}: ${point.lat}, ${point.lon}`);
      assert.ok(point.fix === 2 || point.fix === 3, where);
      if (point.speed === undefined) {
        damagedSeconds++;
        assert.is(point.heading, undefined, where);
      } else {
        assert.ok(close(point.speed, second.speed_kn! * KNOTS_TO_KMH, 1e-9), `${where}: speed ${point.speed}`);
        assert.is(point.heading, second.course, where);
      }
      if (point.alt !== second.alt_m) {
        damagedSeconds++;
        assert.is(point.alt, seconds[index - 1]?.alt_m, `${where}: altitude ${point.alt}, truth ${second.alt_m}`);
      }
    });
    assert.ok(damagedSeconds <= truth.damaged_lines.filter((line) => line.tag !== undefined).length, `${damagedSeconds} seconds lack a damaged sentence's part`);
    assert.is(read.track.points.at(-1)!.fix, 3);
    const damaged = truth.damaged_lines.length;
    assert.is(read.leftOut.length, 1);
    assert.match(read.leftOut[0]!, new RegExp(`^${damaged} of ${truth.sentences} lines are not valid NMEA and were left out \\(first: line ${truth.damaged_lines[0]!.line}: `));
  });
}

test('GPX 1.1 written by the real GPSBabel from the walk reads back to the ground truth at every point', async () => {
  const gpx = join(directory, 'walk.gpx');
  const made = spawnSync('gpsbabel', ['-i', 'nmea', '-f', projectDataPath('serial', 'svc-track-walk.raw.nmea'), '-o', 'gpx,gpxver=1.1', '-F', gpx], { encoding: 'utf8' });
  assert.is(made.error, undefined, 'gpsbabel runs (Debian: apt-get install gpsbabel)');
  assert.is(made.status, 0, made.stderr);
  const text = readFileSync(gpx, 'utf8');
  const read = await readTrackFile(gpx);
  assert.is(read.format, 'GPX');
  assert.equal(read.leftOut, []);
  assert.ok(read.track.timed);
  assert.is(read.track.points.length, text.match(/<trkpt /g)!.length);
  assert.ok(read.track.points.length >= 30, `${read.track.points.length} points`);
  const seconds = new Map(fixSeconds(truthOf('svc-track-walk')).map((second) => [Date.parse(second.time) / 1000, second]));
  for (const point of read.track.points) {
    const second = seconds.get(point.time!);
    assert.ok(second, `a point at ${point.time}, a second without a fix`);
    assert.ok(close(point.lat, second!.lat, 1e-8) && close(point.lon, second!.lon, 1e-8), `${second!.time}: ${point.lat}, ${point.lon}`);
    // GPSBabel's <fix> says 2D or 3D: a 2D point has no altitude, a 3D one the truth's.
    if (point.fix === 2) assert.is(point.alt, undefined, second!.time);
    else assert.ok(close(point.alt, second!.alt_m, 1), `${second!.time}: altitude ${point.alt}, truth ${second!.alt_m}`);
  }
  assert.is(read.track.points.filter((point) => point.fix === 2).length, text.match(/<fix>2d<\/fix>/g)?.length ?? 0);
});

test('GPX: attributes in either order and quotes, self-closed points, several segments; a point without a fix left out, an unreadable one counted', async () => {
  const read = await readTrackFile(
    file(
      'hand.gpx',
      `\uFEFF<?xml version="1.0"?>\n<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="1" lon="1"/><trk><trkseg>
<trkpt lon='6.5' lat='52.25'><ele>12.5</ele><time>2025-06-01T10:00:00Z</time></trkpt>
<trkpt lat="52.26" lon="6.51"><time>2025-06-01T10:00:05Z</time><fix>none</fix></trkpt>
</trkseg><trkseg><trkpt lat="52.27" lon="6.52"><ele>13</ele><time>2025-06-01T10:00:10.5Z</time><fix>2d</fix></trkpt>
<trkpt lat="95" lon="6.53"><time>2025-06-01T10:00:11Z</time></trkpt>
<trkpt lat="52.28" lon="6.54"><time>yesterday</time></trkpt>
<trkpt lat="52.29" lon="6.55"><time>2025-06-01T10:00:20Z</time></trkpt></trkseg></trk></gpx>`,
    ),
  );
  assert.equal(read.track.points, [
    { lat: 52.25, lon: 6.5, fix: 3, alt: 12.5, time: Date.UTC(2025, 5, 1, 10) / 1000 },
    { lat: 52.27, lon: 6.52, fix: 2, time: Date.UTC(2025, 5, 1, 10, 0, 10, 500) / 1000 },
    { lat: 52.29, lon: 6.55, fix: 2, time: Date.UTC(2025, 5, 1, 10, 0, 20) / 1000 },
  ]);
  assert.equal(read.leftOut, ['2 of 6 track points cannot be read and were left out (first: <trkpt> 4: lat="95" lon="6.53" is not a position)']);
  const untimed = await readTrackFile(file('route.gpx', '<gpx><trk><trkseg><trkpt lat="1" lon="2"/><trkpt lat="1.5" lon="2.5"/></trkseg></trk></gpx>'));
  assert.not.ok(untimed.track.timed, 'points without times: an untimed track');
  assert.is(untimed.track.duration, 1, 'a point a second');
});

test('NMEA: comments and blank lines skipped; positions without a date left out of a dated log; time going backwards left out', async () => {
  const read = await readTrackFile(
    file(
      'mixed.nmea',
      [
        '# a gpsd log comment',
        nmea('GPGGA,120000,5213.0000,N,00653.0000,E,1,08,1.0,40.0,M,47.0,M,,'),
        '',
        nmea('GPRMC,120001,A,5213.0010,N,00653.0010,E,0.0,0.0,010625,,,A'),
        nmea('GPRMC,120002,A,5213.0020,N,00653.0020,E,0.0,0.0,010625,,,A'),
        nmea('GPRMC,115959,A,5213.0030,N,00653.0030,E,0.0,0.0,010625,,,A'),
      ].join('\r\n'),
    ),
  );
  assert.equal(read.track.points.map((point) => point.time), [Date.UTC(2025, 5, 1, 12, 0, 1) / 1000, Date.UTC(2025, 5, 1, 12, 0, 2) / 1000]);
  assert.equal(read.leftOut, ['2 of 4 positions cannot be placed in time and were left out (first: position 1 has no time while others have)']);
  const undated = await readTrackFile(file('undated.nmea', `${nmea('GPGGA,120000,5213.0000,N,00653.0000,E,1,08,1.0,40.0,M,47.0,M,,')}\n${nmea('GPGGA,120001,5213.0010,N,00653.0010,E,1,08,1.0,40.0,M,47.0,M,,')}\n`));
  assert.not.ok(undated.track.timed, 'a GGA-only log without a date is untimed');
  assert.is(undated.track.points.length, 2);
});

test('a missing, unreadable or empty file, XML that is not GPX, GPX without track points and a log without a fix are clear errors', async () => {
  mkdirSync(join(directory, 'a-directory'));
  const cases: [string, RegExp][] = [
    [join(directory, 'nosuch.nmea'), /^track file \S+nosuch\.nmea does not exist$/],
    [join(directory, 'a-directory'), /^track file \S+a-directory is a directory$/],
    [file('empty.nmea', ' \n\r\n'), /^track file \S+empty\.nmea is empty$/],
    [file('kml.kml', '<?xml version="1.0"?><kml><Placemark/></kml>'), /starts with '<' but is not GPX \(no <gpx> element\)$/],
    [file('waypoints.gpx', '<gpx version="1.1"><wpt lat="1" lon="2"/></gpx>'), /has no track points \(<trkpt>\); waypoints and routes are not replayed$/],
    [file('nofix.nmea', `${nmea('GPGGA,120000,,,,,0,00,,,M,,M,,')}\nnot nmea\n${nmea('GPGGA,120001,5213.0000,N,00653.0000,E,1,08,1.0,40.0,M,47.0,M,,', true)}\n`), /holds no position \(read as NMEA; 2 of 3 lines are not valid NMEA and were left out \(first: line 2: not an NMEA sentence \(no \$\)\)\); is it an NMEA log or a GPX track\?$/],
  ];
  for (const [path, message] of cases) {
    try {
      await readTrackFile(path);
      assert.unreachable(`${path} was read`);
    } catch (error: any) {
      assert.is(error.code, 'SVC_ERR_GPS_OPEN', path);
      assert.match(error.message, message);
    }
  }
});

const GPSD_LOGS = realDataFiles('serial', /^gpsd_.*\.nmea\.log$/).map((log) => log.slice(0, -'.nmea.log'.length));
for (const name of GPSD_LOGS) {
  realDataTest(test, `${name}.nmea.log (gpsd's regression log, comments and all): its first and last points are its summary's first and last fixes`, [`serial/${name}.nmea.log`, `serial/${name}.nmea-summary.json`], async () => {
    const summary = JSON.parse(readFileSync(realDataPath('serial', `${name}.nmea-summary.json`), 'utf8'));
    const read = await readTrackFile(realDataPath('serial', `${name}.nmea.log`));
    assert.ok(read.track.timed);
    if (summary.checksum_invalid === 0) assert.equal(read.leftOut, []);
    else assert.match(read.leftOut.join('\n'), new RegExp(`^${summary.checksum_invalid} of ${summary.sentences} lines are not valid NMEA`));
    const [first, last] = [read.track.points[0]!, read.track.points.at(-1)!];
    assert.ok(close(first.lat, summary.first_fix.lat, 1e-7) && close(first.lon, summary.first_fix.lon, 1e-7), `first ${first.lat}, ${first.lon}`);
    assert.ok(close(last.lat, summary.last_fix.lat, 1e-7) && close(last.lon, summary.last_fix.lon, 1e-7), `last ${last.lat}, ${last.lon}`);
  });
}

test.run();
