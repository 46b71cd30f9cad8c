/**
 * The 802.11 layers of the web app's map: access points as orange squares, and every other
 * 802.11 device (clients, bridges, ad-hoc stations) as violet dots. Access points come first,
 * since the PHY's view holds them too.
 */
import type { UiModuleApi } from '@svc/core';
import { ACCESS_POINT_VIEW, DOT11_PHY_NAME } from '../dot11-names.js';

/** Adds the access point and client layers. */
export function registerDot11MapLayers(ui: UiModuleApi): void {
  ui.mapLayer({ id: 'dot11-access-points', title: 'Wi-Fi access points', view: ACCESS_POINT_VIEW, colour: '#e8590c', shape: 'square' });
  ui.mapLayer({ id: 'dot11-clients', title: 'Wi-Fi clients', view: `phy-${DOT11_PHY_NAME}`, colour: '#ae3ec9', shape: 'circle' });
}
