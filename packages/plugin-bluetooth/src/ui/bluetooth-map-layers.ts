/**
 * The Bluetooth layers of the web app's map, one per UI module: Bluetooth LE devices as blue
 * dots, Classic devices as teal ones.
 */
import type { UiModuleApi } from '@svc/core';

/** Adds the Bluetooth LE layer. */
export function registerBtleMapLayer(ui: UiModuleApi): void {
  ui.mapLayer({ id: 'btle-devices', title: 'Bluetooth LE devices', view: 'phy-BTLE', colour: '#1c7ed6', shape: 'circle' });
}

/** Adds the Bluetooth Classic layer. */
export function registerBluetoothMapLayer(ui: UiModuleApi): void {
  ui.mapLayer({ id: 'bluetooth-devices', title: 'Bluetooth Classic devices', view: 'phy-Bluetooth', colour: '#0c8599', shape: 'circle' });
}
