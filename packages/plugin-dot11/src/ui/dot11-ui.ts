/**
 * The 802.11 plugin's UI module, built for the browser into `dist/ui/dot11.js` and loaded by
 * the web app after login: the Wi-Fi panels of a device's detail, the default columns of the
 * 802.11 views, and the access point and client layers of the map.
 */
import type { UiModuleApi } from '@svc/core';
import { registerDot11Columns } from './dot11-columns.js';
import { registerDot11MapLayers } from './dot11-map-layers.js';
import registerDot11Panels from './dot11-panels.js';

/** Registers everything the plugin shows in the app. */
export default function registerDot11Ui(ui: UiModuleApi): void {
  registerDot11Panels(ui);
  registerDot11Columns(ui);
  registerDot11MapLayers(ui);
}
