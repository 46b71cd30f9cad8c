/**
 * `@svc/plugin-dot11`: IEEE 802.11 support, built only on the public plugin API. For now it
 * registers the `IEEE802.11` PHY, so alerts and (soon) devices can name it; pcap sources,
 * frame parsing and the dot11 device model come with the Wi-Fi capture work.
 */
import { definePlugin } from '@svc/core';

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
  },
});
