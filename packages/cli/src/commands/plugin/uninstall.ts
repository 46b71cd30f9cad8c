/** `svc plugin uninstall <name...>`: removes plugin packages from the plugin directory with npm. */
import { Args, Command } from '@oclif/core';
import { describeError } from '@svc/core';
import { configFlags, pluginDirectoryOf } from '../../plugin-command-flags.js';
import { findInstalledPlugins, runNpm } from '../../plugin-directory.js';

/** Uninstalls plugins. */
export default class PluginUninstall extends Command {
  static override description = 'Remove svc plugins from the plugin directory.';
  static override strict = false;
  static override args = { name: Args.string({ description: 'package name', required: true }) };
  static override flags = configFlags;

  async run(): Promise<void> {
    const { argv, flags } = await this.parse(PluginUninstall);
    try {
      const directory = pluginDirectoryOf(flags);
      const installed = new Set(findInstalledPlugins(directory).map((plugin) => plugin.name));
      const missing = (argv as string[]).filter((name) => !installed.has(name));
      if (missing.length > 0) this.error(`not installed in ${directory}: ${missing.join(', ')} (see svc plugin list)`, { exit: 1 });
      await runNpm(directory, ['uninstall', ...(argv as string[])]);
      this.log(`Removed ${(argv as string[]).join(', ')}.`);
    } catch (error) {
      this.error(describeError(error), { exit: 1 });
    }
  }
}
