/**
 * Logging as a built-in plugin: contributes the `svcdb`, `pcapng` and `wiglecsv` log types, the
 * `kismetdb` datasource type that replays logs, the `LOGERROR` alert, Kismet's `/logging` routes,
 * the svcdb log's device and packet filters with their `/filters` routes, its packet export and
 * drop, points of interest (and their `POI` event), and its live pcapng streams, taps the chain through the log manager, opens the configured
 * logs once the server is ready and closes them at shutdown. File sources wait for the logs
 * between batches, so a capture read at full speed is logged whole.
 */
import type { FieldDefinition } from '../fields/field-registry.js';
import { definePlugin, type PluginDefinition } from '../plugin.js';
import { TRACKED_FORMATS } from '../http/route-registry.js';
import { LOG_ERROR_ALERT, LogManager } from './log-manager.js';
import { LOG_FIELDS, logRecord, logTypeRecord } from './log-records.js';
import { addPacketStreamMetrics, addPacketStreamRoutes, STREAM_FIELDS } from './packet-stream-routes.js';
import type { LogSettings } from './log-settings.js';
import { pcapngLogType } from './pcapng/pcapng-log.js';
import { kismetdbType } from './replay/kismetdb-source.js';
import { wiglecsvLogType } from './wigle/wiglecsv-log.js';
import { restoreTracker } from './restore/tracker-restore.js';
import { createSvcdbLogType } from './svcdb/svcdb-log.js';
import { addSvcdbRoutes } from './svcdb/svcdb-routes.js';
import { PointsOfInterest, POI_FIELDS } from './poi/points-of-interest.js';
import { DEVICE_LOG_FILTER_FIELDS } from './filters/device-log-filter.js';
import { addLogFilterRoutes } from './filters/log-filter-routes.js';
import type { LogFilters } from './filters/log-filter-settings.js';

/** The answer of `/logging/svcdb/pcap/drop.cmd`. */
const DROPPED_PACKETS_FIELD: FieldDefinition = { name: 'svc.logging.dropped_packets', type: 'uint64_t', description: 'packets drop.cmd removed from the svcdb log' };

/** Name of the built-in logging plugin. */
export const LOGGING_PLUGIN = '@svc/core:logging';
/** Track-stage priority of the log tap: after the tracker's commit (1000), so devices are current. */
const LOG_STAGE = 2000;

/** The logging plugin for the given settings and svcdb filters (read from config by the service). */
export function loggingPlugin(settings: LogSettings, filters: LogFilters): PluginDefinition {
  return definePlugin({
    name: LOGGING_PLUGIN,
    apply(svc) {
      const logs = new LogManager(svc, svc.logTypes, settings);
      const points = new PointsOfInterest();
      logs.tap(LOGGING_PLUGIN, LOG_STAGE);
      svc.datasources.addPacer(() => logs.ready());
      svc.alerts.define({
        name: LOG_ERROR_ALERT,
        description: 'a log stopped because it could not be written (disk full, file removed); the server goes on without it',
        throttle: '10/min',
        burst: '1/sec',
        class: 'SYSTEM',
        severity: 15,
      });
      svc.hooks.fields.tap(LOGGING_PLUGIN, (fields) => fields.registerAll([...LOG_FIELDS, ...STREAM_FIELDS, ...DEVICE_LOG_FILTER_FIELDS, ...POI_FIELDS, DROPPED_PACKETS_FIELD]));
      svc.hooks.eventTopics.tap(LOGGING_PLUGIN, (topics) => topics.add({ name: 'POI', description: 'a point of interest was marked (/poi/create_poi.cmd): its time, note and the server position' }));
      svc.hooks.datasourceTypes.tap(LOGGING_PLUGIN, (types) => types.add(kismetdbType));
      svc.hooks.metrics.tap(LOGGING_PLUGIN, (metrics) => {
        metrics.gauge({
          name: 'svc_log_backlog_records',
          help: 'records (packets, rows) an open log has been handed and not yet written to disk',
          labelNames: ['type', 'uuid'],
          collect: (report) => {
            for (const log of logs.backlog()) report({ type: log.type, uuid: log.uuid }, log.records);
          },
        });
        addPacketStreamMetrics(metrics, logs.streams);
      });
      svc.hooks.logTypes.tap(LOGGING_PLUGIN, (types) => {
        types.add(createSvcdbLogType(filters));
        types.add(pcapngLogType);
        types.add(wiglecsvLogType);
      });
      svc.hooks.routes.tap(LOGGING_PLUGIN, (routes) => {
        addPacketStreamRoutes(routes, svc);
        addLogFilterRoutes(routes, svc, filters);
        addSvcdbRoutes(routes, svc, logs, points);
        routes.http({
          methods: ['GET', 'POST'],
          path: '/logging/drivers',
          formats: TRACKED_FORMATS,
          role: 'readonly',
          description: 'the log types this server can write',
          handler: () => svc.logTypes.list().map(logTypeRecord),
        });
        routes.http({
          methods: ['GET', 'POST'],
          path: '/logging/active',
          formats: TRACKED_FORMATS,
          role: 'readonly',
          description: 'the logs of this run, open and closed, with their files and sizes',
          handler: () => logs.list().map(logRecord),
        });
        routes.http({
          methods: ['GET', 'POST'],
          path: '/logging/by-class/:class/start',
          formats: ['cmd'],
          role: 'admin',
          description: 'open a new log of a type (svcdb, pcapng, ...); 409 while one of that type is open',
          handler: async ({ params }) => logRecord(await logs.start(params.class!)),
        });
        routes.http({
          methods: ['GET', 'POST'],
          path: '/logging/by-uuid/:uuid/stop',
          formats: ['cmd'],
          role: 'admin',
          description: 'close an open log',
          handler: async ({ params }) => logRecord(await logs.stop(params.uuid!)),
        });
      });
      // Restored devices must be back before the first datasource opens (stage 0) and before
      // this run's own log, the newest from then on, is opened.
      if (settings.restore) svc.hooks.ready.tapPromise({ name: LOGGING_PLUGIN, stage: -10 }, async () => void (await restoreTracker(svc, settings.prefix)));
      svc.hooks.ready.tapPromise(LOGGING_PLUGIN, () => logs.begin());
      svc.hooks.shutdown.tapPromise(LOGGING_PLUGIN, () => logs.end());
    },
  });
}
