/**
 * `svc plugin install <package...>`: installs plugin packages into the plugin directory with
 * npm (any spec npm takes: a name, `name@range`, a tarball, a git URL). A package that turns
 * out not to be an svc plugin (no `svc-plugin` keyword) is removed again, saying so.
 */
import { Args, Command } from '@oclif/core';
import { describeError } from '@svc/core';
import { configFlags, pluginDirectoryOf } from '../../plugin-command-flags.js';
import { findInstalledPlugins, PLUGIN_KEYWORD, preparePluginDirectory, runNpm } from '../../plugin-directory.js';

/** Installs plugins. */
export default class PluginInstall extends Command {
  static override description = `Install svc plugins from npm into the plugin directory; svc start loads them.`;
  static override examples = ['<%= config.bin %> plugin install svc-plugin-weather', '<%= config.bin %> plugin install @acme/svc-plugin-lora@^2'];
  static override strict = false;
  static override args = { package: Args.string({ description: 'package to install (npm spec)', required: true }) };
  static override flags = configFlags;

  async run(): Promise<void> {
    const { argv, flags } = await this.parse(PluginInstall);
    try {
      const directory = pluginDirectoryOf(flags);
      preparePluginDirectory(directory);
      const before = new Set(findInstalledPlugins(directory).map((plugin) => plugin.name));
      await runNpm(directory, ['install', ...(argv as string[])]);
      const after = findInstalledPlugins(directory);
      const added = after.filter((plugin) => !before.has(plugin.name));
      for (const plugin of added) this.log(`Installed ${plugin.name}@${plugin.version}. svc start will load it.`);
      if (added.length < argv.length) {
        this.warn(`npm installed ${argv.length - added.length} package(s) without the '${PLUGIN_KEYWORD}' keyword (or already installed); svc loads only packages with that keyword. List them with: svc plugin list`);
      }
    } catch (error) {
      this.error(describeError(error), { exit: 1 });
    }
  }
}
