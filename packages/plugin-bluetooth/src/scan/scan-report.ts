/**
 * Bluetooth scan reports (kismet-reference 14; kismet-docs "PhyBluetooth Scanning-mode
 * Sources"): a phone posts the devices its scans found to `/phy/phybluetooth/scan/scan_report.cmd`
 * as `source_name`, `source_uuid` and `reports`, each entry a `BLUETOOTHSCAN` record
 * (bluetooth-scan-record.ts) with an optional `timestamp` and GPS `lat`, `lon`, `alt`. Each entry
 * becomes a packet carrying the record, which the Bluetooth decoder reads like any other
 * record, so a scanned device is the same device an adapter or a sniffer makes.
 */
import { readScanReport, scanEntryPacket, type Packet, type ScanReport } from '@svc/core';
import { BLUETOOTHSCAN_RECORD_TYPE, readBluetoothScanEntry } from './bluetooth-scan-record.js';

/** Checks a scan report command; `now` (Unix seconds) stamps entries without a timestamp. */
export function readBluetoothScanReport(command: Readonly<Record<string, unknown>>, now: number): ScanReport {
  return readScanReport(command, now, scanPacket);
}

function scanPacket(entry: Readonly<Record<string, unknown>>, now: number): Packet {
  const { rssi } = readBluetoothScanEntry(entry);
  const packet = scanEntryPacket(entry, now, BLUETOOTHSCAN_RECORD_TYPE);
  if (rssi !== undefined) packet.signal = { signalDbm: rssi };
  return packet;
}
