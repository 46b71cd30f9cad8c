/**
 * The fleet view's part of `/fleet/status.json` (`svc.fleet.view.*`): whether it follows the
 * fleet, how many records it merged or skipped, and how many sensor nodes it has heard of.
 */
import type { FieldDefinition } from '@svc/core';
import type { FleetView } from './fleet-view.js';

/** Fields of the view's status. */
export const VIEW_STATUS_FIELDS: readonly FieldDefinition[] = [
  { name: 'svc.fleet.view.enabled', type: 'uint8_t', description: '1 when this svc is a fleet view (fleet_view, svc start --fleet), else 0' },
  { name: 'svc.fleet.view.servers', type: 'string', description: 'the NATS servers the view reads, comma separated' },
  { name: 'svc.fleet.view.state', type: 'string', description: 'connecting, following (reading the fleet streams) or stopped' },
  { name: 'svc.fleet.view.last_error', type: 'string', description: 'why the last connection attempt failed' },
  { name: 'svc.fleet.view.records', type: 'uint64_t', description: 'device records merged into the tracker' },
  { name: 'svc.fleet.view.skipped', type: 'uint64_t', description: 'device records of a PHY this server lacks, and malformed messages, skipped' },
  { name: 'svc.fleet.view.alerts', type: 'uint64_t', description: "sensors' alerts raised in the view since it started following" },
  { name: 'svc.fleet.view.sensors', type: 'uint64_t', description: 'sensor nodes heard of' },
];

/** The view's status; off when `view` is undefined. */
export function viewStatus(view: FleetView | undefined): Record<string, unknown> {
  if (!view) return { 'svc.fleet.view.enabled': 0 };
  return {
    'svc.fleet.view.enabled': 1,
    'svc.fleet.view.servers': view.settings.servers.join(','),
    'svc.fleet.view.state': view.state,
    'svc.fleet.view.last_error': view.lastError,
    'svc.fleet.view.records': view.merge.records,
    'svc.fleet.view.skipped': view.merge.skipped + view.malformed,
    'svc.fleet.view.alerts': view.alerts.raised,
    'svc.fleet.view.sensors': view.sensors.size,
  };
}
