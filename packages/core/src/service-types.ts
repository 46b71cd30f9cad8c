/**
 * The `Service` handle a plugin receives in `apply(svc)`: the hook table, the registries it
 * contributes to, and the run-time facilities (events, messages, alerts, config, log). It is the
 * whole public surface; plugins never import a core singleton.
 */
import type { ChannelTracker } from './channels/channel-tracker.js';
import type { AlertTracker } from './alerts/alert-tracker.js';
import type { Config } from './config/config.js';
import type { DatasourceTypeDefinition } from './datasources/datasource-type.js';
import type { ReportFormatDefinition } from './datasources/report-format.js';
import type { EventBus } from './events/event-bus.js';
import type { EventTopicDefinition } from './events/event-topic.js';
import type { FieldRegistry } from './fields/field-registry.js';
import type { Hooks } from './hooks.js';
import type { RouteRegistry } from './http/route-registry.js';
import type { Logger } from './logger.js';
import type { MessageBus } from './messages/message-bus.js';
import type { Registry } from './registry.js';
import type { PhyDefinition } from './tracker/phy.js';
import type { ViewDefinition } from './views/view-definition.js';
import type { DeviceTracker } from './tracker/device-tracker.js';
import type { DeviceViews } from './views/device-views.js';
import type { DeviceAnnotations } from './tracker/device-annotations.js';
import type { DatasourceTracker } from './datasources/datasource-tracker.js';
import type { GpsTypeDefinition } from './gps/gps-type.js';
import type { GpsTracker } from './gps/gps-tracker.js';
import type { UiModuleRegistry } from './ui/ui-module.js';
import type { LogTypeDefinition } from './logging/log-type.js';
import type { IngestFilter } from './filters/ingest-filter.js';
import type { Watchlist } from './watchlists/watchlist.js';
import type { MetricRegistry } from './metrics/metric-registry.js';
import type { AlertSinkTypeDefinition } from './alerts/sinks/alert-sink-type.js';
import type { AlertSinks } from './alerts/sinks/alert-sinks.js';

/** How one plugin fared at boot. */
export interface PluginStatus {
  readonly name: string;
  readonly state: 'applied' | 'failed';
  /** Error code and message when it failed. */
  readonly error?: { readonly code: string; readonly message: string };
}

/** What every plugin gets. */
export interface Service {
  /** `@svc/core` version. */
  readonly version: string;
  /** The frozen hook table. */
  readonly hooks: Hooks;
  readonly config: Config;
  readonly log: Logger;
  readonly fields: FieldRegistry;
  readonly phys: Registry<PhyDefinition>;
  readonly datasourceTypes: Registry<DatasourceTypeDefinition>;
  /** Formats of the reports a source may carry from outside (a broker's messages), in the order they were added. */
  readonly reportFormats: Registry<ReportFormatDefinition>;
  readonly views: Registry<ViewDefinition>;
  readonly routes: RouteRegistry;
  readonly eventTopics: Registry<EventTopicDefinition>;
  readonly gpsTypes: Registry<GpsTypeDefinition>;
  /** Browser modules contributed to the web app (device panels, pages). */
  readonly uiModules: UiModuleRegistry;
  /** Log types (`svcdb`, `pcapng`, and those plugins add). */
  readonly logTypes: Registry<LogTypeDefinition>;
  /** The metrics `/metrics` serves; plugins add theirs in the `metrics` hook. */
  readonly metrics: MetricRegistry;
  /** Alert sink types (`webhook`, `syslog`, and those plugins add). */
  readonly alertSinkTypes: Registry<AlertSinkTypeDefinition>;
  readonly events: EventBus;
  readonly messages: MessageBus;
  readonly alerts: AlertTracker;
  /** The sinks of the `alert_sink=` lines, with their counters (configured after the contribute phase). */
  readonly alertSinks: AlertSinks;
  /** The device tracker: PHY classifiers call `devices.touch()`; routes read it. */
  readonly devices: DeviceTracker;
  /** Packets, bytes, signal and devices per frequency and channel (`/channels/channels`). */
  readonly channels: ChannelTracker;
  /** The device views and their members. */
  readonly deviceViews: DeviceViews;
  /** Every datasource: add, open, close, pause, resume, channel control, remote capture binding. */
  readonly datasources: DatasourceTracker;
  /** Every GPS and the best current position, which is stamped onto packets. */
  readonly gps: GpsTracker;
  /** The ingest filter rules the tracker applies before tracking (`/filters/ingest/...`). */
  readonly filters: IngestFilter;
  /** The DEVICEFOUND / DEVICELOST watchlists (`/devices/alerts/mac/...`). */
  readonly watchlist: Watchlist;
  /** User names and tags of devices, kept across restarts; routes that change them call `save`. */
  readonly deviceAnnotations: DeviceAnnotations;
  /** This server's UUID, persisted in the config dir. */
  readonly serverUuid: string;
  /** Unix seconds the service was created. */
  readonly startTime: number;
  /** Every plugin and whether it was applied; filled in at boot. */
  readonly plugins: readonly PluginStatus[];
}
