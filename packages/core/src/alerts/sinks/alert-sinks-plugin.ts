/**
 * Alert delivery as a built-in plugin: contributes the `webhook` and `syslog` sink types (they
 * need nothing but Node, so they live in the core; plugins add more, as `@svc/plugin-mqtt`
 * adds `mqtt`), the sink fields and the `/alerts/sinks` and `/alerts/sink_types` routes, and
 * starts delivering `ALERT` events once the server is ready. The `alert_sink=` lines are read
 * by the service after the contribute phase, when every type is known.
 */
import { definePlugin, type PluginDefinition } from '../../plugin.js';
import { TRACKED_FORMATS } from '../../http/route-registry.js';
import type { AlertRecord } from '../alert-tracker.js';
import { ALERT_SINK_FIELDS, alertSinkRecord, alertSinkTypeRecord } from './alert-sink-records.js';
import type { AlertSinks } from './alert-sinks.js';
import { syslogSinkType } from './syslog-sink.js';
import { webhookSinkType } from './webhook-sink.js';
import { addAlertSinkMetrics } from './alert-sink-metrics.js';

/** Name of the built-in alert sinks plugin. */
export const ALERT_SINKS_PLUGIN = '@svc/core:alert-sinks';

/** The alert sinks plugin for a service's sink manager. */
export function alertSinksPlugin(sinks: AlertSinks): PluginDefinition {
  return definePlugin({
    name: ALERT_SINKS_PLUGIN,
    apply(svc) {
      svc.hooks.fields.tap(ALERT_SINKS_PLUGIN, (fields) => fields.registerAll(ALERT_SINK_FIELDS));
      svc.hooks.metrics.tap(ALERT_SINKS_PLUGIN, (metrics) => addAlertSinkMetrics(metrics, () => sinks.list()));
      svc.hooks.alertSinkTypes.tap(ALERT_SINKS_PLUGIN, (types) => {
        types.add(webhookSinkType);
        types.add(syslogSinkType);
      });
      svc.hooks.routes.tap(ALERT_SINKS_PLUGIN, (routes) => {
        routes.http({
          methods: ['GET', 'POST'],
          path: '/alerts/sinks',
          formats: TRACKED_FORMATS,
          role: 'readonly',
          description: 'the alert sinks of the alert_sink= lines, with their state and sent, failed and dropped counts',
          handler: () => sinks.list().map(alertSinkRecord),
        });
        routes.http({
          methods: ['GET', 'POST'],
          path: '/alerts/sink_types',
          formats: TRACKED_FORMATS,
          role: 'readonly',
          description: 'the alert sink types alert_sink= lines can name, with their options',
          handler: () => svc.alertSinkTypes.list().map(alertSinkTypeRecord),
        });
      });
      svc.hooks.ready.tapPromise(ALERT_SINKS_PLUGIN, async () => {
        sinks.begin((listener) => svc.events.subscribe('ALERT', (_topic, record) => listener(record as AlertRecord)));
      });
      svc.hooks.shutdown.tapPromise(ALERT_SINKS_PLUGIN, () => sinks.end());
    },
  });
}
