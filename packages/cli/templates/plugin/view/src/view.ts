/**
 * The `{{name}}-busy` view: devices of any PHY that have sent at least a configured number of
 * packets. A view is a predicate: svc asks it when a device appears and, with
 * `recheckOnUpdate`, each time the device changes; svc keeps the membership and serves it
 * (`/devices/views/{{name}}-busy/devices.json`, the paged and sorted endpoints, `all_views.json`).
 */
import type { ViewDefinition } from '@svc/core';

/** The view id, as in `/devices/views/{{name}}-busy/...`. */
export const BUSY_VIEW = '{{name}}-busy';

/** The svc.conf key that sets how many packets make a device busy. */
export const BUSY_PACKETS_KEY = '{{fieldPrefix}}_busy_packets';

/** The view for a threshold of `minimumPackets`. */
export function busyView(minimumPackets: number): ViewDefinition {
  return {
    name: BUSY_VIEW,
    description: `devices that sent at least ${minimumPackets} packets`,
    includes: (device) => device.packetsTotal >= minimumPackets,
    // Membership changes as packets arrive, so svc must ask again on every update.
    recheckOnUpdate: true,
  };
}
