/**
 * The fleet sensor's link on `/metrics`: the connection, the backlog against its bound, messages
 * sent and dropped while NATS was away, connections and failures, so an outage between a sensor
 * and the fleet shows in the operator's own monitoring.
 */
import type { MetricRegistry } from '@svc/core';
import type { FleetLink } from '../link/fleet-link.js';

/** Registers the fleet sensor's metrics, read from the link whenever `/metrics` is read. */
export function addFleetMetrics(metrics: MetricRegistry, link: FleetLink): void {
  const gauge = (name: string, help: string, value: () => number) => metrics.gauge({ name, help, collect: (report) => report({}, value()) });
  const counter = (name: string, help: string, value: () => number) => metrics.counter({ name, help, collect: (report) => report({}, value()) });
  gauge('svc_fleet_connected', '1 while the fleet sensor is connected to NATS', () => (link.connected ? 1 : 0));
  gauge('svc_fleet_backlog_messages', 'messages waiting in the fleet sensor\'s backlog for JetStream', () => link.queued);
  gauge('svc_fleet_backlog_max_messages', "the bound of the fleet sensor's backlog (fleet_backlog_max)", () => link.backlogMax);
  counter('svc_fleet_sent_total', 'messages JetStream acknowledged to the fleet sensor', () => link.sent);
  counter('svc_fleet_dropped_total', "messages the fleet sensor dropped, oldest first, past its backlog's bound", () => link.dropped);
  counter('svc_fleet_connections_total', 'connections the fleet sensor made to NATS', () => link.connections);
  counter('svc_fleet_failures_total', "the fleet sensor's broken connections and failed publications", () => link.failures);
}
