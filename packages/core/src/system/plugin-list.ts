/**
 * Kismet's plugin list (`/plugins/all_plugins.json`): the plugins loaded from packages, the
 * first-party ones included, not the core's own features (which Kismet builds in and does not
 * list either). Each record carries what Kismet's plugin manifest gives, taken from the
 * package's package.json (name, description, author, version, directory and path), the URL of
 * its first web app module (Kismet's `jsmodule`), and svc's state and error. Kismet's
 * `shared_object` and `http_helper` have no counterpart: svc plugins are npm packages.
 */
import type { FieldDefinition } from '../fields/field-registry.js';
import type { Service } from '../service-types.js';
import { basename } from 'node:path';

/** The name prefix of the core's built-in features. */
const BUILTIN_PREFIX = '@svc/core:';

/** Fields of a plugin list record beyond `/system/plugins.json`'s name, state and error. */
export const PLUGIN_LIST_FIELDS: readonly FieldDefinition[] = [
  { name: 'svc.plugin.description', type: 'string', description: "the plugin package's description (package.json)" },
  { name: 'svc.plugin.author', type: 'string', description: "the plugin package's author" },
  { name: 'svc.plugin.version', type: 'string', description: "the plugin package's version" },
  { name: 'svc.plugin.dirname', type: 'string', description: "name of the plugin package's directory" },
  { name: 'svc.plugin.path', type: 'string', description: "path of the plugin package's directory" },
  { name: 'svc.plugin.jsmodule', type: 'string', description: 'URL of the first web app module the plugin adds, empty when it adds none' },
];

/** The plugin list, in the order the plugins were applied. */
export function pluginListRecords(svc: Pick<Service, 'plugins' | 'uiModules'>): Record<string, unknown>[] {
  return svc.plugins
    .filter((plugin) => !plugin.name.startsWith(BUILTIN_PREFIX))
    .map((plugin) => {
      const found = plugin.package;
      const module = svc.uiModules.list().find((candidate) => svc.uiModules.ownerOf(candidate.name) === plugin.name);
      return {
        'svc.plugin.name': plugin.name,
        'svc.plugin.description': found?.description ?? '',
        'svc.plugin.author': found?.author ?? '',
        'svc.plugin.version': found?.version ?? '',
        'svc.plugin.dirname': found ? basename(found.directory) : '',
        'svc.plugin.path': found?.directory ?? '',
        'svc.plugin.jsmodule': module ? `ui/modules/${module.name}.js` : '',
        'svc.plugin.state': plugin.state,
        'svc.plugin.error': plugin.error ? `${plugin.error.code}: ${plugin.error.message}` : '',
      };
    });
}
