/**
 * `createService(config)`: builds the hook table and registries, applies the built-in features
 * and the given plugins through the same plugin path (webpack's WebpackOptionsApply does this
 * for its built-ins), runs the contribute phase, freezes the registries, and builds the HTTP
 * app. `start()` listens and fires `ready`; `stop()` fires `shutdown` and closes everything.
 */
import type { Hono } from 'hono';
import { AlertTracker, parseAlertOverrides, parseDisabledAlerts } from './alerts/alert-tracker.js';
import { sourceErrorAlertPlugin } from './alerts/source-error-alert.js';
import { alertsPlugin } from './alerts/alerts-plugin.js';
import { parseFilterAction, parseFilterLine } from './filters/filter-rule.js';
import { IngestFilter } from './filters/ingest-filter.js';
import { locationRecord } from './gps/gps-records.js';
import { filtersRoutes } from './http/routes/filters.js';
import { filtersPlugin } from './filters/filters-plugin.js';
import { watchlistsRoutes } from './http/routes/watchlists.js';
import { watchlistsPlugin } from './watchlists/watchlists-plugin.js';
import { parseWatchLine, Watchlist, WATCH_TYPES } from './watchlists/watchlist.js';
import { ApiKeyStore } from './auth/api-keys.js';
import { Authenticator } from './auth/authenticator.js';
import { DEFAULT_ADMIN_USER, resolveAdminCredentials, type AdminCredentials } from './auth/credentials.js';
import { randomPassword } from './auth/secrets.js';
import { SessionStore } from './auth/sessions.js';
import type { Config } from './config/config.js';
import { expandPath } from './config/config-loader.js';
import { CORE_CONFIG_KEYS } from './config/config-keys.js';
import type { DatasourceTypeDefinition } from './datasources/datasource-type.js';
import { describeError, SvcError } from './errors.js';
import { EventBus } from './events/event-bus.js';
import type { EventTopicDefinition } from './events/event-topic.js';
import { FieldRegistry } from './fields/field-registry.js';
import { CONTRIBUTE_HOOKS, createHooks } from './hooks.js';
import { createHttpApp } from './http/app.js';
import { dumpQuota } from './http/full-dumps.js';
import { UiModuleRegistry } from './ui/ui-module.js';
import { uiModulesPlugin } from './ui/ui-modules-plugin.js';
import type { LogTypeDefinition } from './logging/log-type.js';
import { readLogSettings } from './logging/log-settings.js';
import { loggingPlugin } from './logging/logging-plugin.js';
import { installCoreMetrics } from './metrics/core-metrics.js';
import { MetricRegistry } from './metrics/metric-registry.js';
import { metricsPlugin } from './metrics/metrics-plugin.js';
import type { AlertSinkTypeDefinition } from './alerts/sinks/alert-sink-type.js';
import { AlertSinks } from './alerts/sinks/alert-sinks.js';
import { alertSinksPlugin } from './alerts/sinks/alert-sinks-plugin.js';
import { parseUriPrefix, withUriPrefix } from './http/uri-prefix.js';
import { listenHttp, type HttpListener } from './http/http-listener.js';
import { RouteRegistry } from './http/route-registry.js';
import { alertsRoutes } from './http/routes/alerts.js';
import { authRoutes } from './http/routes/auth.js';
import { authPlugin } from './auth/auth-plugin.js';
import { eventbusRoutes } from './http/routes/eventbus.js';
import { eventsPlugin } from './events/events-plugin.js';
import { messagebusRoutes } from './http/routes/messagebus.js';
import { messagesPlugin } from './messages/messages-plugin.js';
import { systemRoutes } from './http/routes/system.js';
import { systemPlugin } from './system/system-plugin.js';
import { deviceRoutes } from './http/routes/devices.js';
import { addMonitorMetrics, createDeviceMonitor } from './http/device-monitor-setup.js';
import { trackerPlugin } from './tracker/tracker-plugin.js';
import { ChannelTracker } from './channels/channel-tracker.js';
import { channelsPlugin } from './channels/channels-plugin.js';
import { DeviceTracker } from './tracker/device-tracker.js';
import { phyKeyPrefix } from './tracker/device-key.js';
import { DeviceViews } from './views/device-views.js';
import { DeviceAnnotations } from './tracker/device-annotations.js';
import { DatasourceTracker, type PreparedSource } from './datasources/datasource-tracker.js';
import { parseHopRate } from './datasources/source-options.js';
import { datasourcesRoutes } from './http/routes/datasources.js';
import { datasourcesPlugin } from './datasources/datasources-plugin.js';
import { gpsRoutes } from './http/routes/gps.js';
import { gpsPlugin } from './gps/gps-plugin.js';
import { createWebGps } from './gps/web-gps.js';
import { packetchainRoutes } from './http/routes/packetchain.js';
import { GpsTracker } from './gps/gps-tracker.js';
import type { GpsTypeDefinition } from './gps/gps-type.js';
import { parseConfigViews } from './views/config-views.js';
import { createLogger, LOG_LEVELS, type Logger, type LogLevel } from './logger.js';
import { MessageBus, MessageFlags } from './messages/message-bus.js';
import { resolvePluginOrder, type PluginDefinition, type PluginEntry, type PluginFailure } from './plugin.js';
import { PluginGuards } from './plugin-guards.js';
import { Registry, type ContributionOwner } from './registry.js';
import type { PluginStatus, Service } from './service-types.js';
import { resolveServerUuid } from './system/server-uuid.js';
import { nowSeconds } from './time/timestamp.js';
import type { PhyDefinition } from './tracker/phy.js';
import { CORE_VERSION } from './version.js';
import type { ViewDefinition } from './views/view-definition.js';
import type { ReportFormatDefinition } from './datasources/report-format.js';

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
  /** The admin login in force; `generated` is true on the start that created it. */
  readonly admin: AdminCredentials;
  /** Listens on `httpd_bind_address:httpd_port` and fires `ready`. */
  start(): Promise<HttpListener>;
  /** Fires `shutdown`, then closes the listener; safe to call twice. */
  stop(): Promise<void>;
}

