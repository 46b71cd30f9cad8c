/**
 * A log that cannot start (issue 31, item 7): the start is refused with the reason (507 for a
 * full disk, 500 naming the cause otherwise) and what the attempt created is removed, so a
 * failed start leaves no empty log behind. The real types on real full and read-only disks are
 * in the end-to-end logging test; here a log type that fails the way a disk does, after it has
 * created its files, shows the manager's side.
 */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { definePlugin } from '../plugin.js';
import { createTestService } from '../testing/index.js';

const scratch = mkdtempSync(join(tmpdir(), 'svc-log-start-'));

/** A log type whose open creates its file and a file beside it, then fails with `code`. */
const failingLogs = definePlugin({
  name: 'failing-logs',
  apply(svc) {
    svc.hooks.logTypes.tap('failing-logs', (types) => {
      for (const code of ['ENOSPC', 'EACCES']) {
        types.add({
          name: `fails-${code.toLowerCase()}`,
          description: `creates its files, then fails with ${code}`,
          extension: code.toLowerCase(),
          async open({ path }) {
            writeFileSync(path, '');
            writeFileSync(`${path}-wal`, '');
            throw Object.assign(new Error(`${code}: the disk said no, write '${path}'`), { code });
          },
        });
      }
    });
  },
});

test('a full disk is a 507 and a refused write a 500, each naming the cause; the files the attempt made are gone; the real types make 0640 files', async () => {
  const prefix = mkdtempSync(join(scratch, 'logs-'));
  const t = await createTestService({ plugins: [failingLogs], config: { log_prefix: prefix } });
  try {
    const start = async (type: string) => {
      const response = await t.request(`/logging/by-class/${type}/start.cmd`, { method: 'POST' });
      return { status: response.status, body: (await response.json()) as { error: string; code: string } };
    };
    const full = await start('fails-enospc');
    assert.equal([full.status, full.body.code], [507, 'SVC_ERR_LOG_NO_SPACE']);
    assert.match(full.body.error, /^cannot start a fails-enospc log at .*\.enospc: the disk is full \(ENOSPC: the disk said no/);
    const refused = await start('fails-eacces');
    assert.equal([refused.status, refused.body.code], [500, 'SVC_ERR_LOG_WRITE']);
    assert.match(refused.body.error, /^cannot start a fails-eacces log at .*\.eacces: svc may not write there \(EACCES/);
    assert.equal(readdirSync(prefix), [], 'nothing of the failed starts is left');

    for (const type of ['svcdb', 'pcapng', 'wiglecsv']) assert.is((await start(type)).status, 200);
    const files = readdirSync(prefix);
    assert.ok(files.some((name) => name.endsWith('.svcdb-state')), files.join(', '));
    for (const name of files) assert.is(statSync(join(prefix, name)).mode & 0o777, 0o640, `${name} is 0640`);
  } finally {
    await t.close();
  }
});

test.after(() => rmSync(scratch, { recursive: true, force: true }));

test.run();
