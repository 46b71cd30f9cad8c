/**
 * `svc plugin new`'s work: renders the template folders in `packages/cli/templates/plugin`
 * into a new plugin package. `common` is always written; `datasource`, `phy` and `view` are the
 * parts an author chooses; `report` (the record format the datasource writes and the PHY reads)
 * comes with either of those two. Every file is rendered before any is written, and an existing
 * non-empty directory is refused, so the command never leaves half a package or overwrites work.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PluginNames } from './plugin-names.js';
import { renderTemplate } from './render-template.js';

/** The parts an author can choose with `--datasource`, `--phy` and `--view`. */
export const PLUGIN_PARTS = ['datasource', 'phy', 'view'] as const;

/** One of {@link PLUGIN_PARTS}. */
export type PluginPart = (typeof PLUGIN_PARTS)[number];

/** What to scaffold. */
export interface ScaffoldOptions {
  readonly names: PluginNames;
  /** Where the package goes; must not exist or be empty. */
  readonly directory: string;
  readonly parts: ReadonlySet<PluginPart>;
  /** The running @svc/core version, from which the `core` range is made. */
  readonly coreVersion: string;
  /**
   * The `@svc/core` dev dependency spec (`file:<dir>` for a core not from a registry); by
   * default the `core` range.
   */
  readonly coreDependency?: string;
  /** Template root (default: the templates shipped with @svc/cli). */
  readonly templates?: string;
}

/** The parts the flags ask for: those named, or all but those turned off with `--no-<part>`. */
export function chosenParts(flags: Partial<Record<PluginPart, boolean>>): Set<PluginPart> {
  const named = PLUGIN_PARTS.filter((part) => flags[part] === true);
  return new Set(named.length > 0 ? named : PLUGIN_PARTS.filter((part) => flags[part] !== false));
}

/** Template folders and when each is written. */
const FOLDERS: readonly { folder: string; when: (parts: ReadonlySet<PluginPart>) => boolean }[] = [
  { folder: 'common', when: () => true },
  { folder: 'report', when: (parts) => parts.has('datasource') || parts.has('phy') },
  { folder: 'datasource', when: (parts) => parts.has('datasource') },
  { folder: 'phy', when: (parts) => parts.has('phy') },
  { folder: 'view', when: (parts) => parts.has('view') },
];

/** npm leaves `.gitignore` out of published packages, so the template stores it under another name. */
const RENAMED: Readonly<Record<string, string>> = { _gitignore: '.gitignore' };

/** The plugin templates shipped with @svc/cli (found from source and from the built command alike). */
export function pluginTemplatesDirectory(): string {
  for (let directory = dirname(fileURLToPath(import.meta.url)); ; directory = dirname(directory)) {
    const candidate = join(directory, 'templates', 'plugin');
    if (existsSync(join(candidate, 'common'))) return candidate;
    if (dirname(directory) === directory) throw new Error('the plugin templates of @svc/cli are missing (templates/plugin); reinstall @svc/cli');
  }
}

/** The `core` semver range for plugins made against this core: same major (same minor below 1.0). */
export function coreRangeFor(coreVersion: string): string {
  const [major = '0', minor = '0'] = coreVersion.split('.');
  return major === '0' ? `^0.${minor}.0` : `^${major}.0.0`;
}

/** One line saying what the plugin holds, for package.json and the README. */
function describePlugin(names: PluginNames, parts: ReadonlySet<PluginPart>): string {
  const pieces = [
    parts.has('datasource') ? `a datasource type (${names.name})` : undefined,
    parts.has('phy') ? `a PHY (${names.phyName})` : undefined,
    parts.has('view') ? `a device view (${names.name}-busy)` : undefined,
  ].filter((piece): piece is string => piece !== undefined);
  const listed = pieces.length > 1 ? `${pieces.slice(0, -1).join(', ')} and ${pieces.at(-1)}` : pieces[0];
  return `svc plugin for ${names.title}: ${listed}`;
}

/** Files under a template folder, relative to it. */
function templateFiles(root: string, folder = ''): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? templateFiles(root, join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

/** Writes the plugin package; returns the files written, relative to the directory, sorted. */
export function scaffoldPlugin(options: ScaffoldOptions): string[] {
  const { names, directory, parts } = options;
  if (parts.size === 0) throw new Error(`choose at least one of ${PLUGIN_PARTS.map((part) => `--${part}`).join(', ')}`);
  if (existsSync(directory) && (!statSync(directory).isDirectory() || readdirSync(directory).length > 0)) {
    throw new Error(`${directory} already exists and is not empty; svc plugin new never overwrites files (pick another --directory)`);
  }
  const templates = options.templates ?? pluginTemplatesDirectory();
  const coreRange = coreRangeFor(options.coreVersion);
  const input = {
    values: {
      ...names,
      typeName: names.fieldPrefix.split('_').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(''),
      coreRange,
      coreDependency: options.coreDependency ?? coreRange,
      description: describePlugin(names, parts),
    },
    flags: {
      datasource: parts.has('datasource'),
      phy: parts.has('phy'),
      view: parts.has('view'),
      report: parts.has('datasource') || parts.has('phy'),
    },
  };
  const rendered = new Map<string, string>();
  for (const { folder, when } of FOLDERS) {
    if (!when(parts)) continue;
    for (const file of templateFiles(join(templates, folder))) {
      const target = join(dirname(file), RENAMED[basename(file)] ?? basename(file));
      rendered.set(target, renderTemplate(readFileSync(join(templates, folder, file), 'utf8'), input, `${folder}/${file}`));
    }
  }
  for (const [file, text] of rendered) {
    mkdirSync(dirname(join(directory, file)), { recursive: true });
    writeFileSync(join(directory, file), text, { flag: 'wx' });
  }
  return [...rendered.keys()].sort();
}
