/**
 * The core's own features as plugins, in the order they are applied: each wires itself from
 * its folder (`tracker/tracker-plugin.ts`, `alerts/alerts-plugin.ts`...) and its routes come
 * from `http/routes/`. The service applies them through the same path as third-party plugins
 * (webpack's WebpackOptionsApply does this for its built-ins).
 */
import { alertsPlugin } from './alerts/alerts-plugin.js';
import { sourceErrorAlertPlugin } from './alerts/source-error-alert.js';
import { systemAlertsPlugin } from './alerts/system-alerts.js';
import type { AlertSinks } from './alerts/sinks/alert-sinks.js';
import { alertSinksPlugin } from './alerts/sinks/alert-sinks-plugin.js';
import { authPlugin } from './auth/auth-plugin.js';
import type { AuthSetup } from './auth/auth-setup.js';
import { channelsPlugin } from './channels/channels-plugin.js';
import { datasourcesPlugin } from './datasources/datasources-plugin.js';
import { eventsPlugin } from './events/events-plugin.js';
import { filtersPlugin } from './filters/filters-plugin.js';
import { gpsPlugin } from './gps/gps-plugin.js';
import type { PushedGps } from './gps/pushed-gps.js';
import type { DeviceMonitor } from './http/device-monitor-setup.js';
import { alertsRoutes } from './http/routes/alerts.js';
import { authRoutes } from './http/routes/auth.js';
import { datasourcesRoutes } from './http/routes/datasources.js';
import { deviceRoutes } from './http/routes/devices.js';
import { eventbusRoutes } from './http/routes/eventbus.js';
import { filtersRoutes } from './http/routes/filters.js';
import { gpsRoutes } from './http/routes/gps.js';
import { loginStateRoutes } from './http/routes/login-state.js';
import { messagebusRoutes } from './http/routes/messagebus.js';
import { packetchainRoutes } from './http/routes/packetchain.js';
import { systemRoutes } from './http/routes/system.js';
import { watchlistsRoutes } from './http/routes/watchlists.js';
import { deviceMapRoutes } from './http/routes/device-map.js';
import { mapTileRoutes } from './http/routes/map-tiles.js';
import type { LogSettings } from './logging/log-settings.js';
import type { LogFilters } from './logging/filters/log-filter-settings.js';
import { loggingPlugin } from './logging/logging-plugin.js';
import { mapPlugin } from './map/map-plugin.js';
import type { MapTileSource } from './map/map-tile-source.js';
import { messagesPlugin } from './messages/messages-plugin.js';
import { metricsPlugin } from './metrics/metrics-plugin.js';
import type { PluginEntry } from './plugin.js';
import type { ServerIdentity } from './system/server-identity.js';
import { systemPlugin } from './system/system-plugin.js';
import { trackerPlugin } from './tracker/tracker-plugin.js';
import { uiModulesPlugin } from './ui/ui-modules-plugin.js';
import type { ViewDefinition } from './views/view-definition.js';
import type { PresenceSettings } from './watchlists/device-presence.js';
import { watchlistsPlugin } from './watchlists/watchlists-plugin.js';

/** What the built-in features are made with: settings read from config and parts the service shares. */
export interface BuiltinParts {
  readonly identity: ServerIdentity;
  readonly auth: AuthSetup;
  /** The `view=` lines' views. */
  readonly configViews: readonly ViewDefinition[];
  readonly monitor: DeviceMonitor;
  /** The `web` and `meta` GPS types, whose positions the GPS routes post. */
  readonly webGps: PushedGps;
  readonly metaGps: PushedGps;
  readonly presence: PresenceSettings;
  readonly logSettings: LogSettings;
  /** The svcdb log's device and packet filters, as the config sets them up. */
  readonly logFilters: LogFilters;
  readonly alertSinks: AlertSinks;
  /** The map's tiles (`map_tiles=` opened, or `map_tile_url=`). */
  readonly mapTiles: MapTileSource;
}

/** The built-in features, each beside its routes. */
export function builtinPlugins(parts: BuiltinParts): PluginEntry[] {
  return [
    systemPlugin,
    systemRoutes(parts.identity),
    messagesPlugin,
    messagebusRoutes,
    eventsPlugin,
    eventbusRoutes,
    alertsPlugin,
    alertsRoutes,
    sourceErrorAlertPlugin,
    systemAlertsPlugin,
    watchlistsPlugin(parts.presence),
    watchlistsRoutes,
    filtersPlugin,
    filtersRoutes,
    authPlugin,
    authRoutes(parts.auth.apiKeys, parts.auth.authenticator),
    loginStateRoutes(parts.auth.admin, parts.auth.authenticator),
    trackerPlugin(parts.configViews),
    deviceRoutes(parts.monitor),
    deviceMapRoutes,
    datasourcesPlugin,
    datasourcesRoutes,
    channelsPlugin,
    packetchainRoutes,
    gpsPlugin(parts.webGps, parts.metaGps),
    gpsRoutes(parts.webGps, parts.metaGps),
    mapPlugin(parts.mapTiles),
    mapTileRoutes(parts.mapTiles),
    uiModulesPlugin,
    loggingPlugin(parts.logSettings, parts.logFilters),
    metricsPlugin(),
    alertSinksPlugin(parts.alertSinks),
  ].map((plugin) => ({ plugin }));
}
