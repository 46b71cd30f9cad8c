/**
 * The serial GPS on real pty pairs from `socat`: the gpsd recordings written to the far end in
 * uneven pieces give the fixes of their reference summaries; bad lines are dropped with one
 * message; and in a running service `gps=serial:...` serves `/gps/location.json`, stamps the
 * position onto devices a serial sniffer reports, and comes back after an unplug.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createLogger, type GpsContext, type GpsFix } from '@svc/core';
import { createTestService, testDataPath, testPhyPlugin, TEST_PHY, waitUntil } from '@svc/core/testing';
import serialPlugin from '../index.js';
import { openPtyPair, type PtyPair } from '../testing/pty-pair.js';
import { NMEA_RECORDINGS } from '../testing/nmea-recordings.js';
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

/** Writes bytes in uneven pieces, as a UART delivers them. */
function writeUnevenly(pty: PtyPair, bytes: Buffer): void {
  for (let at = 0, size = 5; at < bytes.length; at += size, size = (size * 7) % 53 + 1) pty.write(bytes.subarray(at, at + size));
}

let pty: PtyPair;
test.before.each(async () => {
  pty = await openPtyPair();
});
test.after.each(() => pty.close());

for (const log of NMEA_RECORDINGS) {
  test(`${log} through a pty: the fixes equal the reference summary`, async () => {
    const summary = JSON.parse(readFileSync(testDataPath('serial', `${log}.nmea-summary.json`), 'utf8'));
    const recorder = recordingContext();
    const gps = await serialGpsType.open({ line: `serial:device=${pty.device}`, type: 'serial', name: 'test-gps', options: new Map([['device', pty.device]]) }, recorder.context);
    try {
      assert.is(gps.description, `NMEA on ${pty.device} at 4800 baud`);
      writeUnevenly(pty, readFileSync(testDataPath('serial', `${log}.raw.nmea`)));
      await waitUntil('every fix arrived', () => recorder.valid().length >= summary.fixes);
      await sleep(50);
      const valid = recorder.valid();
      assert.is(valid.length, summary.fixes);
      for (const [fix, reference] of [[valid[0]!, summary.first_fix], [valid.at(-1)!, summary.last_fix]]) {
        assert.ok(Math.abs(fix.lat - reference.lat) < 1e-7 && Math.abs(fix.lon - reference.lon) < 1e-7, `${fix.lat},${fix.lon} vs ${reference.lat},${reference.lon}`);
      }
      assert.equal(recorder.messages, [], 'the recordings have no bad checksums');
    } finally {
      await gps.close();
    }
  });
}

test('a partial first line and bad checksums are dropped with one message; the good sentences still count', async () => {
  const recorder = recordingContext();
  const gps = await serialGpsType.open({ line: 'serial', type: 'serial', name: 'test-gps', options: new Map([['device', pty.device], ['baud', '9600']]) }, recorder.context);
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
  const open = (options: [string, string][]) => serialGpsType.open({ line: 'serial', type: 'serial', name: 'x', options: new Map(options) }, recordingContext().context);
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

test('gps=serial in a service: /gps/location.json, positions stamped onto sniffed devices, and back after an unplug', async () => {
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
    pty.write(readFileSync(testDataPath('serial', 'gpsd_nmea-fuzzy-cases.raw.nmea')));
    await waitUntil('the fix is served', async () => (await location())['svc.common.location.valid'] === 1);
    const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;
    const lastFix = [-(93 + 45.03586858 / 60), 41 + 34.50180291 / 60];
    await waitUntil('the last fix is served', async () => near((await location())['svc.common.location.geopoint'][1], lastFix[1]!));
    const served = await location();
    assert.ok(near(served['svc.common.location.geopoint'][0], lastFix[0]!));
    assert.is(served['svc.common.location.fix'], 3);
    assert.is(served['svc.common.location.time_sec'], Date.UTC(2020, 2, 18, 13, 39, 0) / 1000);

    const source = await t.svc.datasources.add(`serialjson-esp:device=${sniffer.device}`);
    await waitUntil('the sniffer runs', () => source.state === 'running');
    sniffer.write(`{"phy":"${TEST_PHY}","mac":"02:00:00:00:00:01","rssi":-61}\n`);
    await waitUntil('the device', () => t.svc.devices.size === 1);
    const device = (await (await t.request(`/devices/views/phy-${TEST_PHY}/devices.json`)).json()) as Record<string, any>[];
    const last = device[0]!['svc.device.base.location']['svc.common.location.last'];
    assert.equal(last['svc.common.location.geopoint'], served['svc.common.location.geopoint']);

    await pty.unplug();
    await waitUntil('the GPS is lost', async () => (await gpsState())['svc.gps.state'] === 'error');
    assert.match((await gpsState())['svc.gps.error'], 'went away (unplugged?)');
    assert.is((await location())['svc.common.location.valid'], 0);
    await pty.replug();
    await waitUntil('the GPS is reopened', async () => (await gpsState())['svc.gps.state'] === 'running');
    pty.write('$GPGGA,132820.60,4134.49821229,N,09345.03351845,W,2,09,1.0,278.020,M,-31.442,M,7.6,0133*7E\r\n');
    await waitUntil('a fix after the replug', async () => (await location())['svc.common.location.valid'] === 1);
  } finally {
    await t.close();
    await sniffer.close();
  }
});

test.run();
