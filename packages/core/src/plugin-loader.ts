/**
 * Loads plugin modules by package name or path. Each module's default export (or its export
 * named `plugin`) must be a plugin definition. A module that cannot be found, throws on import
 * or exports something else is collected as a failure naming it; the others still load
 * (oclif's plugin loader collects errors the same way). Each plugin comes with the package it
 * was found in (the nearest package.json above its module), for the plugin list.
 */
import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describeError, SvcError } from './errors.js';
import { packageEntry } from './package-entry.js';
import { owningPackage } from './plugin-package.js';
import { assertPluginShape, type PluginEntry, type PluginFailure } from './plugin.js';

/** Plugins that loaded (each with the package it came from), and modules that did not. */
export interface LoadedPlugins {
  readonly plugins: PluginEntry[];
  readonly failures: PluginFailure[];
}

/** Imports each specifier, resolving bare package names from `fromDirectory`. */
export async function loadPluginModules(specifiers: readonly string[], fromDirectory = process.cwd()): Promise<LoadedPlugins> {
  const plugins: PluginEntry[] = [];
  const failures: PluginFailure[] = [];
  const require = createRequire(join(fromDirectory, 'package.json'));
  for (const specifier of specifiers) {
    try {
      let target = specifier;
      const entry = isPath(specifier) ? packageEntry(resolve(fromDirectory, specifier)) : undefined;
      if (entry) target = pathToFileURL(entry).href;
      else {
        try {
          target = pathToFileURL(require.resolve(specifier)).href;
        } catch {
          // Not resolvable from the directory (an ESM-only export map, say): let import() try.
        }
      }
      const module = (await import(target)) as { default?: unknown; plugin?: unknown };
      const definition = module.default ?? module.plugin;
      assertPluginShape(definition, specifier);
      const pluginPackage = target.startsWith('file:') ? owningPackage(fileURLToPath(target)) : undefined;
      plugins.push(pluginPackage ? { plugin: definition, package: pluginPackage } : { plugin: definition });
    } catch (error) {
      failures.push({
        name: specifier,
        error:
          error instanceof SvcError
            ? error
            : new SvcError('SVC_ERR_PLUGIN_LOAD', `plugin module '${specifier}' could not be loaded: ${describeError(error)}`, { cause: error }),
      });
    }
  }
  return { plugins, failures };
}

/** A specifier written as a path (absolute, or relative with ./ or ../), not a package name. */
function isPath(specifier: string): boolean {
  return isAbsolute(specifier) || specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..';
}
