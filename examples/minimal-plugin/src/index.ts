/**
 * svc-plugin-minimal: an svc plugin. svc loads the default export, checks `core` against the
 * running @svc/core, then calls `apply`, where the plugin taps the hooks it needs. Everything
 * it adds is owned by PLUGIN_NAME, so svc can report it (`svc start --plugins`) and withdraw it
 * if the plugin fails.
 */
import { definePlugin } from '@svc/core';
import { datasourceType } from './datasource.js';
import { phyDefinition } from './phy.js';
import { busyView, BUSY_PACKETS_KEY } from './view.js';

/** The package name: the tap name on every hook and the owner of what the plugin adds. */
export const PLUGIN_NAME = 'svc-plugin-minimal';

/** The plugin. */
export default definePlugin({
  name: PLUGIN_NAME,
  core: '^0.1.0',
  configKeys: { [BUSY_PACKETS_KEY]: 'packets a device must send to be in the minimal-busy view (default 100)' },
  apply(svc) {
    svc.hooks.datasourceTypes.tap(PLUGIN_NAME, (types) => types.add(datasourceType));
    // Everything of the PHY (decoder, classifier, fields, panel) is declared in phy.ts.
    svc.hooks.phys.tap(PLUGIN_NAME, (phys) => phys.add(phyDefinition));
    const busyPackets = svc.config.getNumber(BUSY_PACKETS_KEY, 100, { min: 1, integer: true });
    svc.hooks.views.tap(PLUGIN_NAME, (views) => views.add(busyView(busyPackets)));
  },
});
