/**
 * Sinks and sink types as records (`svc.alert.sink.*`), for `/alerts/sinks.json`, the web
 * app's integrations panel and anything that reads their counters.
 */
import type { FieldDefinition } from '../../fields/field-registry.js';
import { GENERIC_SINK_OPTIONS } from './alert-sink-definition.js';
import type { AlertSinkTypeDefinition } from './alert-sink-type.js';
import type { AlertSinkRunner } from './alert-sinks.js';

/** Fields of a sink record and a sink type record. */
export const ALERT_SINK_FIELDS: readonly FieldDefinition[] = [
  { name: 'svc.alert.sink.name', type: 'string', description: 'name of the alert sink (name= of its alert_sink line)' },
  { name: 'svc.alert.sink.type', type: 'string', description: 'sink type: webhook, syslog, mqtt, ...' },
  { name: 'svc.alert.sink.target', type: 'string', description: 'where it delivers (scheme, host and port; never credentials or a URL path)' },
  { name: 'svc.alert.sink.state', type: 'string', description: 'idle, delivering, retrying (waiting to try again) or failing (the last alert could not be delivered)' },
  { name: 'svc.alert.sink.sent', type: 'uint64_t', description: 'alerts delivered' },
  { name: 'svc.alert.sink.failed', type: 'uint64_t', description: 'alerts given up on after every retry' },
  { name: 'svc.alert.sink.dropped', type: 'uint64_t', description: 'alerts dropped because the sink queue was full' },
  { name: 'svc.alert.sink.failed_attempts', type: 'uint64_t', description: 'delivery attempts that failed, retried or not' },
  { name: 'svc.alert.sink.queued', type: 'uint64_t', description: 'alerts waiting for delivery' },
  { name: 'svc.alert.sink.last_error', type: 'string', description: 'why the last failed attempt failed; empty when none did' },
  { name: 'svc.alert.sink.last_sent_time', type: 'double', description: 'Unix seconds of the last delivery, 0 if none' },
  { name: 'svc.alert.sink.last_error_time', type: 'double', description: 'Unix seconds of the last failed attempt, 0 if none' },
  { name: 'svc.alert.sink.headers', type: 'vector[string]', description: 'alert names delivered; empty for every alert' },
  { name: 'svc.alert.sink.min_severity', type: 'uint8_t', description: 'lowest severity delivered' },
  { name: 'svc.alert.sink_type.name', type: 'string', description: 'alert sink type name (before the : of an alert_sink line)' },
  { name: 'svc.alert.sink_type.description', type: 'string', description: 'what the sink type does' },
  { name: 'svc.alert.sink_type.options', type: 'map[string,string]', description: 'options an alert_sink line of this type takes, with what each means' },
];

/** One sink's record. */
export function alertSinkRecord(runner: AlertSinkRunner): Record<string, unknown> {
  return {
    'svc.alert.sink.name': runner.name,
    'svc.alert.sink.type': runner.type,
    'svc.alert.sink.target': runner.sink.target,
    'svc.alert.sink.state': runner.state,
    'svc.alert.sink.sent': runner.sent,
    'svc.alert.sink.failed': runner.failed,
    'svc.alert.sink.dropped': runner.dropped,
    'svc.alert.sink.failed_attempts': runner.failedAttempts,
    'svc.alert.sink.queued': runner.queued,
    'svc.alert.sink.last_error': runner.lastError,
    'svc.alert.sink.last_sent_time': runner.lastSentTime,
    'svc.alert.sink.last_error_time': runner.lastErrorTime,
    'svc.alert.sink.headers': [...runner.filter.headers],
    'svc.alert.sink.min_severity': runner.filter.minSeverity,
  };
}

/** One sink type's record, its options with the generic ones. */
export function alertSinkTypeRecord(type: AlertSinkTypeDefinition): Record<string, unknown> {
  return {
    'svc.alert.sink_type.name': type.name,
    'svc.alert.sink_type.description': type.description,
    'svc.alert.sink_type.options': { ...type.options, ...GENERIC_SINK_OPTIONS },
  };
}
