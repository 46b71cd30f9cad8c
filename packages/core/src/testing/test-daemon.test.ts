/**
 * The test daemon with `sh` as the daemon: ready when it says so, killed and started again,
 * stopped with its directory gone, and a start that exits first failing with its own words.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestDaemon } from './test-daemon.js';

const shell = (script: string) => ({ name: 'sh', command: 'sh', args: ['-c', script], port: 0, url: 'sh://', dir: mkdtempSync(join(tmpdir(), 'svc-daemon-test-')) });

test('ready when it says so; killed, started again and stopped, its directory removed', async () => {
  const options = shell('echo starting; sleep 0.2; echo ready; exec sleep 60');
  const daemon = await startTestDaemon({ ...options, ready: (output) => output.includes('ready') });
  assert.ok(daemon.running);
  await daemon.kill();
  assert.not.ok(daemon.running, 'killed');
  await daemon.restart();
  assert.ok(daemon.running, 'started again');
  assert.is(daemon.log(), 'starting\nready\nstarting\nready\n', 'its log over both starts');
  await daemon.stop();
  assert.not.ok(daemon.running);
  assert.not.ok(existsSync(options.dir), 'its directory is removed');
});

test('a start that exits before it is ready fails with what the daemon said', async () => {
  const options = shell('echo "bad config line 3" >&2; exit 3');
  try {
    await startTestDaemon({ ...options, ready: () => false });
    assert.unreachable('the start should fail');
  } catch (error) {
    assert.match(String(error), 'sh exited: bad config line 3');
  }
});

test.run();
