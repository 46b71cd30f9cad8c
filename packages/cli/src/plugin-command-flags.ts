/**
 * What the `svc plugin ...` commands share: the flags that find the configuration (and through
 * it the plugin directory), as `svc start` reads them.
 */
import { Flags } from '@oclif/core';
import { loadConfig } from '@svc/core';
import { pluginDirectory } from './plugin-directory.js';

/** `--config` and `--config-dir`, as `svc start` takes them. */
export const configFlags = {
  config: Flags.string({ description: 'main config file (default: <config dir>/svc.conf when it exists)' }),
  'config-dir': Flags.string({ description: 'svc config directory (default ~/.svc); the plugin directory is plugin_dir in it' }),
};

/** The plugin directory the flags lead to. */
export function pluginDirectoryOf(flags: { config?: string; 'config-dir'?: string }): string {
  return pluginDirectory(loadConfig({ configDir: flags['config-dir'], configFile: flags.config }));
}
