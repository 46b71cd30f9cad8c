/**
 * Message bus routes and the `MESSAGE` topic. Applied as a built-in plugin.
 */
import { MESSAGE_FIELDS } from '../../messages/message-bus.js';
import { definePlugin } from '../../plugin.js';
import { nowSeconds, parseTimestamp } from '../../time/timestamp.js';
import { TRACKED_FORMATS } from '../route-registry.js';

/** Name of the built-in message bus plugin. */
export const MESSAGEBUS_PLUGIN = '@svc/core:messagebus';

/** Serves `/messagebus/all_messages` and `/messagebus/last-time/<ts>/messages`. */
export const messagebusPlugin = definePlugin({
  name: MESSAGEBUS_PLUGIN,
  apply(svc) {
    svc.hooks.fields.tap(MESSAGEBUS_PLUGIN, (fields) => fields.registerAll(MESSAGE_FIELDS));
    svc.hooks.eventTopics.tap(MESSAGEBUS_PLUGIN, (topics) =>
      topics.add({ name: 'MESSAGE', description: 'a message was posted to the message bus (message record)' }),
    );
    svc.hooks.routes.tap(MESSAGEBUS_PLUGIN, (routes) => {
      routes.http({
        methods: ['GET', 'POST'],
        path: '/messagebus/all_messages',
        formats: TRACKED_FORMATS,
        role: 'readonly',
        description: 'the message backlog, oldest first',
        handler: () => svc.messages.all(),
      });
      routes.http({
        methods: ['GET', 'POST'],
        path: '/messagebus/last-time/:timestamp/messages',
        formats: TRACKED_FORMATS,
        role: 'readonly',
        description: 'messages newer than a timestamp (absolute, or negative for seconds before now)',
        handler: ({ params }) => {
          const since = parseTimestamp(params.timestamp!);
          return { 'svc.messagebus.list': svc.messages.since(since), 'svc.messagebus.timestamp': Math.floor(nowSeconds()) };
        },
      });
    });
  },
});
