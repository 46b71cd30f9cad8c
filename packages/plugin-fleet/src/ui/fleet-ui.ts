/**
 * The fleet plugin's UI module, built for the browser into `dist/ui/fleet.js` and loaded by the
 * web app after login: the fleet block of the system page's integrations (the sensor nodes and
 * their sources), the "Seen by sensors" panel of every device and the "Best sensor" column.
 */
import type { UiModuleApi } from '@svc/core';
import { registerFleetSensorsBlock } from './fleet-sensors-block.js';
import { registerSeenBySensors } from './seen-by-sensors.js';

/** Registers everything the plugin shows in the app. */
export default function registerFleetUi(ui: UiModuleApi): void {
  registerFleetSensorsBlock(ui);
  registerSeenBySensors(ui);
}
