/**
 * Logs replayed through the `kismetdb` datasource type: Kismet's own `.kismet` logs of the
 * shared captures (written by Kismet 2025-09-R1, see test-data/README.md) and an `.svcdb` log
 * svc wrote of a capture. Either replay must give the access points that reading the capture
 * itself gives: same keys, SSIDs, channels and encryption, with the capture's own times.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createLogger } from '@svc/core';
import { createTestService, testDataPath, waitUntil, type TestService } from '@svc/core/testing';
import dot11Plugin, { ACCESS_POINT_VIEW } from './index.js';

const logs = readdirSync(testDataPath('kismetdb')).filter((name) => name.endsWith('.kismet'));
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
  test(`${name}: Kismet's log replays to the access points of its capture`, async () => {
    const capture = readdirSync(testDataPath('dot11')).find((file) => file.startsWith(name.replace(/\.kismet$/, '.')) && /\.(pcap|cap)$/.test(file))!;
    const db = new Database(testDataPath('kismetdb', name), { readonly: true });
    const count = (db.prepare('SELECT count(*) AS n FROM packets').get() as { n: number }).n;
    db.close();
    const fromCapture = await accessPointsFrom(`${testDataPath('dot11', capture)}:name=capture`, count);
    const fromLog = await accessPointsFrom(`${testDataPath('kismetdb', name)}:name=log`, count);
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

test('realtime=true keeps the gaps of the log: a 3.8 s capture takes 3.8 s', async () => {
  const started = Date.now();
  const { t } = await accessPointsFrom(`${testDataPath('kismetdb', 'aircrack-ng_wpa3-psk.kismet')}:realtime=true`, 24);
  const elapsed = Date.now() - started;
  await t.close();
  assert.ok(elapsed >= 3800, `replayed in ${elapsed} ms`);
});

test('an svcdb log svc wrote replays to the devices of its capture', async () => {
  const capture = testDataPath('dot11', 'aircrack-ng_test1.pcap');
  const logDir = mkdtempSync(join(tmpdir(), 'svc-replay-'));
  const writer = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }), config: { enable_logging: 'true', log_title: 'replay', log_prefix: logDir } });
  try {
    await writer.svc.start();
    const source = await writer.svc.datasources.add(`${capture}:name=capture`);
    await waitUntil('the capture logged', () => source.numPackets === 192);
    await writer.svc.stop();
  } finally {
    await writer.close();
  }
  const logPath = join(logDir, readdirSync(logDir).find((file) => file.endsWith('.svcdb'))!);
  const fromCapture = await accessPointsFrom(`${capture}:name=capture`, 192);
  const fromLog = await accessPointsFrom(`${logPath}:name=log,type=kismetdb`, 192);
  try {
    assert.equal(fromLog.aps, fromCapture.aps);
    const all = async (t: TestService) => ((await (await t.request('/devices/views/all/devices.json')).json()) as Record<string, unknown>[]).map((device) => device['svc.device.base.key']).sort();
    assert.equal(await all(fromLog.t), await all(fromCapture.t), 'every device');
  } finally {
    await fromCapture.t.close();
    await fromLog.t.close();
    rmSync(logDir, { recursive: true, force: true });
  }
});

test.run();
