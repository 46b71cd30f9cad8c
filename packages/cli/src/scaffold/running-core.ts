/**
 * Where the running `@svc/core` came from, so a scaffolded plugin can depend on it in a way npm
 * can install. `@svc/core` is not on the npm registry yet: a core from a clone of the svc
 * repository or from a packed tarball is linked with `file:` (npm symlinks it, and its own
 * dependencies resolve beside it), and only a core npm fetched from a registry is named by
 * version range.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';

/** The directory of the running `@svc/core` package, with symlinks resolved. */
export function runningCoreDirectory(): string {
  const manifest = createRequire(import.meta.url).resolve('@svc/core/package.json');
  return realpathSync(dirname(manifest));
}

/**
 * The dev dependency spec for `@svc/core` in a new plugin: `range` when the running core was
 * installed from a registry (its `node_modules/.package-lock.json` entry resolves to an http(s)
 * URL), else `file:<the running core's directory>`.
 */
export function coreDependencySpec(range: string, coreDirectory = runningCoreDirectory()): string {
  return installedFromRegistry(coreDirectory) ? range : `file:${coreDirectory}`;
}

function installedFromRegistry(coreDirectory: string): boolean {
  const marker = `${sep}node_modules${sep}`;
  const at = coreDirectory.lastIndexOf(marker);
  if (at < 0) return false;
  const project = coreDirectory.slice(0, at);
  const lockfile = join(project, 'node_modules', '.package-lock.json');
  if (!existsSync(lockfile)) return false;
  try {
    const packages = (JSON.parse(readFileSync(lockfile, 'utf8')) as { packages?: Record<string, { resolved?: string }> }).packages ?? {};
    const key = coreDirectory.slice(project.length + 1).split(sep).join('/');
    return /^https?:\/\//.test(packages[key]?.resolved ?? '');
  } catch {
    return false;
  }
}
