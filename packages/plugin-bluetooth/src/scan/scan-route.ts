/**
 * `/phy/phybluetooth/scan/scan_report.cmd` (role `scanreport`, as Kismet's): the route phones
 * post Bluetooth scan reports to. The report is checked whole (a bad entry is a 400 naming the
 * entry and the key), its reporter's `bluetoothscan` source is made or renamed, and its entries
 * are queued there; the answer says how many were accepted and under which source.
 */
import { ScanReceiver, type Service } from '@svc/core';
import { readBluetoothScanReport } from './scan-report.js';
import { BLUETOOTH_SCAN_SOURCE_TYPE } from './scan-source.js';

/** Field of the answer: entries accepted. */
const ACCEPTED_FIELD = 'bluetooth.scanreport.accepted';
/** Field of the answer: the reporter's source. */
const SOURCE_FIELD = 'bluetooth.scanreport.source_uuid';

/** Registers the answer's fields and the route. */
export function addBluetoothScanRoute(svc: Service, pluginName: string): void {
  const scans = new ScanReceiver(svc, BLUETOOTH_SCAN_SOURCE_TYPE);
  svc.hooks.fields.tap(pluginName, (fields) => {
    fields.register(ACCEPTED_FIELD, 'uint64_t', 'devices accepted from a Bluetooth scan report');
    fields.register(SOURCE_FIELD, 'uuid', 'UUID of the datasource the report was filed under');
  });
  svc.hooks.routes.tap(pluginName, (routes) =>
    routes.http({
      methods: ['POST'],
      path: '/phy/phybluetooth/scan/scan_report',
      formats: ['cmd'],
      role: 'scanreport',
      description:
        'Bluetooth scan results from a device that cannot capture: source_name, source_uuid, reports [{btaddr, name, devicetype, txpowerlevel, pathloss, signal, scan_data, service_data, timestamp, lat, lon, alt}]',
      handler: async ({ command }) => {
        const report = readBluetoothScanReport(command, Date.now() / 1000);
        const uuid = await scans.receive(report);
        return { [ACCEPTED_FIELD]: report.packets.length, [SOURCE_FIELD]: uuid };
      },
    }),
  );
}
