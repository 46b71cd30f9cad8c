/**
 * Plugin definitions and the checks made before any plugin runs: shape, the `@svc/core` semver
 * range it supports, and its dependencies, which decide the order plugins are applied in. Each
 * failed check is a coded error naming the plugin; the failing plugin is skipped, the rest run.
 */
import semver from 'semver';
import { SvcError } from './errors.js';
import type { Service } from './service-types.js';

/** What a plugin module exports (usually as its default export, through `definePlugin`). */
export interface PluginDefinition<O = unknown> {
  /** npm package name; also the tap name on every hook and the owner of its contributions. */
  readonly name: string;
  /** semver range of `@svc/core` the plugin supports; checked before it is applied. */
  readonly core?: string;
  /** Plugins that must be applied first; a missing one stops this plugin. */
  readonly dependencies?: readonly string[];
  /** Config keys the plugin reads, with a description each, so they are not reported unknown. */
  readonly configKeys?: Readonly<Record<string, string>>;
  /** Taps hooks. Runs once at boot, in dependency order. */
  apply(svc: Service, options: O): void | Promise<void>;
}

/** Identity helper that gives a plugin object its type (and editor help) without a class. */
export function definePlugin<O = unknown>(definition: PluginDefinition<O>): PluginDefinition<O> {
  return definition;
}

/** A plugin with the options to apply it with. */
export interface PluginEntry {
  readonly plugin: PluginDefinition<any>;
  readonly options?: unknown;
  /** The npm package it was loaded from, when the plugin loader found one. */
  readonly package?: PluginPackage;
}

/**
 * The package a plugin came from, as its package.json says (what Kismet's plugin list shows from
 * a plugin's manifest): for `/plugins/all_plugins.json`.
 */
export interface PluginPackage {
  readonly name: string;
  readonly version: string;
  readonly description: string;
  readonly author: string;
  /** The package's directory. */
  readonly directory: string;
}

/** A plugin that could not be applied, and why. */
export interface PluginFailure {
  readonly name: string;
  readonly error: SvcError;
}

/** Checks that a loaded value looks like a plugin definition. */
export function assertPluginShape(value: unknown, origin: string): asserts value is PluginDefinition<unknown> {
  const candidate = value as Partial<PluginDefinition<unknown>> | null;
  if (!candidate || typeof candidate !== 'object' || typeof candidate.name !== 'string' || !candidate.name) {
    throw new SvcError('SVC_ERR_PLUGIN_INVALID', `${origin} does not export a plugin definition with a name`);
  }
  if (typeof candidate.apply !== 'function') {
    throw new SvcError('SVC_ERR_PLUGIN_INVALID', `plugin '${candidate.name}' (${origin}) has no apply() function`);
  }
  if (candidate.dependencies !== undefined && !Array.isArray(candidate.dependencies)) {
    throw new SvcError('SVC_ERR_PLUGIN_INVALID', `plugin '${candidate.name}': dependencies must be a list of names`);
  }
}

/** Fails when the plugin's `core` range does not include the running core version. */
export function checkCoreRange(plugin: PluginDefinition<unknown>, coreVersion: string): void {
  if (plugin.core === undefined) return;
  if (semver.validRange(plugin.core) === null) {
    throw new SvcError('SVC_ERR_PLUGIN_INVALID', `plugin '${plugin.name}' declares an invalid core range '${plugin.core}'`);
  }
  if (!semver.satisfies(coreVersion, plugin.core, { includePrerelease: true })) {
    throw new SvcError(
      'SVC_ERR_PLUGIN_CORE_VERSION',
      `plugin '${plugin.name}' supports @svc/core ${plugin.core}, but this is ${coreVersion}; install a version of the plugin made for it`,
    );
  }
}

/**
 * Orders plugins so each comes after its dependencies, keeping the given order otherwise.
 * Plugins that fail a check, or depend on one that did, are returned as failures.
 */
export function resolvePluginOrder(
  entries: readonly PluginEntry[],
  coreVersion: string,
): { ordered: PluginEntry[]; failures: PluginFailure[] } {
  const failures: PluginFailure[] = [];
  const byName = new Map<string, PluginEntry>();
  const fail = (name: string, error: unknown) =>
    failures.push({
      name,
      error: error instanceof SvcError ? error : new SvcError('SVC_ERR_PLUGIN_INVALID', String(error)),
    });

  for (const entry of entries) {
    const name = entry.plugin.name;
    if (byName.has(name)) {
      fail(name, new SvcError('SVC_ERR_PLUGIN_DUPLICATE', `plugin '${name}' is listed twice; the second is ignored`));
      continue;
    }
    try {
      checkCoreRange(entry.plugin, coreVersion);
      byName.set(name, entry);
    } catch (error) {
      fail(name, error);
    }
  }

  const ordered: PluginEntry[] = [];
  const state = new Map<string, 'visiting' | 'done' | 'failed'>();
  for (const failure of failures) if (!byName.has(failure.name)) state.set(failure.name, 'failed');

  const visit = (name: string, path: string[]): boolean => {
    const seen = state.get(name);
    if (seen === 'done') return true;
    if (seen === 'failed') return false;
    const entry = byName.get(name)!;
    if (seen === 'visiting') {
      const cycle = [...path.slice(path.indexOf(name)), name].join(' -> ');
      fail(name, new SvcError('SVC_ERR_PLUGIN_DEPENDENCY_CYCLE', `plugins depend on each other in a cycle: ${cycle}`));
      state.set(name, 'failed');
      return false;
    }
    state.set(name, 'visiting');
    for (const dependency of entry.plugin.dependencies ?? []) {
      if (!byName.has(dependency) && state.get(dependency) !== 'failed') {
        fail(
          name,
          new SvcError(
            'SVC_ERR_PLUGIN_MISSING_DEPENDENCY',
            `plugin '${name}' needs plugin '${dependency}', which is not installed or not enabled`,
          ),
        );
        state.set(name, 'failed');
        return false;
      }
      if (!visit(dependency, [...path, name])) {
        if (state.get(name) !== 'failed') {
          fail(
            name,
            new SvcError('SVC_ERR_PLUGIN_DEPENDENCY_FAILED', `plugin '${name}' needs plugin '${dependency}', which failed to load`),
          );
          state.set(name, 'failed');
        }
        return false;
      }
    }
    state.set(name, 'done');
    ordered.push(entry);
    return true;
  };

  for (const name of byName.keys()) visit(name, []);
  return { ordered, failures };
}
