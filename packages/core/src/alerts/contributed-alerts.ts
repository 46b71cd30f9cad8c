/**
 * The alerts plugins contributed at boot (the `alertDefinitions` hook and the alerts of PHY
 * declarations), defined in the alert tracker once every PHY is registered: a definition the
 * tracker refuses (a name taken, a bad rate) fails the plugin that contributed it.
 */
import type { PluginGuards } from '../plugin-guards.js';
import type { Registry } from '../registry.js';
import type { AlertDefinitionInput, AlertTracker } from './alert-tracker.js';

/** Defines every contributed alert of a plugin that has not failed. */
export function defineContributedAlerts(definitions: Registry<AlertDefinitionInput>, alerts: AlertTracker, guards: PluginGuards): void {
  for (const definition of definitions.list()) {
    const plugin = definitions.ownerOf(definition.name)!;
    if (guards.isFailed(plugin)) continue;
    try {
      alerts.define(definition);
    } catch (error) {
      guards.fail(plugin, error);
    }
  }
}
