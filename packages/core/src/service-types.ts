/**
 * The `Service` handle a plugin receives in `apply(svc)`: the hook table, the registries it
 * contributes to, and the run-time facilities (events, messages, alerts, config, log). It is the
 * whole public surface; plugins never import a core singleton.
 */
import type { ChannelTracker } from './channels/channel-tracker.js';
import type { SystemHistory } from './system/system-history.js';
import type { AlertTracker } from './alerts/alert-tracker.js';
import type { Config } from './config/config.js';
import type { CoreRegistries } from './core-registries.js';
import type { EventBus } from './events/event-bus.js';
import type { Hooks } from './hooks.js';
import type { Logger } from './logger.js';
import type { MessageBus } from './messages/message-bus.js';
import type { DeviceTracker } from './tracker/device-tracker.js';
import type { DeviceViews } from './views/device-views.js';
import type { DeviceAnnotations } from './tracker/device-annotations.js';
import type { DatasourceTracker } from './datasources/datasource-tracker.js';
import type { GpsTracker } from './gps/gps-tracker.js';
import type { IngestFilter } from './filters/ingest-filter.js';
import type { Watchlist } from './watchlists/watchlist.js';
import type { AlertSinks } from './alerts/sinks/alert-sinks.js';
import type { PluginPackage } from './plugin.js';
import type { PacketStreamOpener } from './logging/pcapng/packet-stream-opener.js';

/** How one plugin fared at boot. */
export interface PluginStatus {
  readonly name: string;
  readonly state: 'applied' | 'failed';
  /** Error code and message when it failed. */
  readonly error?: { readonly code: string; readonly message: string };
  /** The package it was loaded from, when it came from one. */
  readonly package?: PluginPackage;
}

/** What every plugin gets: the registries it contributes to (core-registries.ts) and the run-time facilities. */
export interface Service extends CoreRegistries {
  /** `@svc/core` version. */
  readonly version: string;
  /** The frozen hook table. */
  readonly hooks: Hooks;
  readonly config: Config;
  readonly log: Logger;
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
  /** The server's memory and device-count histories, sampled each second by the system plugin (`/system/status`). */
  readonly systemHistory: SystemHistory;
  /**
   * Live pcapng streams of the packets a predicate takes, for HTTP clients, within the stream
   * caps: the core's `/pcap/...` routes and plugins' (802.11's by BSSID) open them here.
   */
  readonly packetStreams: PacketStreamOpener;
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
