/**
 * The plugins a service runs with, the same for `svc start` and `svc capture`: the first-party
 * plugins (each can be turned off with `plugin_disable=<name>`), every `plugin=` line, and the
 * svc plugins installed in the plugin directory (which get the running @svc/core linked in), with
 * the modules that failed to load kept for reporting. A package named twice is loaded once.
 */
import { loadPluginModules, type Config, type LoadedPlugins } from '@svc/core';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_PARTY_PLUGINS } from './first-party-plugins.js';
import { findInstalledPlugins, linkHostCore, pluginDirectory } from './plugin-directory.js';

/**
 * Loads the first-party plugins (from the CLI's own dependencies), the configured ones (from the
 * working directory) and the installed ones (from the plugin directory).
 */
export async function loadServicePlugins(config: Config): Promise<LoadedPlugins> {
  const skipped = new Set(config.getAll('plugin_disable'));
  /** The names not disabled and not taken before; each is then taken. */
  const take = (names: readonly string[]) => {
    const fresh: string[] = [];
    for (const name of names) {
      if (skipped.has(name)) continue;
      skipped.add(name);
      fresh.push(name);
    }
    return fresh;
  };
  const cliDirectory = dirname(fileURLToPath(import.meta.url));
  const firstParty = await loadPluginModules(take(FIRST_PARTY_PLUGINS), cliDirectory);
  const configured = await loadPluginModules(take(config.getAll('plugin')), process.cwd());
  const directory = pluginDirectory(config);
  const found = findInstalledPlugins(directory);
  if (found.length > 0) {
    try {
      linkHostCore(directory);
    } catch {
      // A read-only plugin directory: plugins that bring their own core still load; the others fail with the reason.
    }
  }
  const installed = await loadPluginModules(take(found.map((plugin) => plugin.name)), directory);
  const parts = [firstParty, configured, installed];
  return { plugins: parts.flatMap((part) => part.plugins), failures: parts.flatMap((part) => part.failures) };
}
