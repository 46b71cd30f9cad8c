/**
 * The names a new plugin is known by, all derived from the one name its author types: the npm
 * package (`svc-plugin-<name>`, or a scoped `@scope/svc-plugin-<name>`), the datasource type,
 * the PHY, the field prefix and the TypeScript identifiers. Deriving them in one place keeps a
 * generated plugin consistent with itself and with svc's naming rules.
 */
/** The package name prefix every svc plugin carries, so `npm search svc-plugin` finds it. */
export const PLUGIN_PACKAGE_PREFIX = 'svc-plugin-';

/** What the templates call a plugin. */
export interface PluginNames {
  /** npm package name: `svc-plugin-acme` or `@acme/svc-plugin-lora`. */
  readonly packageName: string;
  /** Short name, lower case with dashes: the datasource type and the source interface stem (`acme-0`). */
  readonly name: string;
  /** PHY name and JSON record type, upper case (`ACME`, `MY_RADIO`). */
  readonly phyName: string;
  /** Field prefix and device component key, a valid identifier (`acme`, `my_radio`). */
  readonly fieldPrefix: string;
  /** Words for prose (`Acme`, `My radio`). */
  readonly title: string;
  /** Directory the package is written to when none is given: the unscoped package name. */
  readonly defaultDirectory: string;
}

const SHORT_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const SCOPE = /^@[a-z0-9][a-z0-9._-]*$/;

/**
 * Derives every name from what the author typed: `acme`, `svc-plugin-acme`, `@acme/lora` or
 * `@acme/svc-plugin-lora`. Throws an error saying what a name may contain.
 */
export function pluginNames(input: string): PluginNames {
  const trimmed = input.trim();
  let scope: string | undefined;
  let rest = trimmed;
  if (trimmed.startsWith('@')) {
    const slash = trimmed.indexOf('/');
    scope = slash > 0 ? trimmed.slice(0, slash) : trimmed;
    rest = slash > 0 ? trimmed.slice(slash + 1) : '';
    if (!SCOPE.test(scope)) throw new Error(`'${scope}' is not an npm scope (write @scope/name, lower case)`);
  }
  const name = rest.startsWith(PLUGIN_PACKAGE_PREFIX) ? rest.slice(PLUGIN_PACKAGE_PREFIX.length) : rest;
  if (!SHORT_NAME.test(name)) {
    throw new Error(
      `'${input}' is not a plugin name: use lower-case letters, digits and single dashes, starting with a letter (for example 'acme' or '@acme/lora')`,
    );
  }
  const unscoped = `${PLUGIN_PACKAGE_PREFIX}${name}`;
  const words = name.split('-');
  return {
    packageName: scope ? `${scope}/${unscoped}` : unscoped,
    name,
    phyName: words.join('_').toUpperCase(),
    fieldPrefix: words.join('_'),
    title: [words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1), ...words.slice(1)].join(' '),
    defaultDirectory: unscoped,
  };
}
