/**
 * The plugins a service runs with, the same for `svc start` and `svc capture`: the first-party
 * plugins (each can be turned off with `plugin_disable=<name>`) and every `plugin=` line, with
 * the modules that failed to load kept for reporting.
 */
import { loadPluginModules, type Config, type LoadedPlugins } from '@svc/core';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_PARTY_PLUGINS } from './first-party-plugins.js';

/** Loads the first-party plugins (from the CLI's own dependencies) and the configured ones (from the working directory). */
export async function loadServicePlugins(config: Config): Promise<LoadedPlugins> {
  const disabled = new Set(config.getAll('plugin_disable'));
  const cliDirectory = dirname(fileURLToPath(import.meta.url));
  const firstParty = await loadPluginModules(FIRST_PARTY_PLUGINS.filter((name) => !disabled.has(name)), cliDirectory);
  const extra = await loadPluginModules(config.getAll('plugin').filter((name) => !disabled.has(name)), process.cwd());
  return { plugins: [...firstParty.plugins, ...extra.plugins], failures: [...firstParty.failures, ...extra.failures] };
}
