/**
 * Attack, issue 31 item 7: starting a log where it cannot be written. Against a real
 * `svc start` whose log directory is a small tmpfs in a private mount namespace (filled before
 * svc starts; or with free bytes but no free inode; or read-only), starting an svcdb, pcapng or
 * WiGLE CSV log is refused with the reason (507 for a full disk, 500 naming the cause
 * otherwise), no log is recorded as opened, and the server goes on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { canMountTmpfs, tmpfsWrapper } from '../private-tmpfs.js';
import { startAttackServer } from './attack-server.js';

/** The disks, each with the answer every log type gets on it. */
const DISKS = [
  {
    what: 'a full disk',
    mount: 'size=256k',
    prepare: (logs: string) => `(dd if=/dev/zero of='${logs}/filler' bs=4k 2>/dev/null || true)`,
    status: 507,
    code: 'SVC_ERR_LOG_NO_SPACE',
    error: (type: string, logs: string) => new RegExp(`^cannot start a ${type} log in ${logs}: the disk is full \\(\\d+ bytes free; a log needs at least 65536\\)$`),
  },
  {
    what: 'a disk with free bytes and no free inode (every file creation fails with ENOSPC)',
    mount: 'size=1m,nr_inodes=8',
    prepare: (logs: string) => `(for n in 1 2 3 4 5 6 7 8 9; do touch '${logs}/f'$n 2>/dev/null; done; true)`,
    status: 507,
    code: 'SVC_ERR_LOG_NO_SPACE',
    error: (type: string, logs: string) => new RegExp(`^cannot start a ${type} log at ${logs}/svc-\\S+: the disk is full \\(.*ENOSPC.*\\)$`),
  },
  {
    what: 'a read-only disk',
    mount: 'size=256k,ro',
    prepare: () => 'true',
    status: 500,
    code: 'SVC_ERR_LOG_WRITE',
    error: (type: string, logs: string) => new RegExp(`^cannot start a ${type} log at ${logs}/svc-\\S+: svc may not write there \\(.*EROFS.*\\)$`),
  },
];

for (const disk of DISKS) {
  test(`on ${disk.what}, every log type is refused with ${disk.status} and the reason; the server goes on`, async () => {
    assert.ok(canMountTmpfs, 'this test needs unshare to mount a tmpfs (root, or unprivileged user namespaces)');
    const logs = mkdtempSync(join(tmpdir(), 'svc-attack-logs-'));
    const server = await startAttackServer([`log_prefix=${logs}`], { wrapper: tmpfsWrapper(logs, disk.mount, disk.prepare(logs)) });
    try {
      for (const type of ['svcdb', 'pcapng', 'wiglecsv']) {
        const response = await server.command(`/logging/by-class/${type}/start.cmd`, {});
        const body = (await response.json()) as { error: string; code: string };
        assert.equal([response.status, body.code], [disk.status, disk.code], `${type}: ${JSON.stringify(body)}`);
        assert.match(body.error, disk.error(type, logs));
      }
      const active = await (await fetch(`${server.url}/logging/active.json`, { headers: { authorization: server.admin } })).json();
      assert.equal(active, [], 'no log was opened');
      await server.addSource('testsource-1:devices=10,count=10,flood=true');
      await server.devices(10);
    } finally {
      await server.stop();
      rmSync(logs, { recursive: true, force: true });
    }
  });
}

test.run();
