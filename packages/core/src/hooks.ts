/**
 * The hook table: the whole contract between the core and its plugins. It is created once per
 * service and frozen, so no plugin can add or replace a hook (webpack's Compiler does the same).
 *
 * Two phases. Contribute hooks are called once at boot, after every plugin's `apply`, each with
 * a registry to add to; the registries freeze afterwards. Run hooks then carry packets, device
 * changes and events (run-hooks.ts); the packet chain is synchronous so tapable compiles it to
 * straight code.
 */
import { SyncHook } from 'tapable';
import type { FieldRegistry } from './fields/field-registry.js';
import type { Registry } from './registry.js';
import type { PhyDefinition } from './tracker/phy.js';
import type { DatasourceTypeDefinition } from './datasources/datasource-type.js';
import type { ViewDefinition } from './views/view-definition.js';
import type { EventTopicDefinition } from './events/event-topic.js';
import type { RouteRegistry } from './http/route-registry.js';
import type { GpsTypeDefinition } from './gps/gps-type.js';
import type { UiModuleRegistry } from './ui/ui-module.js';
import type { LogTypeDefinition } from './logging/log-type.js';
import type { MetricRegistry } from './metrics/metric-registry.js';
import type { AlertDefinitionInput } from './alerts/alert-tracker.js';
import type { AlertSinkTypeDefinition } from './alerts/sinks/alert-sink-type.js';
import type { ReportFormatDefinition } from './datasources/report-format.js';
import { createRunHooks, type RunHooks } from './run-hooks.js';

/** Every hook a plugin can tap: the contribute hooks below and the run hooks (run-hooks.ts). */
export interface Hooks extends RunHooks {
  /** Contribute (sync, once at boot): register fields with type and description. */
  readonly fields: SyncHook<[FieldRegistry]>;
  /** Contribute: register PHYs (radio layers) the tracker keys devices by. */
  readonly phys: SyncHook<[Registry<PhyDefinition>]>;
  /**
   * Contribute: define alerts (name, class, severity, default rates, and the PHY they belong to,
   * which must be registered by then: this hook runs after `phys`). A PHY's own alerts are
   * declared in its definition instead. The core defines them all once the hook has run.
   */
  readonly alertDefinitions: SyncHook<[Registry<AlertDefinitionInput>]>;
  /** Contribute: register datasource types (drivers). */
  readonly datasourceTypes: SyncHook<[Registry<DatasourceTypeDefinition>]>;
  /**
   * Contribute: register report formats, the JSON objects a source that carries reports from
   * outside (a broker's messages) can take: which reports are of the format, and each as a packet.
   */
  readonly reportFormats: SyncHook<[Registry<ReportFormatDefinition>]>;
  /** Contribute: register device views. */
  readonly views: SyncHook<[Registry<ViewDefinition>]>;
  /** Contribute: register HTTP and websocket routes. */
  readonly routes: SyncHook<[RouteRegistry]>;
  /** Contribute: declare event bus topics before publishing them. */
  readonly eventTopics: SyncHook<[Registry<EventTopicDefinition>]>;
  /** Contribute: register GPS types (drivers named by `gps=` lines). */
  readonly gpsTypes: SyncHook<[Registry<GpsTypeDefinition>]>;
  /** Contribute: register browser modules the web app loads (device panels for a PHY, pages). */
  readonly uiModules: SyncHook<[UiModuleRegistry]>;
  /** Contribute: register log types (writers `log_types=` selects and `/logging` starts). */
  readonly logTypes: SyncHook<[Registry<LogTypeDefinition>]>;
  /**
   * Contribute: add Prometheus metrics to `/metrics` (`counter`, `gauge`, `histogram`); each call
   * returns a handle to update the metric at run time, or takes a `collect` callback that reports
   * current values whenever `/metrics` is read.
   */
  readonly metrics: SyncHook<[MetricRegistry]>;
  /** Contribute: register alert sink types (`webhook`, `syslog`, ...) that `alert_sink=` lines name. */
  readonly alertSinkTypes: SyncHook<[Registry<AlertSinkTypeDefinition>]>;
}

/** The contribute-phase hooks, in the order the service calls them. */
export const CONTRIBUTE_HOOKS = ['fields', 'phys', 'alertDefinitions', 'datasourceTypes', 'reportFormats', 'views', 'eventTopics', 'gpsTypes', 'uiModules', 'logTypes', 'metrics', 'alertSinkTypes', 'routes'] as const;

/** The name of a contribute-phase hook (and of the registry it fills). */
export type ContributeHookName = (typeof CONTRIBUTE_HOOKS)[number];

/** Creates the frozen hook table of one service. */
export function createHooks(): Hooks {
  return Object.freeze({
    ...createRunHooks(),
    fields: new SyncHook<[FieldRegistry]>(['fields'], 'fields'),
    phys: new SyncHook<[Registry<PhyDefinition>]>(['phys'], 'phys'),
    alertDefinitions: new SyncHook<[Registry<AlertDefinitionInput>]>(['alertDefinitions'], 'alertDefinitions'),
    datasourceTypes: new SyncHook<[Registry<DatasourceTypeDefinition>]>(['datasourceTypes'], 'datasourceTypes'),
    reportFormats: new SyncHook<[Registry<ReportFormatDefinition>]>(['reportFormats'], 'reportFormats'),
    views: new SyncHook<[Registry<ViewDefinition>]>(['views'], 'views'),
    routes: new SyncHook<[RouteRegistry]>(['routes'], 'routes'),
    eventTopics: new SyncHook<[Registry<EventTopicDefinition>]>(['eventTopics'], 'eventTopics'),
    gpsTypes: new SyncHook<[Registry<GpsTypeDefinition>]>(['gpsTypes'], 'gpsTypes'),
    uiModules: new SyncHook<[UiModuleRegistry]>(['uiModules'], 'uiModules'),
    logTypes: new SyncHook<[Registry<LogTypeDefinition>]>(['logTypes'], 'logTypes'),
    metrics: new SyncHook<[MetricRegistry]>(['metrics'], 'metrics'),
    alertSinkTypes: new SyncHook<[Registry<AlertSinkTypeDefinition>]>(['alertSinkTypes'], 'alertSinkTypes'),
  });
}
