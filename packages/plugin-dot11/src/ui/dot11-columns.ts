/**
 * The device table of the web app for 802.11 devices: the views of the PHY (the core's
 * `phy-IEEE802.11` and the access points) show the encryption by default, besides what every
 * view shows.
 */
import type { UiModuleApi } from '@svc/core';
import { ACCESS_POINT_VIEW, DOT11_PHY_NAME } from '../dot11-names.js';

/** Sets the default columns of the 802.11 views. */
export function registerDot11Columns(ui: UiModuleApi): void {
  ui.deviceColumns({
    views: [`phy-${DOT11_PHY_NAME}`, ACCESS_POINT_VIEW],
    defaults: ['name', 'type', 'mac', 'manuf', 'channel', 'signal', 'crypt', 'packets', 'seen'],
  });
}
