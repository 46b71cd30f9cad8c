/**
 * The real-data locator: a test needing files that are there runs; one whose files are missing
 * is skipped with a line naming the file and its origin, or fails when CI requires the data;
 * per-capture tests come from the manifest whether the data is there or not. And every pinned
 * file present in the data directory has the checksum the manifest pins.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeOrigin, hasRealData, missingRealData, pinnedMismatch, realDataDir, realDataFiles, realDataManifest, realDataPath, realDataTest, REQUIRE_REAL_DATA_ENV, type TestBody, type TestRegistrar } from './real-data.js';

/** Runs `body` with the environment variables given (undefined removes one), then restores them. */
function withEnv<T>(values: Record<string, string | undefined>, body: () => T): T {
  const saved = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  const apply = (entries: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(entries)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  apply(values);
  try {
    return body();
  } finally {
    apply(saved);
  }
}

/** A registrar that records what was registered instead of running it. */
function recorder() {
  const registered: { name: string; skipped: boolean; fn?: TestBody }[] = [];
  const registrar: TestRegistrar = Object.assign((name: string, fn: TestBody) => void registered.push({ name, skipped: false, fn }), {
    skip: (name: string, fn?: TestBody) => void registered.push({ name, skipped: true, fn }),
  });
  return { registrar, registered };
}

/** Captures what `body` prints with console.log. */
function printed(body: () => void): string[] {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...parts: unknown[]) => void lines.push(parts.join(' '));
  try {
    body();
  } finally {
    console.log = log;
  }
  return lines;
}

const PINNED = 'dot11/aircrack-ng_test1.pcap';
const directory = mkdtempSync(join(tmpdir(), 'svc-real-data-'));
mkdirSync(join(directory, 'dot11'));
writeFileSync(join(directory, PINNED), 'a capture');
test.after(() => rmSync(directory, { recursive: true, force: true }));

test('SVC_TEST_DATA names the data directory; without it, ../shared/data beside the checkout', () => {
  withEnv({ SVC_TEST_DATA: directory }, () => {
    assert.is(realDataDir(), directory);
    assert.is(realDataPath('dot11', 'x.pcap'), join(directory, 'dot11', 'x.pcap'));
  });
  withEnv({ SVC_TEST_DATA: undefined }, () => assert.ok(realDataDir().endsWith(join('shared', 'data')), realDataDir()));
});

test('a test whose files are all there is registered to run', () => {
  let ran = 0;
  const { registrar, registered } = recorder();
  withEnv({ SVC_TEST_DATA: directory, [REQUIRE_REAL_DATA_ENV]: undefined }, () => realDataTest(registrar, 'reads test1', [PINNED], () => void ran++));
  assert.equal(registered.map(({ name, skipped }) => ({ name, skipped })), [{ name: 'reads test1', skipped: false }]);
  void registered[0]!.fn!();
  assert.is(ran, 1);
});

test('a test with a file missing is skipped, with one line naming the file, its origin and how to get it', () => {
  const { registrar, registered } = recorder();
  const lines = printed(() =>
    withEnv({ SVC_TEST_DATA: directory, [REQUIRE_REAL_DATA_ENV]: undefined }, () =>
      realDataTest(registrar, 'reads wds', [PINNED, 'dot11/aircrack-ng_capture_wds-01.cap', 'dot11/aircrack-ng_n-02.cap'], () => assert.unreachable('ran')),
    ),
  );
  assert.equal(registered.map(({ name, skipped }) => ({ name, skipped })), [{ name: 'reads wds', skipped: true }]);
  assert.is(lines.length, 1);
  assert.match(lines[0]!, 'reads wds: needs dot11/aircrack-ng_capture_wds-01.cap (aircrack-ng/aircrack-ng@115693aa2abf test/capture_wds-01.cap, GPL-2.0) and 1 more');
  assert.match(lines[0]!, `not in ${directory}`);
  assert.match(lines[0]!, 'npm run test-data');
});

test('with SVC_REQUIRE_REAL_DATA=1 a missing file fails the test instead of skipping it', () => {
  const { registrar, registered } = recorder();
  withEnv({ SVC_TEST_DATA: directory, [REQUIRE_REAL_DATA_ENV]: '1' }, () => realDataTest(registrar, 'reads kismetdb', ['kismetdb/aircrack-ng_test1.kismet'], () => assert.unreachable('ran')));
  assert.is(registered[0]!.skipped, false);
  assert.throws(() => registered[0]!.fn!(), /real test data missing \(SVC_REQUIRE_REAL_DATA=1\): needs kismetdb\/aircrack-ng_test1\.kismet \(svc's shared data set only: the kismetdb log Kismet 2025-09-R1 wrote/);
});

test('per-capture tests come from the manifest, present or not', () => {
  withEnv({ SVC_TEST_DATA: directory }, () => {
    const captures = realDataFiles('dot11', /\.(pcap|cap)$/);
    assert.ok(captures.includes('aircrack-ng_test1.pcap') && captures.includes('wifite2_contains_wps_network.cap'), captures.join());
    assert.equal(missingRealData(captures.map((name) => `dot11/${name}`)).length, captures.length - 1);
    assert.ok(hasRealData([PINNED]));
    assert.not.ok(hasRealData([PINNED, 'dot11/aircrack-ng_n-02.cap']));
  });
});

test('origins say where a file comes from: a public repository, a recipe over one, or the shared data set only', () => {
  assert.is(describeOrigin('serial/gpsd_garmin17n.nmea.log'), 'ntpsec/gpsd@46977faa8f94 test/daemon/garmin17n.log, BSD-2-Clause');
  assert.is(describeOrigin('serial/gpsd_garmin17n.raw.nmea'), 'made from serial/gpsd_garmin17n.nmea.log (ntpsec/gpsd@46977faa8f94 test/daemon/garmin17n.log, BSD-2-Clause) by nmea-stream');
  assert.match(describeOrigin('wids/apspoof.pcap'), "svc's shared data set only");
  assert.is(describeOrigin('dot11/not-pinned.pcap'), 'not in test-data/real-data.json');
});

const pinned = Object.entries(realDataManifest());
realDataTest(test, 'every pinned file in the data directory has the size and checksum the manifest pins', pinned.map(([path]) => path), () => {
  const wrong = pinned.map(([path, file]) => [path, pinnedMismatch(readFileSync(realDataPath(path)), file)]).filter(([, why]) => why !== undefined);
  assert.equal(wrong, []);
});

test.run();