const CORE_OWNER = 'svc';

/** Creates a service from a loaded config and a list of plugins. */
export async function createService(config: Config, options: CreateServiceOptions = {}): Promise<SvcServer> {
  const log = options.log ?? createLogger({ level: configLogLevel(config) });
  const owner: ContributionOwner = { current: CORE_OWNER };
  const hooks = createHooks();
  const fields = new FieldRegistry(owner);
  const phys = new Registry<PhyDefinition>('PHY', owner);
  const datasourceTypes = new Registry<DatasourceTypeDefinition>('datasource type', owner);
  const reportFormats = new Registry<ReportFormatDefinition>('report format', owner);
  const views = new Registry<ViewDefinition>('view', owner);
  const routes = new RouteRegistry(owner);
  const eventTopics = new Registry<EventTopicDefinition>('event topic', owner);
  const gpsTypes = new Registry<GpsTypeDefinition>('GPS type', owner);
  const uiModules = new UiModuleRegistry(owner);
  const logTypes = new Registry<LogTypeDefinition>('log type', owner);
  const metrics = new MetricRegistry(owner);
  const alertSinkTypes = new Registry<AlertSinkTypeDefinition>('alert sink type', owner);
  const registries = [fields, phys, datasourceTypes, reportFormats, views, routes, eventTopics, gpsTypes, uiModules, logTypes, metrics, alertSinkTypes];
  const logSettings = readLogSettings(config);

  const events = new EventBus(hooks, eventTopics, (error) => log.error('an event subscriber failed', error));
  const messages = new MessageBus(log, config.getNumber('message_backlog', 50, { min: 1, integer: true }), (record) =>
    events.publish('MESSAGE', record),
  );
  let gps: GpsTracker | undefined;
  let devices: DeviceTracker | undefined;
  const alerts = new AlertTracker({
    backlogSize: config.getNumber('alertbacklog', 50, { min: 1, integer: true }),
    rateOverrides: parseAlertOverrides(config.getAll('alert')),
    disabled: parseDisabledAlerts(config.getAll('disable_alert')),
    hasPhy: (name) => phys.has(name),
    phyId: (name) => devices?.phy(name)?.id ?? -1,
    location: () => {
      const best = gps?.best();
      return best ? locationRecord(best.fix, true) : undefined;
    },
    onRaised: (record) => hooks.alertRaised.call(record),
  });

  const alertSinks = new AlertSinks(alertSinkTypes, messages, log, { serverName: config.get('server_name') ?? 'svc', version: CORE_VERSION });

  const configViews = parseConfigViews(config.getAll('view'));
  const deviceViews = new DeviceViews();
  const deviceAnnotations = new DeviceAnnotations(expandPath(config.get('tracker_state_file') ?? 'device_annotations.json', config.configDir), log);
  devices = new DeviceTracker(hooks, events, deviceViews, {
    manufLookup: config.getBoolean('manuf_lookup', true),
    trackRrds: config.getBoolean('track_device_rrds', true),
    deviceTimeout: config.getNumber('tracker_device_timeout', 0, { min: 0 }),
    maxDevices: config.getNumber('tracker_max_devices', 0, { min: 0, integer: true }),
  }, deviceAnnotations);

  const channels = new ChannelTracker(devices);
  const monitor = createDeviceMonitor(config, devices, fields, log);
  addMonitorMetrics(metrics, monitor);
  const webGps = createWebGps();
  const coreMetrics = installCoreMetrics(metrics, hooks, config.getNumber('metrics_chain_sampling', 128, { min: 0, integer: true }));
  const retryDelay = config.getNumber('source_retry_delay', 5, { min: 0.1, max: 3600 });
  gps = new GpsTracker({ types: gpsTypes, messages, log, validFor: config.getNumber('gps_fix_valid_time', 10, { min: 1 }), retryDelay });
  const datasources = new DatasourceTracker({
    types: datasourceTypes,
    gps,
    hooks,
    runChain: coreMetrics.runChain,
    dedupSize: config.getNumber('packet_dedup_size', 2048, { min: 0, max: 1_000_000, integer: true }),
    events,
    messages,
    log,
    defaults: {
      hop: config.getBoolean('channel_hop', true),
      hopRate: parseConfigHopRate(config),
      split: config.getBoolean('split_source_hopping', true),
      shuffle: config.getBoolean('randomized_hopping', true),
      retry: config.getBoolean('retry_on_source_error', true),
      retryDelay,
      overrideTimestamp: config.getBoolean('override_remote_timestamp', true),
      remoteCaptureListen: config.get('remote_capture_listen') ?? '127.0.0.1',
      remoteCapturePort: config.getNumber('remote_capture_port', 3501, { min: 0, max: 65535, integer: true }),
      maxRemoteSources: config.getNumber('remote_capture_max_sources', 256, { min: 1, integer: true }),
      forgetRemoteAfter: config.getNumber('remote_capture_forget_after', 3600, { min: 0.1 }),
    },
  });

  const filters = new IngestFilter({
    stateFile: expandPath(config.get('ingest_filter_file') ?? 'ingest_filters.json', config.configDir),
    log,
    defaultAction: configValue(config, 'ingest_filter_default', (value) => parseFilterAction(value, 'ingest_filter_default')),
    hasPhy: (name) => phys.has(name),
    maxRules: config.getNumber('ingest_filter_max_rules', 10_000, { min: 1, integer: true }),
  });
  const filterLines = config.values('ingest_filter').map(({ value, origin }) => ({ ...configValue(config, 'ingest_filter', () => parseFilterLine(value), origin), origin }));
  const watchlist = new Watchlist({
    stateFile: expandPath(config.get('watchlist_file') ?? 'device_watchlist.json', config.configDir),
    log,
    maxEntries: config.getNumber('watchlist_max_entries', 10_000, { min: 1, integer: true }),
  });
  for (const type of WATCH_TYPES) {
    for (const { value, origin } of config.values(`device${type}`)) {
      watchlist.addConfig(type, configValue(config, `device${type}`, () => parseWatchLine(`device${type}`, value), origin), origin);
    }
  }
  const presenceSettings = {
    foundAfter: config.getNumber('devicefound_timeout', 60, { min: 0 }),
    lostAfter: config.getNumber('devicelost_timeout', 60, { min: 1 }),
  };

  const serve = options.serve !== false;
  const admin: AdminCredentials = serve ? resolveAdminCredentials(config) : { username: DEFAULT_ADMIN_USER, password: randomPassword(), generated: false };
  const apiKeys = new ApiKeyStore(expandPath(config.get('httpd_session_db')!, config.configDir), undefined, config.getNumber('httpd_max_api_keys', 1000, { min: 1, integer: true }));
  const sessions = new SessionStore(config.getNumber('httpd_session_timeout', 7200, { min: 1 }));
  const authenticator = new Authenticator(admin, apiKeys, sessions);

  const pluginStatuses: PluginStatus[] = [];
  const setStatus = (status: PluginStatus) => {
    const index = pluginStatuses.findIndex((existing) => existing.name === status.name);
    if (index >= 0) pluginStatuses[index] = status;
    else pluginStatuses.push(status);
  };
  const guards = new PluginGuards(
    owner,
    (plugin, error) => {
      const coded = error instanceof SvcError ? error : new SvcError('SVC_ERR_PLUGIN_APPLY', describeError(error), { cause: error });
      setStatus({ name: plugin, state: 'failed', error: { code: coded.code, message: coded.message } });
      if (!(error instanceof SvcError)) log.error(`plugin ${plugin} failed`, error);
      messages.post(`plugin ${plugin} failed and was skipped: ${describeError(coded)}`, MessageFlags.ERROR);
    },
    (plugin, hook, error, count) => {
      if (count <= 10 || count % 1000 === 0) log.error(`plugin ${plugin} threw in ${hook} (error ${count})`, error);
    },
  );
  guards.install(hooks);

  const startTime = nowSeconds();
  const svc: Service = {
    version: CORE_VERSION,
    hooks,
    config,
    log,
    fields,
    phys,
    datasourceTypes,
    reportFormats,
    views,
    routes,
    eventTopics,
    gpsTypes,
    uiModules,
    logTypes,
    metrics,
    alertSinkTypes,
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
    watchlist,
    serverUuid: resolveServerUuid(config),
    startTime,
    plugins: pluginStatuses,
  };

  const builtins: PluginEntry[] = [
    systemPlugin,
    systemRoutes((service) => ({
      version: service.version,
      serverUuid: service.serverUuid,
      startTime: service.startTime,
      serverName: config.get('server_name') ?? 'svc',
      serverDescription: config.get('server_description') ?? '',
      serverLocation: config.get('server_location') ?? '',
      numFields: () => service.fields.size,
      numPlugins: () => service.plugins.filter((plugin) => plugin.state === 'applied').length,
      deviceCount: () => service.devices.size,
    })),
    messagesPlugin,
    messagebusRoutes,
    eventsPlugin,
    eventbusRoutes,
    alertsPlugin,
    alertsRoutes,
    sourceErrorAlertPlugin,
    watchlistsPlugin(presenceSettings),
    watchlistsRoutes,
    filtersPlugin,
    filtersRoutes,
    authPlugin,
    authRoutes(apiKeys, authenticator),
    trackerPlugin(configViews),
    deviceRoutes(monitor),
    datasourcesPlugin,
    datasourcesRoutes,
    channelsPlugin,
    packetchainRoutes,
    gpsPlugin(webGps),
    gpsRoutes(webGps),
    uiModulesPlugin,
    loggingPlugin(logSettings),
    metricsPlugin(),
    alertSinksPlugin(alertSinks),
  ].map((plugin) => ({ plugin }));
  const entries = [...builtins, ...(options.plugins ?? []).map((item) => ('plugin' in item ? item : { plugin: item }))];

  const { ordered, failures } = resolvePluginOrder(entries, CORE_VERSION);
  for (const failure of [...(options.loadFailures ?? []), ...failures]) guards.fail(failure.name, failure.error);

  /** Fails a plugin whose dependency has failed; true when it did. */
  const failIfDependencyFailed = (entry: PluginEntry): boolean => {
    const name = entry.plugin.name;
    const dependency = (entry.plugin.dependencies ?? []).find((candidate) => guards.isFailed(candidate));
    if (!dependency || guards.isFailed(name)) return false;
    guards.fail(name, new SvcError('SVC_ERR_PLUGIN_DEPENDENCY_FAILED', `plugin '${name}' needs plugin '${dependency}', which failed`));
    return true;
  };

  for (const entry of ordered) {
    const name = entry.plugin.name;
    if (failIfDependencyFailed(entry)) continue;
    setStatus({ name, state: 'applied' });
    owner.current = name;
    try {
      await entry.plugin.apply(svc, entry.options);
    } catch (error) {
      guards.fail(name, error instanceof SvcError ? error : new SvcError('SVC_ERR_PLUGIN_APPLY', `plugin '${name}' failed in apply(): ${describeError(error)}`, { cause: error }));
    } finally {
      owner.current = CORE_OWNER;
    }
  }

  for (const hookName of CONTRIBUTE_HOOKS) {
    const registry = { fields, phys, datasourceTypes, reportFormats, views, eventTopics, gpsTypes, uiModules, logTypes, metrics, alertSinkTypes, routes }[hookName];
    (hooks[hookName] as { call(registry: unknown): void }).call(registry);
  }
  registerPhyContributions();
  // A plugin whose dependency failed during the contribute phase cannot run either.
  for (let changed = true; changed; ) {
    changed = false;
    for (const entry of ordered) if (failIfDependencyFailed(entry)) changed = true;
  }
  for (const status of pluginStatuses) if (status.state === 'failed') for (const registry of registries) registry.removeOwner(status.name);
  for (const registry of registries) registry.freeze();
  phys.list().forEach((phy, index) =>
    devices.addPhy({
      name: phy.name,
      description: phy.description,
      id: index + 1,
      keyPrefix: phyKeyPrefix(phy.name),
      componentField: phy.deviceComponent?.field,
      componentKey: phy.deviceComponent?.key,
      deviceCount: 0,
      packetCount: 0,
    }),
  );
  for (const view of views.list()) deviceViews.add(view);
  for (const line of filterLines) filters.addConfigRule(line.phy, line.match, line.action, line.origin);
  filters.checkSavedPhys();
  devices.useFilter(filters);
  alertSinks.configure(config.values('alert_sink'));

  const knownKeys = new Set(Object.keys(CORE_CONFIG_KEYS));
  for (const entry of ordered) for (const key of Object.keys(entry.plugin.configKeys ?? {})) knownKeys.add(key);
  for (const { key, origin } of config.unknownKeys(knownKeys)) log.warn(`${origin}: unknown config key '${key}' is ignored (check its spelling)`);

  /** Registers each PHY's sub-record fields and views as contributions of the PHY's plugin. */
  function registerPhyContributions(): void {
    for (const phy of phys.list()) {
      const plugin = phys.ownerOf(phy.name) ?? CORE_OWNER;
      if (guards.isFailed(plugin)) continue;
      owner.current = plugin;
      try {
        const component = phy.deviceComponent;
        if (component) {
          fields.register(component.field, 'object', component.description);
          fields.registerAll(component.fields);
        }
        for (const view of phy.views ?? []) views.add(view);
      } catch (error) {
        guards.fail(plugin, error);
      } finally {
        owner.current = CORE_OWNER;
      }
    }
  }

  const uriPrefix = parseUriPrefix(config.get('httpd_uri_prefix'));
  const unprefixedApp = createHttpApp({
    routes,
    fields,
    authenticator,
    log,
    maxBodyBytes: config.getNumber('httpd_max_body', 100_000, { min: 1024, integer: true }),
    observer: coreMetrics.httpObserver,
    dumps: dumpQuota(config.getNumber('httpd_max_dumps', 16, { min: 1, integer: true }), config.getNumber('httpd_max_dumps_per_login', 4, { min: 1, integer: true })),
  });
  const app = withUriPrefix(unprefixedApp, uriPrefix);

  let listener: HttpListener | undefined;
  let stopping: Promise<void> | undefined;
  return {
    ...svc,
    app,
    admin,
    async start() {
      if (!serve) throw new SvcError('SVC_ERR_INTERNAL', 'this service was created with serve: false (a capture host); it cannot listen');
      if (listener) return listener;
      const startupSources = await prepareStartupSources(config, datasources);
      const bound = await listenHttp(app, {
        port: config.getNumber('httpd_port', 2501, { min: 0, max: 65535, integer: true }),
        hostname: config.get('httpd_bind_address') ?? '127.0.0.1',
      });
      listener = { port: bound.port, url: `${bound.url}${uriPrefix}`, close: () => bound.close() };
      await hooks.ready.promise();
      messages.post(`svc ${CORE_VERSION} listening on ${listener.url}`);
      for (const prepared of startupSources) await datasources.addPrepared(prepared);
      return listener;
    },
    stop() {
      stopping ??= (async () => {
        await hooks.shutdown.promise();
        await listener?.close();
        deviceAnnotations.flush();
      })();
      return stopping;
    },
  };
}

