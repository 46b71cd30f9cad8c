/**
 * Applies plugins the way the service needs them applied: in dependency order, each one's
 * contributions attributed to it, a throwing plugin (or one whose dependency failed) marked
 * failed and withdrawn from every registry while the rest go on, then the contribute phase, what
 * the PHYs declare, and the freeze. `statuses` is what `/system/plugins.json` shows.
 */
import type { AlertTracker } from './alerts/alert-tracker.js';
import { defineContributedAlerts } from './alerts/contributed-alerts.js';
import type { CoreRegistries } from './core-registries.js';
import { describeError, SvcError } from './errors.js';
import { CONTRIBUTE_HOOKS, type Hooks } from './hooks.js';
import type { Logger } from './logger.js';
import { MessageFlags, type MessageBus } from './messages/message-bus.js';
import { resolvePluginOrder, type PluginEntry, type PluginFailure, type PluginPackage } from './plugin.js';
import { PluginGuards } from './plugin-guards.js';
import type { ContributionOwner } from './registry.js';
import type { PluginStatus, Service } from './service-types.js';
import { registerPhys } from './tracker/phy-registration.js';

/** Who owns what core registers itself. */
export const CORE_OWNER = 'svc';

/** The plugins of one service, from `apply` to frozen registries. */
export class PluginApplication {
  /** How each plugin fared, in the order applied. */
  readonly statuses: PluginStatus[] = [];
  readonly #guards: PluginGuards;
  #ordered: PluginEntry[] = [];
  /** The package each plugin came from, by plugin name, for its status. */
  readonly #packages = new Map<string, PluginPackage>();

  constructor(
    private readonly owner: ContributionOwner,
    private readonly hooks: Hooks,
    private readonly registries: CoreRegistries,
    messages: MessageBus,
    log: Logger,
  ) {
    this.#guards = new PluginGuards(
      owner,
      (plugin, error) => {
        const coded = error instanceof SvcError ? error : new SvcError('SVC_ERR_PLUGIN_APPLY', describeError(error), { cause: error });
        this.#setStatus({ name: plugin, state: 'failed', error: { code: coded.code, message: coded.message } });
        if (!(error instanceof SvcError)) log.error(`plugin ${plugin} failed`, error);
        messages.post(`plugin ${plugin} failed and was skipped: ${describeError(coded)}`, MessageFlags.ERROR);
      },
      (plugin, hook, error, count) => {
        if (count <= 10 || count % 1000 === 0) log.error(`plugin ${plugin} threw in ${hook} (error ${count})`, error);
      },
    );
    this.#guards.install(hooks);
  }

  /** The plugins in the order they were applied. */
  get ordered(): readonly PluginEntry[] {
    return this.#ordered;
  }

  /**
   * Orders `entries` by their dependencies and calls each `apply(svc, options)`. Plugins that
   * failed to load, cannot be ordered, throw, or need a failed plugin are marked failed.
   */
  async apply(svc: Service, entries: readonly PluginEntry[], loadFailures: readonly PluginFailure[], coreVersion: string): Promise<void> {
    for (const entry of entries) if (entry.package) this.#packages.set(entry.plugin.name, entry.package);
    const { ordered, failures } = resolvePluginOrder(entries, coreVersion);
    this.#ordered = ordered;
    for (const failure of [...loadFailures, ...failures]) this.#guards.fail(failure.name, failure.error);
    for (const entry of ordered) {
      const name = entry.plugin.name;
      if (this.#failIfDependencyFailed(entry)) continue;
      this.#setStatus({ name, state: 'applied' });
      this.owner.current = name;
      try {
        await entry.plugin.apply(svc, entry.options);
      } catch (error) {
        this.#guards.fail(name, error instanceof SvcError ? error : new SvcError('SVC_ERR_PLUGIN_APPLY', `plugin '${name}' failed in apply(): ${describeError(error)}`, { cause: error }));
      } finally {
        this.owner.current = CORE_OWNER;
      }
    }
  }

  /**
   * The contribute phase: every contribute hook with its registry, then what each PHY declared
   * (tracker/phy-registration.ts) and the contributed alerts; the contributions of every failed
   * plugin are withdrawn and the registries frozen.
   */
  async contribute(svc: Service, alerts: AlertTracker): Promise<void> {
    const { hooks, registries } = this;
    for (const hookName of CONTRIBUTE_HOOKS) (hooks[hookName] as { call(registry: unknown): void }).call(registries[hookName]);
    await registerPhys({ svc, owner: this.owner, guards: this.#guards, alertDefinitions: registries.alertDefinitions });
    defineContributedAlerts(registries.alertDefinitions, alerts, this.#guards);
    // A plugin whose dependency failed during the contribute phase cannot run either.
    for (let changed = true; changed; ) {
      changed = false;
      for (const entry of this.#ordered) if (this.#failIfDependencyFailed(entry)) changed = true;
    }
    const all = Object.values(registries);
    for (const status of this.statuses) if (status.state === 'failed') for (const registry of all) registry.removeOwner(status.name);
    for (const registry of all) registry.freeze();
  }

  /** Config keys the applied plugins declare, so they are not warned about as unknown. */
  configKeys(): string[] {
    return this.#ordered.flatMap((entry) => Object.keys(entry.plugin.configKeys ?? {}));
  }

  /** Fails a plugin whose dependency has failed; true when it did. */
  #failIfDependencyFailed(entry: PluginEntry): boolean {
    const name = entry.plugin.name;
    const dependency = (entry.plugin.dependencies ?? []).find((candidate) => this.#guards.isFailed(candidate));
    if (!dependency || this.#guards.isFailed(name)) return false;
    this.#guards.fail(name, new SvcError('SVC_ERR_PLUGIN_DEPENDENCY_FAILED', `plugin '${name}' needs plugin '${dependency}', which failed`));
    return true;
  }

  #setStatus(given: PluginStatus): void {
    const pluginPackage = this.#packages.get(given.name);
    const status = pluginPackage ? { ...given, package: pluginPackage } : given;
    const index = this.statuses.findIndex((existing) => existing.name === status.name);
    if (index >= 0) this.statuses[index] = status;
    else this.statuses.push(status);
  }
}
