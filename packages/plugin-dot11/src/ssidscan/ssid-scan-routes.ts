/**
 * Kismet's SSID scan routes: `/phy/phy80211/ssidscan/status` (readonly) serves the settings,
 * `/phy/phy80211/ssidscan/config.cmd` (admin) changes them and answers them as they now are.
 */
import { TRACKED_FORMATS, type RouteRegistry } from '@svc/core';
import type { SsidScan } from './ssid-scan.js';

/** Adds the SSID scan routes. */
export function addSsidScanRoutes(routes: RouteRegistry, scan: SsidScan): void {
  routes.http({
    methods: ['GET', 'POST'],
    path: '/phy/phy80211/ssidscan/status',
    formats: TRACKED_FORMATS,
    role: 'readonly',
    description: "the SSID scan settings (Kismet's; kept, not acted on, as in Kismet): enabled, targets, datasource pools, scan and capture times, log filtering",
    handler: () => scan.record(),
  });
  routes.http({
    methods: ['POST'],
    path: '/phy/phy80211/ssidscan/config',
    formats: ['cmd'],
    role: 'admin',
    description: 'change the SSID scan settings: ssidscan_enabled, ignore_after_handshake, restrict_log_filters (true or false), max_capture_seconds, min_scan_seconds, locking_datasources, hopping_datasources (UUID lists); a bad value is a 400 and changes nothing',
    handler: ({ command }) => {
      scan.configure(command);
      return scan.record();
    },
  });
}
