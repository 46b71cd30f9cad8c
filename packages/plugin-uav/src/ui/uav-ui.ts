/**
 * The UAV plugin's UI module, built for the browser into `dist/ui/uav.js` and loaded by the web
 * app after login: the Drone panel of a drone's detail, the drone columns and default columns
 * of the device table, and the drone layer of the map.
 */
import type { UiModuleApi } from '@svc/core';
import { registerUavColumns } from './uav-columns.js';
import { registerUavMapLayers } from './uav-map-layers.js';
import { registerUavPanels } from './uav-panels.js';

/** Registers everything the plugin shows in the app. */
export default function registerUavUi(ui: UiModuleApi): void {
  registerUavPanels(ui);
  registerUavColumns(ui);
  registerUavMapLayers(ui);
}
