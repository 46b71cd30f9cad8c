/**
 * The reporters of Wi-Fi scan reports as datasources: each `source_uuid` becomes a `dot11scan`
 * source (the core's `ScanReceiver` creates, renames and reopens it) whose packets are the
 * networks it reports.
 */
import type { DatasourceTypeDefinition } from '@svc/core';

/** Type name of scan-report sources. */
export const SCAN_SOURCE_TYPE = 'dot11scan';

/** The type: sources exist only through scan reports, never opened from a definition. */
export const scanSourceType: DatasourceTypeDefinition = {
  name: SCAN_SOURCE_TYPE,
  description: 'Wi-Fi scan results posted by a phone or microcontroller to /phy/phy80211/scan/scan_report.cmd',
  capabilities: { probe: false, list: false, local: false, remote: true, passive: true, tune: false, hop: false },
  options: {},
};
