/**
 * MQTT out on `/metrics`: the connection, the queue against its bound, messages sent and
 * dropped while the broker was away, connections and failures, so a broker outage shows in
 * the operator's own monitoring.
 */
import type { MetricRegistry } from '@svc/core';
import type { MqttPublisher } from '../broker/mqtt-publisher.js';

/** Registers the MQTT out metrics, read from the publisher whenever `/metrics` is read. */
export function addMqttMetrics(metrics: MetricRegistry, publisher: MqttPublisher): void {
  const gauge = (name: string, help: string, value: () => number) => metrics.gauge({ name, help, collect: (report) => report({}, value()) });
  const counter = (name: string, help: string, value: () => number) => metrics.counter({ name, help, collect: (report) => report({}, value()) });
  gauge('svc_mqtt_connected', '1 while MQTT out is connected to its broker', () => (publisher.connected ? 1 : 0));
  gauge('svc_mqtt_queue_messages', 'messages MQTT out holds for the broker', () => publisher.queued);
  gauge('svc_mqtt_queue_max_messages', "the bound of MQTT out's queue (mqtt_queue_max)", () => publisher.queueMax);
  counter('svc_mqtt_sent_total', 'messages MQTT out published', () => publisher.sent);
  counter('svc_mqtt_dropped_total', "messages MQTT out dropped, oldest first, past its queue's bound", () => publisher.dropped);
  counter('svc_mqtt_connections_total', 'connections MQTT out made to its broker', () => publisher.connections);
  counter('svc_mqtt_failures_total', "MQTT out's failed connections and lost ones", () => publisher.failures);
}
