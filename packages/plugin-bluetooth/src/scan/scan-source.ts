/**
 * The reporters of Bluetooth scan reports as datasources: each `source_uuid` becomes a
 * `bluetoothscan` source (the core's `ScanReceiver` creates, renames and reopens it) whose
 * packets are the devices it reports, as Kismet makes a "Bluetooth/BTLE Scan" virtual source.
 */
import type { DatasourceTypeDefinition } from '@svc/core';

/** Type name of Bluetooth scan-report sources. */
export const BLUETOOTH_SCAN_SOURCE_TYPE = 'bluetoothscan';

/** The type: sources exist only through scan reports, never opened from a definition. */
export const bluetoothScanSourceType: DatasourceTypeDefinition = {
  name: BLUETOOTH_SCAN_SOURCE_TYPE,
  description: 'Bluetooth and BLE scan results posted by a phone or microcontroller to /phy/phybluetooth/scan/scan_report.cmd',
  capabilities: { probe: false, list: false, local: false, remote: true, passive: true, tune: false, hop: false },
  options: {},
};
