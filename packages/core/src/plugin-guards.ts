/**
 * Keeps one plugin's failure from spreading. Every tap is attributed to the plugin that was
 * being applied when it was made. Contribute taps run with that plugin as the registries'
 * owner, and a throw there fails the plugin (its contributions are then withdrawn). Run-phase
 * taps of a failed plugin stop running; a run-phase throw is logged and the next tap still runs,
 * so a parser bug in one plugin never stops a packet reaching the others.
 */
import type { FullTap } from 'tapable';
import { CONTRIBUTE_HOOKS, type Hooks } from './hooks.js';
import type { ContributionOwner } from './registry.js';

interface PluginState {
  failed: boolean;
  runtimeErrors: number;
}

type AnyHook = {
  intercept(interceptor: { register?: (tap: FullTap) => FullTap }): void;
};

/** Attribution and isolation of plugin taps. */
export class PluginGuards {
  readonly #states = new Map<string, PluginState>();

  constructor(
    private readonly owner: ContributionOwner,
    private readonly onFailure: (plugin: string, error: unknown) => void,
    private readonly onRuntimeError: (plugin: string, hook: string, error: unknown, count: number) => void,
  ) {}

  /** Marks a plugin failed: its run-phase taps stop, its later contribute taps are skipped. */
  fail(plugin: string, error: unknown): void {
    const state = this.#state(plugin);
    if (state.failed) return;
    state.failed = true;
    this.onFailure(plugin, error);
  }

  /** True when the plugin has failed. */
  isFailed(plugin: string): boolean {
    return this.#states.get(plugin)?.failed ?? false;
  }

  /** Installs the interceptors on every hook of the table. */
  install(hooks: Hooks): void {
    for (const name of CONTRIBUTE_HOOKS) this.#intercept(hooks[name] as unknown as AnyHook, name, true);
    for (const name of ['deviceCreated', 'deviceUpdated', 'event', 'ready', 'shutdown'] as const) {
      this.#intercept(hooks[name] as unknown as AnyHook, name, false);
    }
    hooks.packet.intercept({
      factory: (stage, hook) => {
        this.#intercept(hook as unknown as AnyHook, `packet:${String(stage)}`, false);
        return hook;
      },
    });
  }

  #state(plugin: string): PluginState {
    let state = this.#states.get(plugin);
    if (!state) this.#states.set(plugin, (state = { failed: false, runtimeErrors: 0 }));
    return state;
  }

  #intercept(hook: AnyHook, hookName: string, contribute: boolean): void {
    hook.intercept({
      register: (tap) => {
        const plugin = this.owner.current;
        const state = this.#state(plugin);
        const original = tap.fn as (...args: unknown[]) => unknown;
        if (contribute) {
          return {
            ...tap,
            fn: (...args: unknown[]) => {
              if (state.failed) return;
              const previous = this.owner.current;
              this.owner.current = plugin;
              try {
                original(...args);
              } catch (error) {
                this.fail(plugin, error);
              } finally {
                this.owner.current = previous;
              }
            },
          };
        }
        const report = (error: unknown) => this.onRuntimeError(plugin, hookName, error, ++state.runtimeErrors);
        if (tap.type === 'sync') {
          return {
            ...tap,
            fn: (...args: unknown[]) => {
              if (state.failed) return undefined;
              try {
                return original(...args);
              } catch (error) {
                report(error);
                return undefined;
              }
            },
          };
        }
        const asPromise =
          tap.type === 'promise'
            ? (...args: unknown[]) => original(...args) as Promise<unknown>
            : (...args: unknown[]) =>
                new Promise<void>((resolve, reject) => original(...args, (error?: unknown) => (error ? reject(error) : resolve())));
        return {
          ...tap,
          type: 'promise',
          fn: async (...args: unknown[]) => {
            if (state.failed) return;
            try {
              await asPromise(...args);
            } catch (error) {
              if (hookName === 'ready') this.fail(plugin, error);
              else report(error);
            }
          },
        };
      },
    });
  }
}
