/**
 * The plugin directory: where `svc plugin install|uninstall|link` put plugin packages with npm
 * (`plugin_dir`, default `<config dir>/plugins`), and where `svc start` finds them: every
 * package under its `node_modules` whose package.json has the keyword `svc-plugin`. The
 * directory is an ordinary npm project, so npm resolves each plugin's dependencies there, except
 * `@svc/core`: plugins declare it as a peer dependency, and svc provides its own (see
 * {@link linkHostCore}), so every plugin shares the running core.
 */
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { SvcError, type Config } from '@svc/core';

/** The keyword that marks an npm package as an svc plugin. */
export const PLUGIN_KEYWORD = 'svc-plugin';

/** A plugin package found in the plugin directory. */
export interface InstalledPlugin {
  readonly name: string;
  readonly version: string;
  readonly description: string;
  /** Where the package is (inside `node_modules`). */
  readonly directory: string;
  /** Installed with `svc plugin link` (a symbolic link to a working copy). */
  readonly linked: boolean;
}

/** The plugin directory of a configuration. */
export function pluginDirectory(config: Config): string {
  const configured = config.get('plugin_dir');
  return configured ? resolve(config.configDir, configured.replace(/^~(?=\/|$)/, process.env.HOME ?? '~')) : join(config.configDir, 'plugins');
}

/** Reads a package.json; undefined when it is missing or not JSON. */
function readManifest(directory: string): Record<string, unknown> | undefined {
  try {
    const manifest: unknown = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8'));
    return typeof manifest === 'object' && manifest !== null ? (manifest as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The svc plugins installed in a plugin directory (none when it does not exist), by name. */
export function findInstalledPlugins(directory: string): InstalledPlugin[] {
  const modules = join(directory, 'node_modules');
  if (!existsSync(modules)) return [];
  const candidates: string[] = [];
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) for (const scoped of readdirSync(join(modules, entry))) candidates.push(join(entry, scoped));
    else candidates.push(entry);
  }
  const found: InstalledPlugin[] = [];
  for (const candidate of candidates.sort()) {
    const packageDirectory = join(modules, candidate);
    const manifest = readManifest(packageDirectory);
    const keywords = Array.isArray(manifest?.keywords) ? manifest.keywords : [];
    if (!manifest || !keywords.includes(PLUGIN_KEYWORD)) continue;
    found.push({
      name: typeof manifest.name === 'string' ? manifest.name : candidate,
      version: typeof manifest.version === 'string' ? manifest.version : '',
      description: typeof manifest.description === 'string' ? manifest.description : '',
      directory: packageDirectory,
      linked: lstatSync(packageDirectory).isSymbolicLink(),
    });
  }
  return found;
}

/** Creates the plugin directory as a private npm project, if it is not one yet. */
export function preparePluginDirectory(directory: string): void {
  mkdirSync(directory, { recursive: true });
  const manifest = join(directory, 'package.json');
  if (!existsSync(manifest)) {
    const project = { name: 'svc-plugins', private: true, description: 'svc plugins installed with svc plugin install', dependencies: {} };
    writeFileSync(manifest, `${JSON.stringify(project, null, 2)}\n`);
  }
}

/**
 * Runs npm in the plugin directory, its output passed through; rejects naming the exit status.
 * Peer dependencies are not installed (`--legacy-peer-deps`): the one plugins have is
 * `@svc/core`, which svc provides, so npm must not fetch another copy. After npm, the host's
 * core is linked in again, since npm removes what its manifest does not list.
 */
export function runNpm(directory: string, args: readonly string[]): Promise<void> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return new Promise((resolvePromise, reject) => {
    const child = spawn(npm, [...args, '--prefix', directory, '--no-audit', '--no-fund', '--legacy-peer-deps'], { cwd: directory, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (error) => reject(new SvcError('SVC_ERR_PLUGIN_LOAD', `could not run npm (${error.message}); is Node's npm on PATH?`)));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new SvcError('SVC_ERR_PLUGIN_LOAD', `npm ${args.join(' ')} failed with exit status ${code}`));
      try {
        linkHostCore(directory);
        resolvePromise();
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** The package directory of the `@svc/core` this svc runs. */
export function hostCoreDirectory(): string {
  return dirname(createRequire(import.meta.url).resolve('@svc/core/package.json'));
}

/**
 * Makes `node_modules/@svc/core` in the plugin directory a symbolic link to the `@svc/core` this
 * svc runs (replacing a copy npm may have put there), so a plugin's `import '@svc/core'` loads
 * the running core: one instance, whose version the plugin's `core` range was checked against.
 */
export function linkHostCore(directory: string, core = hostCoreDirectory()): void {
  const link = join(directory, 'node_modules', '@svc', 'core');
  try {
    if (realpathSync(link) === realpathSync(core)) return;
  } catch {
    // Missing or dangling: made below.
  }
  mkdirSync(dirname(link), { recursive: true });
  rmSync(link, { recursive: true, force: true }); // a link is removed, never followed
  symlinkSync(realpathSync(core), link, 'dir');
}
