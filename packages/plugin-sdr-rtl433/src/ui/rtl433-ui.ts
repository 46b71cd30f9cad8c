/**
 * The rtl433 plugin's UI module, built for the browser into `dist/ui/rtl433.js` and loaded by
 * the web app after login: the sensor panel of a device's detail, the sensor columns and
 * default columns of the device table, and the sensors layer of the map.
 */
import type { UiModuleApi } from '@svc/core';
import { registerRtl433Columns } from './rtl433-columns.js';
import { registerRtl433MapLayers } from './rtl433-map-layers.js';
import registerRtl433Panels from './rtl433-panels.js';

/** Registers everything the plugin shows in the app. */
export default function registerRtl433Ui(ui: UiModuleApi): void {
  registerRtl433Panels(ui);
  registerRtl433Columns(ui);
  registerRtl433MapLayers(ui);
}
