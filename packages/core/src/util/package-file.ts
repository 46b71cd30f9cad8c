/**
 * A file of a package by its path inside the package, found from any module of it: a plugin's
 * code runs from `src/` in svc's own tests and from `dist/` once built, while files it serves
 * (a built UI module, the web app) live at one place in the package.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `relative` inside the package that holds the module at `moduleUrl` (pass `import.meta.url`). */
export function packageFile(moduleUrl: string, relative: string): string {
  for (let directory = dirname(fileURLToPath(moduleUrl)); ; directory = dirname(directory)) {
    if (existsSync(join(directory, 'package.json'))) return join(directory, relative);
    if (dirname(directory) === directory) throw new Error(`no package.json above ${fileURLToPath(moduleUrl)}`);
  }
}
