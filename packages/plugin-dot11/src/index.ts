/**
 * `@svc/plugin-dot11`: IEEE 802.11 support, built only on the public plugin API. It registers
 * the `IEEE802.11` PHY and the `pcapfile` datasource type; frame parsing and the dot11 device
 * model come next.
 */
import { definePlugin } from '@svc/core';
import { pcapfileType } from './datasources/pcapfile.js';

/** Package name, used as the tap name on every hook. */
export const PLUGIN_NAME = '@svc/plugin-dot11';

/** PHY name of 802.11 devices, as Kismet and its clients spell it. */
export const DOT11_PHY_NAME = 'IEEE802.11';

/** The 802.11 plugin. */
export default definePlugin({
  name: PLUGIN_NAME,
  core: '^0.1.0',
  apply(svc) {
    svc.hooks.phys.tap(PLUGIN_NAME, (phys) => phys.add({ name: DOT11_PHY_NAME, description: 'IEEE 802.11 Wi-Fi' }));
    svc.hooks.datasourceTypes.tap(PLUGIN_NAME, (types) => types.add(pcapfileType));
  },
});
