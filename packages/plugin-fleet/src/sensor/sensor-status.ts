/**
 * A sensor's status as a record (`svc.fleet.*`): published to its status subject every
 * `fleet_status_interval` seconds, served at `/fleet/status.json`, and listed by the fleet view.
 * It says who the sensor is, how its link is, and what the link lost: the backlog against its
 * bound and the messages dropped past it.
 */
import type { FieldDefinition } from '@svc/core';
import type { FleetSensor } from './fleet-sensor.js';

/** Fields of the status record. */
export const SENSOR_STATUS_FIELDS: readonly FieldDefinition[] = [
  { name: 'svc.fleet.enabled', type: 'uint8_t', description: '1 when this svc publishes to the fleet (fleet_publish), else 0' },
  { name: 'svc.fleet.site', type: 'string', description: 'the site of this sensor (fleet_site)' },
  { name: 'svc.fleet.node', type: 'string', description: 'the name of this sensor node (fleet_node)' },
  { name: 'svc.fleet.uuid', type: 'uuid', description: 'the sensor\'s server UUID, which the fleet view\'s seen-by entries name it by' },
  { name: 'svc.fleet.control_subject', type: 'string', description: 'the subject the sensor takes the centre\'s commands on; empty when fleet_control is off' },
  { name: 'svc.fleet.servers', type: 'string', description: 'the NATS servers, comma separated' },
  { name: 'svc.fleet.server', type: 'string', description: 'the server of the current connection (host:port), empty when not connected' },
  { name: 'svc.fleet.state', type: 'string', description: 'off, connecting, connected, disconnected (reconnecting) or stopped' },
  { name: 'svc.fleet.connected_since', type: 'double', description: 'Unix seconds the connection was made, 0 when not connected' },
  { name: 'svc.fleet.connections', type: 'uint64_t', description: 'connections made (more than one: the link came back after a break)' },
  { name: 'svc.fleet.failures', type: 'uint64_t', description: 'broken connections and failed publications' },
  { name: 'svc.fleet.last_error', type: 'string', description: 'why the last publication failed or the connection broke' },
  { name: 'svc.fleet.queued', type: 'uint64_t', description: 'messages waiting in the backlog' },
  { name: 'svc.fleet.in_flight', type: 'uint64_t', description: 'messages out with JetStream, not yet acknowledged (at most 256)' },
  { name: 'svc.fleet.queue_max', type: 'uint64_t', description: 'messages kept at most (fleet_backlog_max)' },
  { name: 'svc.fleet.dropped', type: 'uint64_t', description: 'messages dropped, oldest first, because the backlog was full' },
  { name: 'svc.fleet.sent', type: 'uint64_t', description: 'messages JetStream acknowledged' },
  { name: 'svc.fleet.duplicates', type: 'uint64_t', description: 'of those, resends JetStream had already stored (counted once)' },
  { name: 'svc.fleet.devices_pending', type: 'uint64_t', description: 'changed devices waiting to be published' },
  { name: 'svc.fleet.devices_sent', type: 'uint64_t', description: 'device records published' },
  { name: 'svc.fleet.devices', type: 'uint64_t', description: 'devices this sensor tracks' },
  { name: 'svc.fleet.sources', type: 'uint64_t', description: 'datasources this sensor has' },
  { name: 'svc.fleet.time', type: 'double', description: 'Unix seconds the status was made' },
];

/** The status record; the fleet's sensor side off when `sensor` is undefined. */
export function sensorStatus(sensor: FleetSensor | undefined): Record<string, unknown> {
  if (!sensor) return { 'svc.fleet.enabled': 0, 'svc.fleet.state': 'off' };
  const { link, identity } = sensor;
  return {
    'svc.fleet.enabled': 1,
    'svc.fleet.site': identity.site,
    'svc.fleet.node': identity.node,
    'svc.fleet.uuid': identity.uuid,
    'svc.fleet.control_subject': sensor.settings.controlSubject ?? '',
    'svc.fleet.servers': link.options.servers.join(','),
    'svc.fleet.server': link.server,
    'svc.fleet.state': link.state,
    'svc.fleet.connected_since': link.connectedSince,
    'svc.fleet.connections': link.connections,
    'svc.fleet.failures': link.failures,
    'svc.fleet.last_error': link.lastError,
    'svc.fleet.queued': link.queued,
    'svc.fleet.in_flight': link.inFlight,
    'svc.fleet.queue_max': link.backlogMax,
    'svc.fleet.dropped': link.dropped,
    'svc.fleet.sent': link.sent,
    'svc.fleet.duplicates': link.duplicates,
    'svc.fleet.devices_pending': sensor.devicesPending,
    'svc.fleet.devices_sent': sensor.devicesSent,
    'svc.fleet.devices': sensor.devicesTracked,
    'svc.fleet.sources': sensor.sources,
    'svc.fleet.time': Date.now() / 1000,
  };
}
