/**
 * Where the shared test data lives (real captures and recordings with reference outputs from
 * tshark and rtl_433): `$SVC_TEST_DATA`, else `shared/data` beside the repository. Every test
 * that reads it goes through here, so a missing checkout fails with one clear message.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The test data directory; throws when it is missing. */
export function testDataDir(): string {
  const fromEnv = process.env.SVC_TEST_DATA;
  const candidate = fromEnv ? resolve(fromEnv) : findUpwards(fileURLToPath(new URL('.', import.meta.url))) ?? findUpwards(process.cwd()) ?? resolve('../shared/data');
  if (!existsSync(candidate)) {
    throw new Error(
      `test data not found at ${candidate}: ${fromEnv ? 'SVC_TEST_DATA points nowhere' : 'check out the shared data beside the repository (../shared/data) or set SVC_TEST_DATA'}`,
    );
  }
  return candidate;
}

/** A path inside the test data directory (`testDataPath('dot11', 'x.pcap')`). */
export function testDataPath(...parts: string[]): string {
  return join(testDataDir(), ...parts);
}

/** The first `shared/data` in a directory above `start` (the repository's sibling). */
function findUpwards(start: string): string | undefined {
  for (let directory = start; ; directory = dirname(directory)) {
    const candidate = join(directory, 'shared', 'data');
    if (existsSync(candidate)) return candidate;
    if (dirname(directory) === directory) return undefined;
  }
}
