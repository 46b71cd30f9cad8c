/**
 * What a plugin contributes to the web app through the `uiModules` hook: an ES module for the
 * browser that the app loads after login. Its default export receives the app's API and adds
 * device panels (for its PHY) or pages; `@svc/web` documents that API. svc serves the file at
 * `/ui/modules/<name>.js` and lists the modules at `/ui/modules.json`.
 */
import { isAbsolute } from 'node:path';
import { SvcError } from '../errors.js';
import { Registry, type ContributionOwner } from '../registry.js';

/** A UI module a plugin contributes. */
export interface UiModuleDefinition {
  /** Unique name, also its URL (`/ui/modules/<name>.js`): letters, digits, `-` and `_`. */
  readonly name: string;
  /** One line: what the module adds to the app. */
  readonly description: string;
  /** Absolute path of the module file (built JavaScript for the browser). */
  readonly file: string;
}

const MODULE_NAME = /^[A-Za-z0-9_-]+$/;

/** The `uiModules` registry: a module's name must be usable in its URL, and its file absolute. */
export class UiModuleRegistry extends Registry<UiModuleDefinition> {
  constructor(owner?: ContributionOwner) {
    super('UI module', owner);
  }

  override add(module: UiModuleDefinition): UiModuleDefinition {
    if (!MODULE_NAME.test(module.name)) throw new SvcError('SVC_ERR_PLUGIN_INVALID', `UI module name '${module.name}' may use only letters, digits, '-' and '_'`);
    if (!isAbsolute(module.file)) throw new SvcError('SVC_ERR_PLUGIN_INVALID', `UI module '${module.name}': file must be an absolute path, got '${module.file}'`);
    return super.add(module);
  }
}
