/**
 * Where the test data lives (real captures and recordings with reference outputs from tshark
 * and rtl_433): `$SVC_TEST_DATA`, else the repository's `test-data` folder, found by walking up
 * from this module and then from the working directory. Every test that reads it goes through
 * here, so missing data fails with one message naming the path it looked for.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder name the repository keeps its test data in. */
const TEST_DATA_FOLDER = 'test-data';

/** The test data directory; throws, naming the path it expected, when it is missing. */
export function testDataDir(): string {
  const fromEnv = process.env.SVC_TEST_DATA;
  if (fromEnv) {
    const candidate = resolve(fromEnv);
    if (!existsSync(candidate)) throw new Error(`test data not found: SVC_TEST_DATA is ${candidate}, which does not exist`);
    return candidate;
  }
  const found = findUpwards(fileURLToPath(new URL('.', import.meta.url))) ?? findUpwards(process.cwd());
  if (found) return found;
  throw new Error(
    `test data not found: no ${TEST_DATA_FOLDER}/ folder above ${process.cwd()} (the repository keeps it at its root); set SVC_TEST_DATA to a copy`,
  );
}

/** A path inside the test data directory (`testDataPath('dot11', 'x.pcap')`). */
export function testDataPath(...parts: string[]): string {
  return join(testDataDir(), ...parts);
}

/** The first `test-data` folder in a directory at or above `start`. */
function findUpwards(start: string): string | undefined {
  for (let directory = start; ; directory = dirname(directory)) {
    const candidate = join(directory, TEST_DATA_FOLDER);
    if (existsSync(candidate)) return candidate;
    if (dirname(directory) === directory) return undefined;
  }
}
