/**
 * Counts of drone transmissions for `/metrics`: every one the classifier applied, and those whose
 * Remote ID or DroneID was malformed (what the fuzz tests and a spoofer's garbage show up in).
 */
import type { MetricRegistry } from '@svc/core';

/** The counts, kept by the classifier. */
export class UavCounters {
  transmissions = 0;
  malformed = 0;
}

/** Registers the counters' metrics. */
export function addUavMetrics(metrics: MetricRegistry, counters: UavCounters): void {
  metrics.counter({ name: 'svc_uav_transmissions_total', help: 'drone transmissions (Remote ID, DroneID, manufacturer-rule beacons) applied to drones', collect: (report) => report({}, counters.transmissions) });
  metrics.counter({ name: 'svc_uav_malformed_total', help: 'drone transmissions whose Remote ID or DroneID was malformed', collect: (report) => report({}, counters.malformed) });
}
