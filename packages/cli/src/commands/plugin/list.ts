/**
 * `svc plugin list`: the svc plugins installed in the plugin directory, with version and
 * whether they are linked working copies.
 */
import { Command } from '@oclif/core';
import { describeError } from '@svc/core';
import { configFlags, pluginDirectoryOf } from '../../plugin-command-flags.js';
import { findInstalledPlugins } from '../../plugin-directory.js';

/** Lists installed plugins. */
export default class PluginList extends Command {
  static override description = 'List the svc plugins installed in the plugin directory (plugin_dir, default <config dir>/plugins).';
  static override flags = configFlags;

  async run(): Promise<void> {
    const { flags } = await this.parse(PluginList);
    let directory: string;
    try {
      directory = pluginDirectoryOf(flags);
    } catch (error) {
      this.error(describeError(error), { exit: 2 });
    }
    const installed = findInstalledPlugins(directory);
    if (installed.length === 0) {
      this.log(`No plugins installed in ${directory}. Install one with: svc plugin install <package>`);
      return;
    }
    this.log(`Plugins in ${directory}:`);
    for (const plugin of installed) {
      this.log(`  ${plugin.name}@${plugin.version}${plugin.linked ? ` (linked: ${plugin.directory})` : ''}${plugin.description ? `  ${plugin.description}` : ''}`);
    }
  }
}
