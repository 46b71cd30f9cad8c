/**
 * The ADS-B plugin's UI module, built for the browser into `dist/ui/adsb.js` and loaded by the
 * web app after login: the Aircraft panel of an aircraft's detail, the aircraft columns and
 * default columns of the device table, and the aircraft layer of the map.
 */
import type { UiModuleApi } from '@svc/core';
import { registerAdsbColumns } from './adsb-columns.js';
import { registerAdsbMapLayers } from './adsb-map-layers.js';
import registerAdsbPanels from './adsb-panels.js';

/** Registers everything the plugin shows in the app. */
export default function registerAdsbUi(ui: UiModuleApi): void {
  registerAdsbPanels(ui);
  registerAdsbColumns(ui);
  registerAdsbMapLayers(ui);
}
