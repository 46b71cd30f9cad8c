/**
 * The module a package directory points at, for `plugin=/path/to/package` lines: ES module
 * imports cannot load a directory, and CommonJS resolution ignores `exports`, so a plugin
 * package that declares only `exports` (as ESM packages do) could not be named by its path.
 * This follows Node's rules for the package's own `.` export: the first condition in the
 * export's key order that Node would match when importing (`node`, `import`, `default`), else
 * `main`, else `index.js`.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The conditions Node matches when it imports a package. */
const IMPORT_CONDITIONS = new Set(['node', 'import', 'default']);

/** Picks the target of an export value (a path, a conditions object, or an array of fallbacks). */
function exportTarget(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    for (const candidate of value) {
      const target = exportTarget(candidate);
      if (target !== undefined) return target;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [condition, nested] of Object.entries(value)) {
      if (IMPORT_CONDITIONS.has(condition)) {
        const target = exportTarget(nested);
        if (target !== undefined) return target;
      }
    }
  }
  return undefined;
}

/**
 * The entry file of the package in `directory`; undefined when `directory` is not a directory
 * with a package.json. Throws when package.json is not JSON, naming the file.
 */
export function packageEntry(directory: string): string | undefined {
  const manifestPath = join(directory, 'package.json');
  if (!existsSync(directory) || !statSync(directory).isDirectory() || !existsSync(manifestPath)) return undefined;
  let manifest: { exports?: unknown; main?: unknown };
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as typeof manifest;
  } catch (error) {
    throw new Error(`${manifestPath} is not valid JSON (${(error as Error).message})`);
  }
  const { exports } = manifest;
  const rootExport =
    typeof exports === 'object' && exports !== null && !Array.isArray(exports) && Object.keys(exports).some((key) => key.startsWith('.'))
      ? (exports as Record<string, unknown>)['.']
      : exports;
  const target = exportTarget(rootExport) ?? (typeof manifest.main === 'string' ? manifest.main : 'index.js');
  return join(directory, target);
}
