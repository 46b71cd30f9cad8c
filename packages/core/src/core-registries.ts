/**
 * The registries plugins contribute to, one per contribute hook, made together so the service
 * can hand each to its hook, withdraw a failed plugin from all of them and freeze them at once.
 */
import type { AlertDefinitionInput } from './alerts/alert-tracker.js';
import type { AlertSinkTypeDefinition } from './alerts/sinks/alert-sink-type.js';
import type { DatasourceTypeDefinition } from './datasources/datasource-type.js';
import type { ReportFormatDefinition } from './datasources/report-format.js';
import type { EventTopicDefinition } from './events/event-topic.js';
import { FieldRegistry } from './fields/field-registry.js';
import type { GpsTypeDefinition } from './gps/gps-type.js';
import type { ContributeHookName } from './hooks.js';
import { RouteRegistry } from './http/route-registry.js';
import type { LogTypeDefinition } from './logging/log-type.js';
import { MetricRegistry } from './metrics/metric-registry.js';
import { Registry, type ContributionOwner } from './registry.js';
import type { PhyDefinition } from './tracker/phy.js';
import { UiModuleRegistry } from './ui/ui-module.js';
import type { ViewDefinition } from './views/view-definition.js';

/** Every registry of one service, by the name of the contribute hook that fills it. */
export interface CoreRegistries {
  readonly fields: FieldRegistry;
  readonly phys: Registry<PhyDefinition>;
  /** Alerts plugins define at boot (the `alertDefinitions` hook, and the alerts PHYs declare). */
  readonly alertDefinitions: Registry<AlertDefinitionInput>;
  readonly datasourceTypes: Registry<DatasourceTypeDefinition>;
  /** Formats of the reports a source may carry from outside (a broker's messages), in the order they were added. */
  readonly reportFormats: Registry<ReportFormatDefinition>;
  readonly views: Registry<ViewDefinition>;
  readonly eventTopics: Registry<EventTopicDefinition>;
  readonly gpsTypes: Registry<GpsTypeDefinition>;
  /** Browser modules contributed to the web app (device panels, columns, pages). */
  readonly uiModules: UiModuleRegistry;
  /** Log types (`svcdb`, `pcapng`, and those plugins add). */
  readonly logTypes: Registry<LogTypeDefinition>;
  /** The metrics `/metrics` serves; plugins add theirs in the `metrics` hook. */
  readonly metrics: MetricRegistry;
  /** Alert sink types (`webhook`, `syslog`, and those plugins add). */
  readonly alertSinkTypes: Registry<AlertSinkTypeDefinition>;
  readonly routes: RouteRegistry;
}

/** Makes the registries of one service, their contributions attributed through `owner`. */
export function createCoreRegistries(owner: ContributionOwner): CoreRegistries {
  return {
    fields: new FieldRegistry(owner),
    phys: new Registry<PhyDefinition>('PHY', owner),
    alertDefinitions: new Registry<AlertDefinitionInput>('alert', owner),
    datasourceTypes: new Registry<DatasourceTypeDefinition>('datasource type', owner),
    reportFormats: new Registry<ReportFormatDefinition>('report format', owner),
    views: new Registry<ViewDefinition>('view', owner),
    eventTopics: new Registry<EventTopicDefinition>('event topic', owner),
    gpsTypes: new Registry<GpsTypeDefinition>('GPS type', owner),
    uiModules: new UiModuleRegistry(owner),
    logTypes: new Registry<LogTypeDefinition>('log type', owner),
    metrics: new MetricRegistry(owner),
    alertSinkTypes: new Registry<AlertSinkTypeDefinition>('alert sink type', owner),
    routes: new RouteRegistry(owner),
  } satisfies Record<ContributeHookName, unknown>;
}
