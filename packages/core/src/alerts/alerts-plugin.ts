/**
 * Alerts as a built-in feature: the alert and definition records' fields, the `ALERT` topic, and
 * what follows a raised alert (`alertRaised`): it counts on the device it names, it is posted to
 * the message bus, and it is published as `ALERT` (which the sinks and the logs take from there).
 * At `ready` it warns about `alert=` and `disable_alert=` lines that name no defined alert.
 */
import { MessageFlags } from '../messages/message-bus.js';
import { definePlugin } from '../plugin.js';
import { countAlertOnDevice } from './device-alert-count.js';
import { ALERT_DEFINITION_FIELDS, ALERT_FIELDS } from './alert-fields.js';

/** Name of the built-in alerts plugin. */
export const ALERTS_PLUGIN = '@svc/core:alerts';

/** Registers the alert fields and topic, and does what follows each raised alert. */
export const alertsPlugin = definePlugin({
  name: ALERTS_PLUGIN,
  apply(svc) {
    svc.hooks.fields.tap(ALERTS_PLUGIN, (fields) => {
      fields.registerAll(ALERT_FIELDS);
      fields.registerAll(ALERT_DEFINITION_FIELDS);
    });
    svc.hooks.eventTopics.tap(ALERTS_PLUGIN, (topics) => topics.add({ name: 'ALERT', description: 'an alert was raised (alert record)' }));
    svc.hooks.alertRaised.tap(ALERTS_PLUGIN, (record) => {
      countAlertOnDevice(svc.devices, record);
      svc.messages.post(`ALERT ${record['svc.alert.header']}: ${record['svc.alert.text']}`, MessageFlags.ALERT);
      svc.events.publish('ALERT', record);
    });
    svc.hooks.ready.tap(ALERTS_PLUGIN, () => {
      for (const name of svc.alerts.unusedConfigNames()) {
        svc.log.warn(`alert= or disable_alert= names ${name}, which no plugin defines (check its spelling: /alerts/definitions.json lists the alerts); it applies if a client defines ${name}`);
      }
    });
  },
});
