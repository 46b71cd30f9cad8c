/**
 * Message bus routes: the backlog, whole or since a time. (The `MESSAGE` topic and the record's
 * fields are the messages feature's: messages/messages-plugin.ts.)
 */
import { definePlugin } from '../../plugin.js';
import { nowSeconds, parseTimestamp } from '../../time/timestamp.js';
import { TRACKED_FORMATS } from '../route-registry.js';

/** Name of the built-in message bus routes. */
export const MESSAGEBUS_ROUTES = '@svc/core:messagebus-routes';

/** Serves `/messagebus/all_messages` and `/messagebus/last-time/<ts>/messages`. */
export const messagebusRoutes = definePlugin({
  name: MESSAGEBUS_ROUTES,
  apply(svc) {
    svc.hooks.routes.tap(MESSAGEBUS_ROUTES, (routes) => {
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
