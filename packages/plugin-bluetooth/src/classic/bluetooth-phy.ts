/**
 * The Bluetooth PHY (Classic, BR/EDR), declared in one place: the name Kismet gives it, the
 * `bluetooth.device` sub-record and its fields, the restore of the sub-record, the decoder of
 * HCI frames and adapter records (whose LE reports the BTLE PHY takes), the classifier, the
 * FLIPPERZERO alert (raised for Classic and LE devices: `alerts/bluetooth-alert-catalog.ts`) and
 * the UI module of the web app. The core registers all of it and taps the packet chain on the
 * plugin's behalf.
 */
import { packageFile, type PhyDefinition } from '@svc/core';
import { FLIPPERZERO_DEFINITION } from '../alerts/bluetooth-alert-catalog.js';
import type { BluetoothReports } from '../hci/bluetooth-report.js';
import { BluetoothClassifier } from './bluetooth-classify.js';
import { BLUETOOTH_LINK_TYPES, BLUETOOTH_RECORD_TYPES } from './bluetooth-decoder.js';
import { BLUETOOTH_DEVICE_FIELDS, BluetoothDevice, bluetoothComponentState } from './bluetooth-device.js';

declare module '@svc/core' {
  interface DeviceComponents {
    /** The Classic Bluetooth sub-record (`bluetooth.device`). */
    bluetooth: BluetoothDevice;
  }
  interface PacketAnnotations {
    /** The devices an HCI event or an adapter record reported, from the Bluetooth PHY's decoder. */
    bluetooth: BluetoothReports;
  }
}

/** PHY name of Classic Bluetooth devices, as Kismet spells it. */
export const BLUETOOTH_PHY_NAME = 'Bluetooth';

/** The Bluetooth PHY. */
export const bluetoothPhy: PhyDefinition = {
  name: BLUETOOTH_PHY_NAME,
  description: 'Classic Bluetooth (BR/EDR) devices found by inquiry, from the host adapter, HCI captures and capture tools',
  deviceComponent: { field: 'bluetooth.device', key: 'bluetooth', description: 'Bluetooth device', fields: BLUETOOTH_DEVICE_FIELDS },
  restoreComponent: (record, device) => BluetoothDevice.fromRecord(record, device.name),
  componentState: bluetoothComponentState,
  decoder: {
    module: new URL('./bluetooth-decoder.js', import.meta.url).href,
    exportName: 'decodeBluetoothFrame',
    annotation: 'bluetooth',
    linkTypes: BLUETOOTH_LINK_TYPES,
    recordTypes: BLUETOOTH_RECORD_TYPES,
  },
  classifier: {
    reads: ['bluetooth'],
    create(svc, phy) {
      const classifier = new BluetoothClassifier(svc.devices, phy);
      return (packet) => classifier.classifyReports(packet, packet.annotations.bluetooth!.reports);
    },
  },
  alerts: [FLIPPERZERO_DEFINITION],
  ui: {
    name: 'bluetooth',
    description: "the Bluetooth panel of a Classic device's detail (class of device, services, manufacturer data, RSSI over time), and the Classic columns of the device table",
    file: packageFile(import.meta.url, 'dist/ui/bluetooth.js'),
  },
};
