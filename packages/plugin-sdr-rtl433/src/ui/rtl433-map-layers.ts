/**
 * The sensors layer of the web app's map: rtl_433 sensors (weather stations, tyre pressure
 * sensors, meters) as green diamonds.
 */
import type { UiModuleApi } from '@svc/core';

/** Adds the sensors layer. */
export function registerRtl433MapLayers(ui: UiModuleApi): void {
  ui.mapLayer({ id: 'rtl433-sensors', title: 'Sensors (rtl_433)', view: 'phy-RFSENSOR', colour: '#2f9e44', shape: 'diamond' });
}
