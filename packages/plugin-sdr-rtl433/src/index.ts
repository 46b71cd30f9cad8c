/**
 * `@svc/plugin-sdr-rtl433`: sensors heard by an RTL-SDR through `rtl_433`, built only on the
 * public plugin API. For now it registers the `RTL433` PHY; the `rtl433` datasource type and
 * the sensor device model come with the RTL-SDR work.
 */
import { definePlugin } from '@svc/core';

/** Package name, used as the tap name on every hook. */
export const PLUGIN_NAME = '@svc/plugin-sdr-rtl433';

/** PHY name of rtl_433 sensors, as Kismet spells it. */
export const RTL433_PHY_NAME = 'RTL433';

/** The rtl_433 plugin. */
export default definePlugin({
  name: PLUGIN_NAME,
  core: '^0.1.0',
  apply(svc) {
    svc.hooks.phys.tap(PLUGIN_NAME, (phys) => phys.add({ name: RTL433_PHY_NAME, description: 'sensors decoded by rtl_433' }));
  },
});
