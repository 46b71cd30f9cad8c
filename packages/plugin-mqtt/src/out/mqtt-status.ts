/**
 * MQTT out's status as a record (`svc.mqtt.*`), for `/mqtt/status.json` and the web app's
 * integrations panel: the connection, the queue and what it dropped, what was sent. The same
 * counters are plain getters on the publisher for metrics.
 */
import type { FieldDefinition } from '@svc/core';
import type { MqttOut } from './mqtt-out.js';

/** Fields of the status record. */
export const MQTT_STATUS_FIELDS: readonly FieldDefinition[] = [
  { name: 'svc.mqtt.enabled', type: 'uint8_t', description: '1 when MQTT out is configured (mqtt_broker), else 0' },
  { name: 'svc.mqtt.broker', type: 'string', description: 'the broker, scheme, host and port' },
  { name: 'svc.mqtt.client_id', type: 'string', description: 'client id svc connects with' },
  { name: 'svc.mqtt.topic_prefix', type: 'string', description: 'prefix of every topic svc publishes' },
  { name: 'svc.mqtt.state', type: 'string', description: 'off, connecting, connected, waiting (to reconnect after a failure) or stopped' },
  { name: 'svc.mqtt.connected_since', type: 'double', description: 'Unix seconds the connection was made, 0 when not connected' },
  { name: 'svc.mqtt.connections', type: 'uint64_t', description: 'connections made (more than one: svc reconnected)' },
  { name: 'svc.mqtt.failures', type: 'uint64_t', description: 'failed connection attempts and broken connections' },
  { name: 'svc.mqtt.last_error', type: 'string', description: 'why the last attempt failed or the connection broke' },
  { name: 'svc.mqtt.queued', type: 'uint64_t', description: 'messages waiting for the broker or not yet acknowledged' },
  { name: 'svc.mqtt.queue_max', type: 'uint64_t', description: 'messages kept at most (mqtt_queue_max)' },
  { name: 'svc.mqtt.dropped', type: 'uint64_t', description: 'messages dropped, oldest first, because the queue was full' },
  { name: 'svc.mqtt.sent', type: 'uint64_t', description: 'messages the broker took' },
  { name: 'svc.mqtt.devices_pending', type: 'uint64_t', description: 'changed devices waiting to be published' },
  { name: 'svc.mqtt.homeassistant', type: 'uint8_t', description: '1 when Home Assistant discovery is on' },
  { name: 'svc.mqtt.homeassistant_entities', type: 'uint64_t', description: 'Home Assistant entities announced' },
];

/** The status record; MQTT out off when `out` is undefined. */
export function mqttStatusRecord(out: MqttOut | undefined): Record<string, unknown> {
  if (!out) return { 'svc.mqtt.enabled': 0, 'svc.mqtt.state': 'off' };
  const { publisher, settings } = out;
  return {
    'svc.mqtt.enabled': 1,
    'svc.mqtt.broker': settings.address.url,
    'svc.mqtt.client_id': settings.clientId,
    'svc.mqtt.topic_prefix': settings.prefix,
    'svc.mqtt.state': publisher.state,
    'svc.mqtt.connected_since': publisher.connectedSince,
    'svc.mqtt.connections': publisher.connections,
    'svc.mqtt.failures': publisher.failures,
    'svc.mqtt.last_error': publisher.lastError,
    'svc.mqtt.queued': publisher.queued,
    'svc.mqtt.queue_max': publisher.queueMax,
    'svc.mqtt.dropped': publisher.dropped,
    'svc.mqtt.sent': publisher.sent,
    'svc.mqtt.devices_pending': out.devicesPending,
    'svc.mqtt.homeassistant': settings.homeAssistant ? 1 : 0,
    'svc.mqtt.homeassistant_entities': out.entities,
  };
}
