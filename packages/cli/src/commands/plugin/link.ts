/**
 * `svc plugin link <dir>`: installs a plugin's working copy into the plugin directory as a
 * symbolic link (npm's `install <folder>`), so a plugin author's rebuilds are picked up by the
 * next `svc start` without reinstalling.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Args, Command } from '@oclif/core';
import { describeError } from '@svc/core';
import { configFlags, pluginDirectoryOf } from '../../plugin-command-flags.js';
import { PLUGIN_KEYWORD, preparePluginDirectory, runNpm } from '../../plugin-directory.js';

/** Links a plugin working copy. */
export default class PluginLink extends Command {
  static override description = 'Link a plugin working copy (a directory with package.json) into the plugin directory.';
  static override args = { directory: Args.string({ description: 'the plugin package directory', required: true }) };
  static override flags = configFlags;

  async run(): Promise<void> {
    const { args, flags } = await this.parse(PluginLink);
    const source = resolve(args.directory);
    const manifestPath = join(source, 'package.json');
    if (!existsSync(manifestPath)) this.error(`${source} has no package.json; link a plugin package directory`, { exit: 1 });
    let manifest: { name?: unknown; keywords?: unknown };
    try {
      manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as typeof manifest;
    } catch (error) {
      this.error(`${manifestPath} is not valid JSON: ${describeError(error)}`, { exit: 1 });
    }
    if (!Array.isArray(manifest.keywords) || !manifest.keywords.includes(PLUGIN_KEYWORD)) {
      this.error(`${String(manifest.name ?? source)} lacks the '${PLUGIN_KEYWORD}' keyword in package.json; svc would not load it`, { exit: 1 });
    }
    try {
      const directory = pluginDirectoryOf(flags);
      preparePluginDirectory(directory);
      await runNpm(directory, ['install', '--install-links=false', source]);
      this.log(`Linked ${String(manifest.name)} from ${source}. svc start will load it; rebuild it and restart to pick up changes.`);
    } catch (error) {
      this.error(describeError(error), { exit: 1 });
    }
  }
}
