/**
 * `createService(config)`: builds the hook table and registries, makes each subsystem from its
 * own settings, applies the built-in features and the given plugins through the same plugin path
 * (plugin-application.ts), runs the contribute phase, freezes the registries, and builds the HTTP
 * app. `start()` listens, fires `ready`, adds the startup sources and raises ROOTUSER if svc runs
 * as root without need for them; `stop()` fires `shutdown` and closes everything.
 */
import type { Hono } from 'hono';
import { AlertTracker } from './alerts/alert-tracker.js';
import { readAlertSettings } from './alerts/alert-settings.js';
import { AlertSinks } from './alerts/sinks/alert-sinks.js';
import { warnRootWithoutNeed } from './alerts/system-alerts.js';
import { createAuth } from './auth/auth-setup.js';
import type { AdminLogin } from './auth/credentials.js';
import { builtinPlugins } from './builtin-plugins.js';
import { ChannelTracker } from './channels/channel-tracker.js';
import type { Config } from './config/config.js';
import { CORE_CONFIG_KEYS } from './config/config-keys.js';
import { createCoreRegistries } from './core-registries.js';
import { DatasourceTracker } from './datasources/datasource-tracker.js';
import { readDatasourceSettings } from './datasources/datasource-settings.js';
import { prepareStartupSources } from './datasources/startup-sources.js';
import { DecodePool } from './packets/decode-pool.js';
import { addDecodePoolMetrics } from './packets/decode-pool-metrics.js';
import { SvcError } from './errors.js';
import { EventBus } from './events/event-bus.js';
import { IngestFilter } from './filters/ingest-filter.js';
import { readFilterSettings } from './filters/filter-settings.js';
import { validLocation } from './gps/gps-records.js';
import { GpsTracker } from './gps/gps-tracker.js';
import { readGpsSettings } from './gps/gps-settings.js';
import { createMetaGps, createWebGps } from './gps/pushed-gps.js';
import { readLogFilters } from './logging/filters/log-filter-settings.js';
import { createPacketStreamOpener } from './logging/pcapng/packet-stream-opener.js';
import { PacketStreams } from './logging/pcapng/packet-streams.js';
import { sourceInterfaceName } from './logging/pcapng/source-interface-name.js';
import { createHooks } from './hooks.js';
import { createHttpApp } from './http/app.js';
import { addMonitorMetrics, createDeviceMonitor } from './http/device-monitor-setup.js';
import { dumpQuota } from './http/full-dumps.js';
import { listenHttp, type HttpListener } from './http/http-listener.js';
import { readHttpSettings } from './http/http-settings.js';
import { withUriPrefix } from './http/uri-prefix.js';
import { readLogSettings } from './logging/log-settings.js';
import { createLogger, type Logger } from './logger.js';
import { readLogLevel } from './logger-level.js';
import { readMapTileSettings } from './map/map-settings.js';
import { openMapTileSource } from './map/map-tile-source.js';
import { MessageBus, MessageFlags } from './messages/message-bus.js';
import { readMessageBacklog } from './messages/message-settings.js';
import { installCoreMetrics } from './metrics/core-metrics.js';
import { readChainSampling } from './metrics/metrics-settings.js';
import type { PluginDefinition, PluginEntry, PluginFailure } from './plugin.js';
import { CORE_OWNER, PluginApplication } from './plugin-application.js';
import type { ContributionOwner } from './registry.js';
import type { Service } from './service-types.js';
import { readServerIdentity } from './system/server-identity.js';
import { resolveServerUuid } from './system/server-uuid.js';
import { nowSeconds } from './time/timestamp.js';
import { DeviceAnnotations } from './tracker/device-annotations.js';
import { DeviceTracker } from './tracker/device-tracker.js';
import { addRegisteredPhys } from './tracker/phy-states.js';
import { readTrackerConfig } from './tracker/tracker-settings.js';
import { CORE_VERSION } from './version.js';
import { DeviceViews } from './views/device-views.js';
import { Watchlist } from './watchlists/watchlist.js';
import { SystemHistory } from './system/system-history.js';
import { readWatchlistSettings } from './watchlists/watchlist-settings.js';

