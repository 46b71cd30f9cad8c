/**
 * The Bluetooth plugin's UI module for LE devices, built for the browser into
 * `dist/ui/btle.js` and loaded by the web app after login: the Bluetooth LE panel of a
 * device's detail, the Bluetooth LE columns and default columns of the device table, and the
 * Bluetooth LE layer of the map.
 */
import type { UiModuleApi } from '@svc/core';
import { registerBtleMapLayer } from './bluetooth-map-layers.js';
import { registerBtleColumns } from './btle-columns.js';
import registerBtlePanels from './btle-panels.js';

/** Registers everything the plugin shows in the app. */
export default function registerBtleUi(ui: UiModuleApi): void {
  registerBtlePanels(ui);
  registerBtleColumns(ui);
  registerBtleMapLayer(ui);
}
