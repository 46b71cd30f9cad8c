/**
 * The `rtladsb` type: against the real `rtl_adsb` on a machine without a dongle, the source is
 * in error with rtl_adsb's own words and is started again by the retry policy; beside it, a
 * stand-in printing dump1090's frames of a real recording as rtl_adsb prints frames shows every
 * line becomes a Mode S packet; bad definitions are refused.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { createLogger, type SvcError } from '@svc/core';
import { createTestService, realDataPath, realDataTest, waitUntil } from '@svc/core/testing';
import adsbPlugin from '../index.js';

const hasRtlAdsb = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v rtl_adsb']);
    return true;
  } catch {
    return false;
  }
})();

const dir = mkdtempSync(join(tmpdir(), 'svc-rtladsb-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

test('the real rtl_adsb without a dongle: an error in its own words, and the retry starts it again', async () => {
  assert.ok(hasRtlAdsb, 'rtl_adsb is installed (Debian rtl-sdr; .ci/run installs it)');
  const t = await createTestService({ plugins: [adsbPlugin], config: { source_retry_delay: '0.2' }, log: createLogger({ write: () => {} }) });
  try {
    const source = await t.svc.datasources.add('rtladsb-0');
    assert.is(source.type.name, 'rtladsb');
    await waitUntil('the missing dongle', () => /No supported devices found/.test(source.errorReason), { timeoutMs: 15_000 });
    const messages = () => t.svc.messages.all().filter((message) => /No supported devices found/.test(String(message['svc.messagebus.message_string']))).length;
    await waitUntil('tried again', () => messages() >= 2, { timeoutMs: 15_000 });
  } finally {
    await t.close();
  }
});

realDataTest(test, 'every frame rtl_adsb prints becomes a Mode S packet (a stand-in printing a recording)', ['adsb/modes1.frames.txt'], async () => {
  const standIn = join(dir, 'rtl_adsb');
  writeFileSync(standIn, `#!/bin/sh\necho "Found 1 device(s):" >&2\ncat '${realDataPath('adsb', 'modes1.frames.txt')}'\necho '*zz;'\nexec sleep 30\n`);
  chmodSync(standIn, 0o755);
  const t = await createTestService({ plugins: [adsbPlugin], config: { rtladsb_command: standIn }, log: createLogger({ write: () => {} }) });
  try {
    const source = await t.svc.datasources.add('rtladsb-0:gain=40');
    await waitUntil('every frame', () => source.numPackets >= 320);
    assert.is(source.numErrorPackets, 1, 'the line that is no frame');
  } finally {
    await t.close();
  }
});

test('bad definitions are refused with the reason', async () => {
  const t = await createTestService({ plugins: [adsbPlugin], log: createLogger({ write: () => {} }) });
  try {
    const refusal = (definition: string): Promise<string> =>
      t.svc.datasources.add(definition).then(
        () => `${definition} was accepted`,
        (error: SvcError) => error.message,
      );
    assert.match(await refusal('rtladsb-0:gain=loud'), /gain must be a number from 0 to 100, not 'loud'/);
    assert.match(await refusal('rtladsb-x:type=rtladsb'), /names no dongle/);
  } finally {
    await t.close();
  }
});

test.run();
