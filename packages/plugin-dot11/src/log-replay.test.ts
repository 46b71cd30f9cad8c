/**
 * Logs replayed through the `kismetdb` datasource type: Kismet's own `.kismet` logs of the
 * shared captures (written by Kismet 2025-09-R1, see the shared data set's kismetdb/README.md)
 * and the `.svcdb` logs svc wrote of a real capture and of its own demo scene. Either replay must
 * give the access points that reading the capture itself gives: same keys, SSIDs, channels and
 * encryption, with the capture's own times.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createLogger } from '@svc/core';
import { createTestService, projectDataPath, realDataFiles, realDataPath, realDataTest, waitUntil, type TestService } from '@svc/core/testing';
import dot11Plugin, { ACCESS_POINT_VIEW } from './index.js';

const logs = realDataFiles('kismetdb', /\.kismet$/);
/** The capture (in the shared data set's dot11/) a Kismet log was made from. */
const captureOf = (log: string) => realDataFiles('dot11', /\.(pcap|cap)$/).find((file) => file.startsWith(log.replace(/\.kismet$/, '.')))!;
const AP_FIELDS = ['svc.device.base.key', 'svc.device.base.name', 'svc.device.base.type', 'svc.device.base.channel', 'svc.device.base.crypt', 'svc.device.base.first_time', 'svc.device.base.last_time'];

type Summary = Record<string, unknown>[];

/** The access points a service holds after one source has read `count` packets from `definition`. */
async function accessPointsFrom(definition: string, count: number, config: Record<string, string> = {}): Promise<{ aps: Summary; t: TestService }> {
  const t = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }), config });
  const source = await t.svc.datasources.add(definition);
  await waitUntil(`${count} packets from ${definition}`, () => source.numPackets >= count, { timeoutMs: 20_000, detail: () => `${source.numPackets} read; error: ${source.errorReason}` });
  const response = await t.request(`/devices/views/${ACCESS_POINT_VIEW}/devices.json`, { method: 'POST', body: JSON.stringify({ fields: AP_FIELDS }), headers: { 'content-type': 'application/json' } });
  const aps = ((await response.json()) as Summary).sort((a, b) => String(a['key']).localeCompare(String(b['key'])));
  return { aps, t };
}

for (const name of logs) {
  realDataTest(test, `${name}: Kismet's log replays to the access points of its capture`, [`kismetdb/${name}`, `dot11/${captureOf(name)}`], async () => {
    const db = new Database(realDataPath('kismetdb', name), { readonly: true });
    const count = (db.prepare('SELECT count(*) AS n FROM packets').get() as { n: number }).n;
    db.close();
    const fromCapture = await accessPointsFrom(`${realDataPath('dot11', captureOf(name))}:name=capture`, count);
    const fromLog = await accessPointsFrom(`${realDataPath('kismetdb', name)}:name=log`, count);
    try {
      assert.ok(fromCapture.aps.length > 0, 'the capture has access points');
      assert.equal(fromLog.aps, fromCapture.aps);
      const [source] = fromLog.t.svc.datasources.list();
      assert.is(source!.type.name, 'kismetdb', 'the type is probed from the file');
    } finally {
      await fromCapture.t.close();
      await fromLog.t.close();
    }
  });
}

realDataTest(test, 'realtime=true keeps the gaps of the log: a 3.8 s capture takes 3.8 s', ['kismetdb/aircrack-ng_wpa3-psk.kismet'], async () => {
  const started = Date.now();
  const { t } = await accessPointsFrom(`${realDataPath('kismetdb', 'aircrack-ng_wpa3-psk.kismet')}:realtime=true`, 24);
  const elapsed = Date.now() - started;
  await t.close();
  assert.ok(elapsed >= 3800, `replayed in ${elapsed} ms`);
});

/** An svcdb log svc writes of `capture` (`frames` frames) replays to the capture's access points and devices. */
async function svcdbReplaysLikeCapture(capture: string, frames: number) {
  const logDir = mkdtempSync(join(tmpdir(), 'svc-replay-'));
  const writer = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }), config: { enable_logging: 'true', log_title: 'replay', log_prefix: logDir } });
  try {
    await writer.svc.start();
    const source = await writer.svc.datasources.add(`${capture}:name=capture`);
    await waitUntil('the capture logged', () => source.numPackets === frames);
    await writer.svc.stop();
  } finally {
    await writer.close();
  }
  const logPath = join(logDir, readdirSync(logDir).find((file) => file.endsWith('.svcdb'))!);
  const fromCapture = await accessPointsFrom(`${capture}:name=capture`, frames);
  const fromLog = await accessPointsFrom(`${logPath}:name=log,type=kismetdb`, frames);
  try {
    assert.ok(fromCapture.aps.length > 0, 'the capture has access points');
    assert.equal(fromLog.aps, fromCapture.aps);
    const all = async (t: TestService) => ((await (await t.request('/devices/views/all/devices.json')).json()) as Record<string, unknown>[]).map((device) => device['svc.device.base.key']).sort();
    assert.equal(await all(fromLog.t), await all(fromCapture.t), 'every device');
  } finally {
    await fromCapture.t.close();
    await fromLog.t.close();
    rmSync(logDir, { recursive: true, force: true });
  }
}

realDataTest(test, 'an svcdb log svc wrote of a real capture replays to the devices of its capture', ['dot11/aircrack-ng_test1.pcap'], () => svcdbReplaysLikeCapture(realDataPath('dot11', 'aircrack-ng_test1.pcap'), 192));

test("an svcdb log svc wrote of its demo scene replays to the scene's devices", () => {
  const reference = JSON.parse(readFileSync(projectDataPath('dot11', 'svc-demo-scene.tshark.json'), 'utf8')) as { frames_total: number };
  return svcdbReplaysLikeCapture(projectDataPath('dot11', 'svc-demo-scene.pcap'), reference.frames_total);
});

test.run();
