/**
 * The event bus websocket (`/eventbus/events.ws`) and its topic list. Clients send
 * `{"SUBSCRIBE": topic, "fields": [...], "format": "json"}` and `{"UNSUBSCRIBE": topic}`; `*`
 * subscribes to every topic. Each event arrives as one text message `{"<TOPIC>": record}`.
 * A malformed message, an unknown topic or bad fields get one JSON error message back; the
 * connection and its other subscriptions stay. (`TIMESTAMP` is the events feature's:
 * events/events-plugin.ts.)
 */
import { SvcError } from '../../errors.js';
import { parseFieldSpecs, simplify, type FieldSpec } from '../../fields/field-spec.js';
import { definePlugin } from '../../plugin.js';
import { TRACKED_FORMATS, type RouteFormat, type WebSocketSession } from '../route-registry.js';
import { serialize } from '../serializers.js';
import { answerErrors, parseJsonObjectMessage } from '../websocket-message.js';
import type { Service } from '../../service-types.js';

/** Name of the built-in event bus routes. */
export const EVENTBUS_ROUTES = '@svc/core:eventbus-routes';

/** Bytes queued on one socket beyond which events to it are dropped until it drains. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/** Serves the event bus websocket and the topic list. */
export const eventbusRoutes = definePlugin({
  name: EVENTBUS_ROUTES,
  apply(svc) {
    svc.hooks.routes.tap(EVENTBUS_ROUTES, (routes) => {
      routes.websocket({
        path: '/eventbus/events.ws',
        role: 'readonly',
        description: 'event bus: SUBSCRIBE / UNSUBSCRIBE to topics, receive {"TOPIC": record} messages',
        connect: (session) => eventbusConnection(svc, session),
      });
      routes.http({
        methods: ['GET', 'POST'],
        path: '/eventbus/topics',
        formats: TRACKED_FORMATS,
        role: 'readonly',
        description: 'every topic the event bus may publish',
        handler: () =>
          svc.events.listTopics().map((topic) => ({ 'svc.eventbus.topic': topic.name, 'svc.eventbus.description': topic.description })),
      });
    });
  },
});

function eventbusConnection(svc: Service, session: WebSocketSession) {
  const subscriptions = new Map<string, () => void>();
  let dropped = 0;
  const subscribe = (topic: string, specs: FieldSpec[], format: RouteFormat) => {
    subscriptions.get(topic)?.();
    const unsubscribe = svc.events.subscribe(topic, (eventTopic, payload) => {
      if (session.bufferedAmount > MAX_BUFFERED_BYTES) {
        if (dropped++ === 0) svc.log.warn('event bus client is not reading; dropping events until it catches up');
        return;
      }
      dropped = 0;
      session.send(serialize({ [eventTopic]: simplify(payload, specs) }, format, svc.fields).trimEnd());
    });
    subscriptions.set(topic, unsubscribe);
  };
  return {
    message(data: string | Uint8Array, isBinary: boolean) {
      answerErrors(session, svc.log, () => {
        const request = parseJsonObjectMessage(data, isBinary);
        const { SUBSCRIBE: topic, UNSUBSCRIBE: unsubscribe } = request;
        if (topic === undefined && unsubscribe === undefined) {
          throw new SvcError('SVC_ERR_BAD_REQUEST', 'send {"SUBSCRIBE": "<topic>"} or {"UNSUBSCRIBE": "<topic>"}; /eventbus/topics.json lists the topics');
        }
        if (topic !== undefined) {
          if (typeof topic !== 'string' || topic === '') throw new SvcError('SVC_ERR_BAD_REQUEST', "'SUBSCRIBE' must name a topic");
          if (!svc.events.hasTopic(topic)) throw new SvcError('SVC_ERR_UNKNOWN_TOPIC', `no event topic '${topic}'; /eventbus/topics.json lists them, '*' is every topic`, { status: 404 });
          const specs = parseFieldSpecs(request.fields);
          const format = request.format ?? 'json';
          if (typeof format !== 'string' || !TRACKED_FORMATS.includes(format as RouteFormat)) {
            throw new SvcError('SVC_ERR_BAD_REQUEST', `'format' must be one of ${TRACKED_FORMATS.join(', ')}`);
          }
          subscribe(topic, specs, format as RouteFormat);
        }
        if (unsubscribe !== undefined) {
          if (typeof unsubscribe !== 'string') throw new SvcError('SVC_ERR_BAD_REQUEST', "'UNSUBSCRIBE' must name a topic");
          subscriptions.get(unsubscribe)?.();
          subscriptions.delete(unsubscribe);
        }
      });
    },
    close() {
      for (const unsubscribe of subscriptions.values()) unsubscribe();
      subscriptions.clear();
    },
  };
}
