/**
 * The `mqtt` alert sink: alerts that pass its filter published on a topic of their own through
 * MQTT out's connection (`alert_sink=mqtt:topic=alarms/critical,severity=critical`), for
 * consumers that want a filtered stream rather than every alert on `<prefix>/events/alert`.
 * An alert counts as delivered when the broker acknowledged it; while the broker is away the
 * attempt fails at once and the sink manager retries it with back-off.
 */
import { badSinkOption, type AlertSinkTypeDefinition } from '@svc/core';
import type { MqttOut } from '../out/mqtt-out.js';

/** Builds the type over MQTT out (undefined when `mqtt_broker` is not set). */
export function createMqttSinkType(out: () => MqttOut | undefined): AlertSinkTypeDefinition {
  return {
    name: 'mqtt',
    description: 'publish each alert record on a topic through the broker of mqtt_broker',
    options: {
      topic: 'the topic (default <mqtt prefix>/alert_sinks/<sink name>)',
      retain: 'publish retained, so a subscriber gets the last alert at once (default false)',
    },
    create(definition) {
      const mqtt = out();
      if (!mqtt) throw badSinkOption(definition, 'the mqtt sink publishes through MQTT out: set mqtt_broker');
      const topic = definition.options.get('topic') ?? mqtt.topics.alertSink(definition.name);
      if (/[#+\u0000]/.test(topic) || topic.startsWith('$')) throw badSinkOption(definition, `topic '${topic}' cannot be published to (no '#', '+', NUL, leading '$')`);
      const retainText = (definition.options.get('retain') ?? 'false').toLowerCase();
      if (!['true', 'false'].includes(retainText)) throw badSinkOption(definition, `retain must be true or false, got '${retainText}'`);
      const retain = retainText === 'true';
      const { publisher } = mqtt;
      return {
        target: `${publisher.options.address.url} ${topic}`,
        deliver(alert) {
          if (!publisher.connected) return Promise.reject(new Error(`not connected to ${publisher.options.address.url}${publisher.lastError ? ` (${publisher.lastError})` : ''}`));
          return new Promise<void>((resolve, reject) =>
            publisher.publish({ topic, payload: () => JSON.stringify(alert), retain, settle: (error) => (error ? reject(error) : resolve()) }),
          );
        },
      };
    },
  };
}
