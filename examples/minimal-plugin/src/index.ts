/**
 * svc-plugin-minimal: an svc plugin. svc loads the default export, checks `core` against the
 * running @svc/core, then calls `apply`, where the plugin taps the hooks it needs. Everything
 * it adds is owned by PLUGIN_NAME, so svc can report it (`svc start --plugins`) and withdraw it
 * if the plugin fails.
 */
import { definePlugin, packageFile } from '@svc/core';
import { datasourceType } from './datasource.js';
import { classifyReport, phyDefinition } from './phy.js';
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
    svc.hooks.phys.tap(PLUGIN_NAME, (phys) => phys.add(phyDefinition));
    svc.hooks.packet.for('classify').tap(PLUGIN_NAME, (packet) => classifyReport(svc, packet));
    // The device panel for the web app, built by `npm run build` into dist/ui (see src/ui/panel.ts).
    svc.hooks.uiModules.tap(PLUGIN_NAME, (modules) =>
      modules.add({ name: 'minimal', description: 'the Minimal panel of a device', file: packageFile(import.meta.url, 'dist/ui/minimal.js') }),
    );
    const busyPackets = svc.config.getNumber(BUSY_PACKETS_KEY, 100, { min: 1, integer: true });
    svc.hooks.views.tap(PLUGIN_NAME, (views) => views.add(busyView(busyPackets)));
  },
});
