/**
 * The message bus as a built-in feature: the message record's fields and the `MESSAGE` topic
 * every posted message is published on (the bus itself publishes; the routes read its backlog).
 */
import { definePlugin } from '../plugin.js';
import { MESSAGE_FIELDS } from './message-bus.js';

/** Name of the built-in messages plugin. */
export const MESSAGES_PLUGIN = '@svc/core:messages';

/** Registers the message fields and the `MESSAGE` topic. */
export const messagesPlugin = definePlugin({
  name: MESSAGES_PLUGIN,
  apply(svc) {
    svc.hooks.fields.tap(MESSAGES_PLUGIN, (fields) => fields.registerAll(MESSAGE_FIELDS));
    svc.hooks.eventTopics.tap(MESSAGES_PLUGIN, (topics) => topics.add({ name: 'MESSAGE', description: 'a message was posted to the message bus (message record)' }));
  },
});
