/**
 * The event bus as a built-in feature: the topic record's fields, and `TIMESTAMP`, the server's
 * time published once a second from `ready` until `shutdown`.
 */
import { definePlugin } from '../plugin.js';
import { timestampRecord } from '../system/status.js';

/** Name of the built-in events plugin. */
export const EVENTS_PLUGIN = '@svc/core:events';

/** Registers the topic fields and publishes `TIMESTAMP` every second. */
export const eventsPlugin = definePlugin({
  name: EVENTS_PLUGIN,
  apply(svc) {
    let timer: NodeJS.Timeout | undefined;
    svc.hooks.eventTopics.tap(EVENTS_PLUGIN, (topics) => topics.add({ name: 'TIMESTAMP', description: 'server time, once a second (svc.system.timestamp.sec/usec)' }));
    svc.hooks.fields.tap(EVENTS_PLUGIN, (fields) => {
      fields.register('svc.eventbus.topic', 'string', 'event topic name');
      fields.register('svc.eventbus.description', 'string', 'what the topic carries and when it fires');
    });
    svc.hooks.ready.tapPromise(EVENTS_PLUGIN, async () => {
      timer = setInterval(() => svc.events.publish('TIMESTAMP', timestampRecord()), 1000);
      timer.unref();
    });
    svc.hooks.shutdown.tapPromise(EVENTS_PLUGIN, async () => clearInterval(timer));
  },
});