/**
 * Checks the `source=` lines (and `-c` flags) before the server listens: a definition that is
 * wrong (syntax, no type, an option the type refuses, no such file, a UUID twice) is a startup
 * error naming where it was written, as a bad config line is. A valid source that cannot open
 * (a device not plugged in) is not checked here; it is added and retried like any other.
 */
async function prepareStartupSources(config: Config, datasources: DatasourceTracker): Promise<PreparedSource[]> {
  const prepared: PreparedSource[] = [];
  for (const { value, origin } of config.values('source')) {
    try {
      const source = await datasources.prepare(value);
      if (prepared.some((other) => other.uuid === source.uuid)) throw new SvcError('SVC_ERR_CONFLICT', `UUID ${source.uuid} is used by another source= line too; give one of them uuid= or name another interface`);
      prepared.push(source);
    } catch (error) {
      throw new SvcError('SVC_ERR_CONFIG_VALUE', `${origin}: source ${value}: ${describeError(error)}`, { cause: error });
    }
  }
  return prepared;
}

/**
 * Parses a config value with `parse`; its error becomes a config error naming where the line
 * is (`origin`, or the key's last origin).
 */
function configValue<T>(config: Config, key: string, parse: (value: string) => T, origin = config.origin(key)): T {
  try {
    return parse(config.get(key) ?? '');
  } catch (error) {
    throw new SvcError('SVC_ERR_CONFIG_VALUE', `${origin}: ${error instanceof SvcError ? error.message : describeError(error)}`, { cause: error });
  }
}

/** `log_level`: what the server log keeps; a value that is not a level is a config error naming its origin. */
function configLogLevel(config: Config): LogLevel {
  const level = config.get('log_level') ?? 'info';
  if (!LOG_LEVELS.includes(level as LogLevel)) {
    throw new SvcError('SVC_ERR_CONFIG_VALUE', `${config.origin('log_level')}: log_level must be one of ${LOG_LEVELS.join(', ')}, got '${level}'`);
  }
  return level as LogLevel;
}

/** `channel_hop_speed` as hops per second; a malformed value is a config error naming its origin. */
function parseConfigHopRate(config: Config): number {
  const text = config.get('channel_hop_speed') ?? '5/sec';
  try {
    return parseHopRate(text);
  } catch (error) {
    throw new SvcError('SVC_ERR_CONFIG_VALUE', `${config.origin('channel_hop_speed')}: ${describeError(error)}`);
  }
}
