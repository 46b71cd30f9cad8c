/**
 * `svc plugin new <name>`: scaffolds a plugin package (TypeScript, tsup, uvu, tests written
 * with @svc/core/testing) that builds, passes its tests and loads into svc as it is, so an
 * author starts from working code. `--datasource`, `--phy` and `--view` choose the parts
 * (all three when none is given; `--no-<part>` leaves one out).
 */
import { resolve, relative } from 'node:path';
import { Args, Command, Flags } from '@oclif/core';
import { CORE_VERSION, describeError } from '@svc/core';
import { pluginNames } from '../../scaffold/plugin-names.js';
import { coreDependencySpec } from '../../scaffold/running-core.js';
import { chosenParts, coreRangeFor, scaffoldPlugin } from '../../scaffold/scaffold-plugin.js';
import { svcInvocation } from '../../scaffold/svc-invocation.js';

/** Scaffolds a plugin package. */
export default class PluginNew extends Command {
  static override description = 'Create a new svc plugin package: a sample datasource type, PHY and view with tests.';
  static override examples = ['svc plugin new acme', 'svc plugin new @acme/lora --phy --view --directory lora'];
  static override args = { name: Args.string({ description: "plugin name ('acme' makes svc-plugin-acme; '@scope/name' a scoped package)", required: true }) };
  static override flags = {
    directory: Flags.string({ char: 'd', description: 'where to create the package (default: ./svc-plugin-<name>); must not exist or be empty' }),
    datasource: Flags.boolean({ allowNo: true, description: 'include a sample datasource type' }),
    phy: Flags.boolean({ allowNo: true, description: 'include a sample PHY with one field' }),
    view: Flags.boolean({ allowNo: true, description: 'include a sample device view' }),
    'core-dependency': Flags.string({
      description: "the @svc/core dev dependency (default: the running core, linked with file: unless npm fetched it from a registry, then its version range)",
    }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(PluginNew);
    try {
      const names = pluginNames(args.name);
      const parts = chosenParts(flags);
      const directory = resolve(flags.directory ?? names.defaultDirectory);
      const coreDependency = flags['core-dependency'] ?? coreDependencySpec(coreRangeFor(CORE_VERSION));
      const files = scaffoldPlugin({ names, directory, parts, coreVersion: CORE_VERSION, coreDependency });
      const shown = relative(process.cwd(), directory) || '.';
      const svc = svcInvocation();
      this.log(`Created ${names.packageName} in ${shown} (${files.length} files).`);
      if (coreDependency.startsWith('file:')) this.log(`@svc/core is not on the npm registry: the package's dev dependency links the running core (${coreDependency}).`);
      this.log('');
      this.log('Next steps:');
      this.log(`  cd ${shown}`);
      this.log('  npm install');
      this.log('  npm test');
      this.log('  npm run build');
      this.log(`  ${svc} plugin link .`);
      this.log(parts.has('datasource') ? `  ${svc} start -c ${names.name}-0` : `  ${svc} start`);
      this.log('');
      this.log('(npm test runs the sample tests; svc start loads the linked plugin from then on.)');
      this.log(`README.md there explains each file; docs/plugins.md in the svc repository lists every hook.`);
    } catch (error) {
      // One unwrapped line (oclif's error box wraps at 80 columns), as `svc start` reports.
      process.stderr.write(`svc: ${describeError(error)}\n`);
      this.exit(1);
    }
  }
}
