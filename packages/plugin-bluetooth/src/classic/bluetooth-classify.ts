/**
 * The `classify` stage for Classic Bluetooth: each BR/EDR device an HCI event, the adapter or a
 * phone's scan reported becomes (or updates) a `Bluetooth` device keyed by its address, typed
 * `BR/EDR` as Kismet types it (or as the scan report words it), named by its extended inquiry
 * response or remote name, and carrying each report's own RSSI as its signal.
 */
import type { Packet, PhyState, Service } from '@svc/core';
import { reportSignal } from '../btle/btle-classify.js';
import type { BluetoothReport } from '../hci/bluetooth-report.js';
import { BluetoothDevice } from './bluetooth-device.js';

/** Device type text of Classic devices, as Kismet writes it. */
export const BR_EDR_DEVICE_TYPE = 'BR/EDR';
/** Kismet's basic type bit of Bluetooth devices (`KIS_DEVICE_BASICTYPE_PEER`). */
const BASIC_TYPE_PEER = 8;

/** Applies Classic reports to the tracker. */
export class BluetoothClassifier {
  constructor(
    private readonly devices: Service['devices'],
    private readonly phy: PhyState,
  ) {}

  /** Updates the device of each BR/EDR report. */
  classifyReports(packet: Packet, reports: readonly BluetoothReport[]): void {
    const signal = packet.signal;
    for (const report of reports) {
      if (report.transport !== 'br_edr') continue;
      packet.signal = reportSignal(report, signal);
      const device = this.devices.touch(packet, this.phy, report.address, true);
      if (device === undefined) continue;
      device.packetsTx++;
      let bluetooth = device.components.bluetooth;
      if (bluetooth === undefined) {
        bluetooth = device.components.bluetooth = new BluetoothDevice();
        device.type = BR_EDR_DEVICE_TYPE;
        device.basicTypeSet |= BASIC_TYPE_PEER;
      }
      // A phone's scan report names the kind of device; Kismet makes it the device's type.
      if (report.deviceType !== undefined) device.type = report.deviceType;
      const name = bluetooth.apply(report);
      if (name !== '' && device.name !== name) device.name = name;
    }
    packet.signal = signal;
  }
}