/** Options besides the config. */
export interface CreateServiceOptions {
  /** Plugins to apply after the built-ins, as definitions or with options. */
  readonly plugins?: readonly (PluginDefinition<any> | PluginEntry)[];
  /** Plugin modules that failed to load, reported in `plugins` and on the message bus. */
  readonly loadFailures?: readonly PluginFailure[];
  readonly log?: Logger;
  /**
   * False for a service that only hosts plugins and never listens (`svc capture`): no admin
   * login is looked up or generated, and `start()` is refused. Default true.
   */
  readonly serve?: boolean;
}

/** A service that can be started: the plugin-facing `Service` plus lifecycle and the app. */
export interface SvcServer extends Service {
  /** The hono app (under `httpd_uri_prefix` when set), for in-process requests (`app.request()`) in tests. */
  readonly app: Hono<any>;
  /** The admin login in force: `generated` on the start that created it, `unset` in first-run setup until one is set. */
  readonly admin: AdminLogin;
  /** Listens on `httpd_bind_address:httpd_port` and fires `ready`. */
  start(): Promise<HttpListener>;
  /** Fires `shutdown`, then closes the listener; safe to call twice. */
  stop(): Promise<void>;
}

/** Creates a service from a loaded config and a list of plugins. */
export async function createService(config: Config, options: CreateServiceOptions = {}): Promise<SvcServer> {
  const log = options.log ?? createLogger({ level: readLogLevel(config) });
  const owner: ContributionOwner = { current: CORE_OWNER };
  const hooks = createHooks();
  const registries = createCoreRegistries(owner);
  const { phys, views } = registries;
  const identity = readServerIdentity(config);
  const serve = options.serve !== false;

  const events = new EventBus(hooks, registries.eventTopics, (error) => log.error('an event subscriber failed', error));
  const messages = new MessageBus(log, readMessageBacklog(config), (record) => events.publish('MESSAGE', record));
  const gps = new GpsTracker({ types: registries.gpsTypes, messages, log, ...readGpsSettings(config) });
  const trackerConfig = readTrackerConfig(config);
  const deviceViews = new DeviceViews();
  const deviceAnnotations = new DeviceAnnotations(trackerConfig.annotationsFile, log);
  const devices = new DeviceTracker(hooks, events, deviceViews, trackerConfig.tracker, deviceAnnotations);
  const alerts = new AlertTracker({
    ...readAlertSettings(config),
    hasPhy: (name) => phys.has(name),
    phyId: (name) => devices.phy(name)?.id ?? -1,
    location: () => validLocation(gps),
    onRaised: (record) => hooks.alertRaised.call(record),
  });
  const alertSinks = new AlertSinks(registries.alertSinkTypes, messages, log, { serverName: identity.name, version: CORE_VERSION });
  const channels = new ChannelTracker(devices);
  const monitor = createDeviceMonitor(config, devices, registries.fields, log);
  addMonitorMetrics(registries.metrics, monitor);
  const coreMetrics = installCoreMetrics(registries.metrics, hooks, readChainSampling(config));
  const datasourceSettings = readDatasourceSettings(config);
  const decodePool = datasourceSettings.ingestThreads > 0 ? new DecodePool(phys, datasourceSettings.ingestThreads, (text) => messages.post(text, MessageFlags.ERROR)) : undefined;
  if (decodePool) addDecodePoolMetrics(registries.metrics, decodePool);
  const datasources = new DatasourceTracker({ types: registries.datasourceTypes, gps, hooks, runChain: coreMetrics.runChain, events, messages, log, decodePool, ...datasourceSettings });
  const filterSettings = readFilterSettings(config);
  const filters = new IngestFilter({ ...filterSettings, log, hasPhy: (name) => phys.has(name) });
  const watchlistSettings = readWatchlistSettings(config);
  const watchlist = new Watchlist({ ...watchlistSettings, log });
  for (const entry of watchlistSettings.entries) watchlist.addConfig(entry.type, entry.item, entry.origin);
  const auth = createAuth(config, serve);
  const http = readHttpSettings(config);
  // A capture host serves no map: its tile settings are not read.
  const mapTiles = await openMapTileSource(serve ? readMapTileSettings(config) : { kind: 'none' });

  const plugins = new PluginApplication(owner, hooks, registries, messages, log);
  const svc: Service = {
    version: CORE_VERSION,
    hooks,
    config,
    log,
    ...registries,
    events,
    messages,
    alerts,
    alertSinks,
    devices,
    channels,
    deviceViews,
    deviceAnnotations,
    datasources,
    gps,
    filters,
    packetStreams: createPacketStreamOpener(new PacketStreams(sourceInterfaceName(datasources)), config),
    watchlist,
    systemHistory: new SystemHistory(),
    serverUuid: resolveServerUuid(config),
    startTime: nowSeconds(),
    plugins: plugins.statuses,
  };
  const builtins = builtinPlugins({ identity, auth, configViews: trackerConfig.views, monitor, webGps: createWebGps(), metaGps: createMetaGps(), presence: watchlistSettings.presence, logSettings: readLogSettings(config), logFilters: readLogFilters(config), alertSinks, mapTiles });
  const given = (options.plugins ?? []).map((item) => ('plugin' in item ? item : { plugin: item }));
  await plugins.apply(svc, [...builtins, ...given], options.loadFailures ?? [], CORE_VERSION);
  await plugins.contribute(svc, alerts);

  addRegisteredPhys(devices, phys);
  for (const view of views.list()) deviceViews.add(view);
  for (const rule of filterSettings.rules) filters.addConfigRule(rule.phy, rule.match, rule.action, rule.origin);
  filters.checkSavedPhys();
  devices.useFilter(filters);
  alertSinks.configure(config.values('alert_sink'));
  const knownKeys = new Set([...Object.keys(CORE_CONFIG_KEYS), ...plugins.configKeys()]);
  for (const { key, origin } of config.unknownKeys(knownKeys)) log.warn(`${origin}: unknown config key '${key}' is ignored (check its spelling)`);

  const app = withUriPrefix(
    createHttpApp({
      ...registries,
      authenticator: auth.authenticator,
      log,
      maxBodyBytes: http.maxBodyBytes,
      observer: coreMetrics.httpObserver,
      dumps: dumpQuota(http.maxDumps, http.maxDumpsPerLogin),
    }),
    http.uriPrefix,
  );

  let listener: HttpListener | undefined;
  let stopping: Promise<void> | undefined;
  return {
    ...svc,
    app,
    admin: auth.admin,
    async start() {
      if (!serve) throw new SvcError('SVC_ERR_INTERNAL', 'this service was created with serve: false (a capture host); it cannot listen');
      if (listener) return listener;
      const startupSources = await prepareStartupSources(config, datasources);
      const bound = await listenHttp(app, { port: http.port, hostname: http.bindAddress });
      listener = { port: bound.port, url: `${bound.url}${http.uriPrefix}`, close: () => bound.close() };
      await hooks.ready.promise();
      messages.post(`svc ${CORE_VERSION} listening on ${listener.url}`);
      for (const prepared of startupSources) await datasources.addPrepared(prepared);
      warnRootWithoutNeed(alerts, process.geteuid?.() === 0, startupSources.map((prepared) => prepared.type));
      return listener;
    },
    stop() {
      stopping ??= (async () => {
        await hooks.shutdown.promise();
        await decodePool?.close();
        await listener?.close();
        deviceAnnotations.flush();
      })();
      return stopping;
    },
  };
}
