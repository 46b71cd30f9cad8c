/**
 * Bounded logs: past `log_max_bytes` a log is closed and the next one of its type opened, with a
 * message; past `log_max_age` likewise; every log of the run is listed with its size; the
 * records go on into the new file, and bad values of the keys stop the start with a reason.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createTestDatasource, createTestService, testPhyPlugin, waitUntil } from '../testing/index.js';

const scratch = mkdtempSync(join(tmpdir(), 'svc-rotation-'));
const plugins = () => [testPhyPlugin, createTestDatasource()];

async function activeLogs(t: Awaited<ReturnType<typeof createTestService>>): Promise<Record<string, any>[]> {
  return (await (await t.request('/logging/active.json')).json()) as Record<string, any>[];
}

test('past log_max_bytes the log is closed and the next one opened; records go on in it', async () => {
  const prefix = mkdtempSync(join(scratch, 'bytes-'));
  const t = await createTestService({ plugins: plugins(), config: { enable_logging: 'true', log_prefix: prefix, log_max_bytes: '1048576', log_device_interval: '0.2' } });
  try {
    await t.svc.start();
    await t.svc.datasources.add('testsource-1:devices=200,pps=10000');
    await waitUntil('two rotations', async () => (await activeLogs(t)).length >= 3, { timeoutMs: 30_000, detail: () => readdirSync(prefix).join(', ') });
    const logs = await activeLogs(t);
    const closed = logs.filter((log) => log['svc.logfile.open'] === 0);
    assert.ok(closed.length >= 2, 'the earlier logs are closed');
    assert.is(logs.filter((log) => log['svc.logfile.open'] === 1).length, 1, 'one svcdb log is open');
    for (const log of closed) assert.ok(log['svc.logfile.size'] >= 1048576, `${log['svc.logfile.path']} was closed at ${log['svc.logfile.size']} bytes`);
    const messages = ((await (await t.request('/messagebus/all_messages.json')).json()) as Record<string, any>[]).map((message) => String(message['svc.messagebus.message_string']));
    assert.ok(messages.some((text) => /^rotated svcdb log .*-1\.svcdb \(\d+ bytes\) to .*\.svcdb$/.test(text)), messages.join('\n'));
    // Records for the newest log too, which may have opened just now.
    await waitUntil('records in the newest log', async () => ((await activeLogs(t)).at(-1)!['svc.logfile.size'] as number) > 0 && t.svc.datasources.list()[0]!.numPackets > 0, { timeoutMs: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await t.svc.stop();
    for (const log of logs) {
      const db = new Database(log['svc.logfile.path'], { readonly: true });
      assert.is(db.prepare('SELECT count(*) FROM devices').pluck().get(), 200, `${log['svc.logfile.path']} holds every device`);
      db.close();
    }
    // The first log may fill with its devices before the first record; the records go on in the newer ones.
    const newest = new Database(logs.at(-1)!['svc.logfile.path'], { readonly: true });
    assert.ok((newest.prepare('SELECT count(*) FROM data').pluck().get() as number) > 0, 'the newest log holds records');
    newest.close();
  } finally {
    await t.close();
  }
});

test('past log_max_age the log is closed and the next one opened', async () => {
  const prefix = mkdtempSync(join(scratch, 'age-'));
  const t = await createTestService({ plugins: plugins(), config: { enable_logging: 'true', log_prefix: prefix, log_max_age: '1' } });
  try {
    await t.svc.start();
    await waitUntil('a rotation by age', async () => (await activeLogs(t)).length >= 2, { timeoutMs: 10_000 });
  } finally {
    await t.close();
  }
});

test('bad values of the logging keys stop the start, naming the key', async () => {
  for (const [key, value, reason] of [
    ['log_max_bytes', '-5', /log_max_bytes/],
    ['log_max_bytes', '4096', /log_max_bytes must be 0 \(never rotate\) or at least 1048576/],
    ['log_max_age', 'soon', /log_max_age/],
    ['log_title', 'a/b', /log_title 'a\/b' cannot be part of a file name/],
    ['log_device_interval', '0', /log_device_interval/],
    ['enable_logging', 'perhaps', /enable_logging/],
  ] as const) {
    let error: unknown;
    try {
      const t = await createTestService({ plugins: plugins(), config: { enable_logging: 'true', log_prefix: join(scratch, 'bad'), [key]: value } });
      await t.close();
    } catch (caught) {
      error = caught;
    }
    assert.ok(error instanceof Error, `${key}=${value} is refused`);
    assert.match((error as Error).message, reason);
  }
});

test.after(() => rmSync(scratch, { recursive: true, force: true }));

test.run();
