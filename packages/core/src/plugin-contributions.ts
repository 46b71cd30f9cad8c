/**
 * What each plugin contributed at boot, registry by registry, for `svc start --plugins` and
 * `/system/plugins.json` (the web app's plugins page): one place that knows the registries.
 */
import type { Service } from './service-types.js';

/** A registry's label and the names one plugin added to it, in the order shown to users. */
export type PluginContributions = [label: string, names: string[]][];

/** The non-empty contributions of one plugin. */
export function pluginContributions(svc: Service, plugin: string): PluginContributions {
  const owned = <T extends { name: string }>(registry: { list(): T[]; ownerOf(name: string): string | undefined }) =>
    registry.list().filter((entry) => registry.ownerOf(entry.name) === plugin).map((entry) => entry.name);
  const all: PluginContributions = [
    ['fields', owned(svc.fields)],
    ['PHYs', owned(svc.phys)],
    ['alerts', owned(svc.alertDefinitions)],
    ['datasource types', owned(svc.datasourceTypes)],
    ['report formats', owned(svc.reportFormats)],
    ['views', owned(svc.views)],
    ['event topics', owned(svc.eventTopics)],
    ['GPS types', owned(svc.gpsTypes)],
    ['UI modules', owned(svc.uiModules)],
    ['metrics', owned(svc.metrics)],
    ['alert sink types', owned(svc.alertSinkTypes)],
    ['routes', owned(svc.routes)],
  ];
  return all.filter(([, names]) => names.length > 0);
}
