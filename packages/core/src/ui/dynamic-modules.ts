/**
 * Kismet's list of the web UI's plugin modules, which its UI loads before anyone logs in:
 * `/dynamic.json` (`{"dynamicjs": [{"module", "js"}]}`) and `/dynamic.js` (a script declaring one
 * variable per module and an `async load_dynamics()` that imports each into it, from
 * `SVC_URI_PREFIX` when the page sets one, else `./`). svc answers them with its plugins' UI
 * modules, each named `svc_ui_<module>` (a JavaScript identifier, as Kismet's `kismet_ui_dot11`)
 * and served from `ui/modules/<module>.js`. Both are public, as in Kismet: they say which
 * modules exist; the modules themselves need a login.
 */
import type { UiModuleDefinition } from './ui-module.js';

/** The identifier a module goes by in `/dynamic.json` and `/dynamic.js`. */
export function dynamicModuleName(module: Pick<UiModuleDefinition, 'name'>): string {
  return `svc_ui_${module.name.replace(/-/g, '_')}`;
}

/** Where a module is served, relative to the server root. */
export function uiModuleUrl(module: Pick<UiModuleDefinition, 'name'>): string {
  return `ui/modules/${module.name}.js`;
}

/** `/dynamic.json`. */
export function dynamicModulesRecord(modules: readonly Pick<UiModuleDefinition, 'name'>[]): { dynamicjs: { module: string; js: string }[] } {
  return { dynamicjs: modules.map((module) => ({ module: dynamicModuleName(module), js: uiModuleUrl(module) })) };
}

/** `/dynamic.js`: declares each module's variable, and `load_dynamics()` imports them all. */
export function dynamicModulesScript(modules: readonly Pick<UiModuleDefinition, 'name'>[]): string {
  const lines = ['var local_uri_prefix = "./";', "if (typeof(SVC_URI_PREFIX) !== 'undefined')", 'local_uri_prefix = SVC_URI_PREFIX;'];
  for (const module of modules) lines.push(`var ${dynamicModuleName(module)};`);
  lines.push('async function load_dynamics() {');
  for (const module of modules) lines.push(`${dynamicModuleName(module)} = await import(\`\${local_uri_prefix}${uiModuleUrl(module)}\`);`);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
