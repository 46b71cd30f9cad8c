/**
 * The Bluetooth plugin's UI module for Classic devices, built for the browser into
 * `dist/ui/bluetooth.js` and loaded by the web app after login: the Bluetooth panel of a
 * Classic device's detail, the Classic columns and default columns of the device table, and
 * the Classic layer of the map.
 */
import type { UiModuleApi } from '@svc/core';
import { registerBluetoothColumns } from './bluetooth-columns.js';
import { registerBluetoothMapLayer } from './bluetooth-map-layers.js';
import registerBluetoothPanels from './bluetooth-panels.js';

/** Registers everything the plugin shows of Classic devices in the app. */
export default function registerBluetoothUi(ui: UiModuleApi): void {
  registerBluetoothPanels(ui);
  registerBluetoothColumns(ui);
  registerBluetoothMapLayer(ui);
}
