/**
 * The `kismetdb` datasource type without any radio plugin: non-frame records (the test PHY's
 * JSON reports) logged to an svcdb file come back as the same devices with the same packet
 * counts, and files that are not kismetdb logs are refused with a 400 that says why, or fail
 * on their record, while the server runs on: a damaged svcdb log of svc's own and, where the
 * shared data is there, a damaged log real Kismet wrote.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createTestDatasource, createTestService, realDataPath, realDataTest, testPhyPlugin, waitUntil, type TestService } from '../../testing/index.js';

const scratch = mkdtempSync(join(tmpdir(), 'svc-kismetdb-'));
const plugins = [testPhyPlugin, createTestDatasource()];

async function deviceSummary(t: TestService): Promise<unknown[]> {
  const response = await t.request('/devices/views/all/devices.json', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fields: ['svc.device.base.key', 'svc.device.base.packets.total', 'svc.device.base.first_time', 'svc.device.base.last_time', 'test.device/test.device.model'] }),
  });
  return ((await response.json()) as Record<string, unknown>[]).sort((a, b) => String(a['key']).localeCompare(String(b['key'])));
}

async function add(t: TestService, definition: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await t.request('/datasource/add_source.cmd', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ definition }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** An svcdb log of 500 test PHY reports from 25 devices, and the devices the writing service held; written once. */
let written: Promise<{ log: string; expected: unknown[] }> | undefined;
function svcdbLog(): Promise<{ log: string; expected: unknown[] }> {
  written ??= (async () => {
    const logDir = join(scratch, 'logs');
    const writer = await createTestService({ plugins, config: { enable_logging: 'true', log_prefix: logDir } });
    try {
      await writer.svc.start();
      const source = await writer.svc.datasources.add('testsource-1:devices=25,count=500,flood=true');
      await waitUntil('500 reports', () => source.numPackets === 500);
      const expected = await deviceSummary(writer);
      await writer.svc.stop();
      return { log: join(logDir, readdirSync(logDir).find((name) => name.endsWith('.svcdb'))!), expected };
    } finally {
      await writer.close();
    }
  })();
  return written;
}

/** A kismetdb log refuses `pps=fast`; cut to `bytes`, it is refused with a 400 or fails on its record, and the server runs on. */
async function checkDamaged(log: string, bytes: number): Promise<void> {
  const t = await createTestService({ plugins });
  try {
    assert.is((await add(t, `${log}:type=kismetdb,pps=fast`)).status, 400);
    const damaged = join(scratch, 'damaged.kismet');
    copyFileSync(log, damaged);
    truncateSync(damaged, bytes);
    const result = await add(t, `${damaged}:type=kismetdb,name=damaged`);
    if (result.status === 200) {
      const source = t.svc.datasources.list().find((candidate) => candidate.name === 'damaged')!;
      await waitUntil('the damaged log fails', () => source.errorReason !== '');
      assert.match(source.errorReason, /damaged\.kismet/);
    } else {
      assert.is(result.status, 400, JSON.stringify(result.body));
    }
    assert.is((await t.request('/system/status.json')).status, 200, 'the server runs on');
  } finally {
    await t.close();
  }
}

test('records logged to svcdb replay to the same devices, counts and times', async () => {
  const { log, expected } = await svcdbLog();
  const db = new Database(log, { readonly: true });
  assert.is((db.prepare("SELECT count(*) AS n FROM data WHERE type = 'TESTPHY'").get() as { n: number }).n, 500, 'every report is a data row');
  db.close();

  const reader = await createTestService({ plugins });
  try {
    const { status, body } = await add(reader, `${log}:name=again`);
    assert.is(status, 200);
    assert.is(body['svc.datasource.type_driver'] && (body['svc.datasource.type_driver'] as Record<string, unknown>)['svc.datasource.driver.type'], 'kismetdb');
    const [source] = reader.svc.datasources.list();
    await waitUntil('the log replayed', () => source!.numPackets === 500);
    assert.equal(await deviceSummary(reader), expected);
  } finally {
    await reader.close();
  }
});

test('not a kismetdb log: 400 saying why', async () => {
  const t = await createTestService({ plugins });
  try {
    const text = join(scratch, 'notes.kismet');
    writeFileSync(text, 'hello\n');
    const refused = await add(t, `${text}:type=kismetdb`);
    assert.is(refused.status, 400);
    assert.match(String(refused.body.error), /cannot be opened as a kismetdb log|not a readable kismetdb log/);

    const other = join(scratch, 'other.sqlite');
    const db = new Database(other);
    db.exec('CREATE TABLE things (x INT)');
    db.close();
    const wrongTables = await add(t, `${other}:type=kismetdb`);
    assert.is(wrongTables.status, 400);
    assert.match(String(wrongTables.body.error), /is a SQLite file but not a kismetdb log \(no KISMET, packets, data table\)/);

    assert.is((await add(t, `${join(scratch, 'missing.kismet')}:type=kismetdb`)).status, 400);
  } finally {
    await t.close();
  }
});

test('a damaged svcdb log fails on its record (or is refused), and the server runs on', async () => {
  const { log } = await svcdbLog();
  await checkDamaged(log, Math.floor(statSync(log).size / 2));
});

realDataTest(test, 'a damaged log real Kismet wrote fails on its record (or is refused), and the server runs on', ['kismetdb/aircrack-ng_test1.kismet'], () =>
  checkDamaged(realDataPath('kismetdb', 'aircrack-ng_test1.kismet'), 200_000),
);

test.after(() => rmSync(scratch, { recursive: true, force: true }));

test.run();
