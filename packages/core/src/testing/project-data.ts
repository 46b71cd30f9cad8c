/**
 * The data svc makes for itself: the repository's `test-data/` folder holds what the project's
 * own generators wrote (the demo scene, synthetic captures, recordings and NMEA tracks), the
 * references made from them by trusted tools, and the manifest of the real third-party data the
 * tests read from outside the repository (see `real-data.ts`).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder name the repository keeps its own data in. */
const PROJECT_DATA_FOLDER = 'test-data';

/** The repository's root (the folder holding `test-data/`), or undefined outside a checkout of svc. */
export function repositoryRoot(): string | undefined {
  return findUpwards(fileURLToPath(new URL('.', import.meta.url))) ?? findUpwards(process.cwd());
}

/** A path inside the repository's own `test-data/` folder; throws, naming where it looked, outside a checkout. */
export function projectDataPath(...parts: string[]): string {
  const root = repositoryRoot();
  if (root === undefined) throw new Error(`project data not found: no ${PROJECT_DATA_FOLDER}/ folder above ${process.cwd()} (svc's repository keeps it at its root)`);
  return join(root, PROJECT_DATA_FOLDER, ...parts);
}

/** The first directory at or above `start` that holds a `test-data` folder. */
function findUpwards(start: string): string | undefined {
  for (let directory = start; ; directory = dirname(directory)) {
    if (existsSync(join(directory, PROJECT_DATA_FOLDER, 'real-data.json'))) return directory;
    if (dirname(directory) === directory) return undefined;
  }
}
