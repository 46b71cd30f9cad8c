/**
 * The watchlists as a built-in feature: DEVICEFOUND and DEVICELOST are defined (with Kismet's
 * default rates), the presence watcher raises them from `ready` until `shutdown` with the
 * timeouts from config, and the entry record's fields are registered.
 */
import { definePlugin, type PluginDefinition } from '../plugin.js';
import { DEVICE_FOUND_ALERT, DEVICE_LOST_ALERT, DevicePresence, type PresenceSettings } from './device-presence.js';
import { WATCHLIST_FIELDS } from './watchlist-records.js';

/** Name of the built-in watchlists plugin. */
export const WATCHLISTS_PLUGIN = '@svc/core:watchlists';

/** The watchlists feature, raising DEVICEFOUND / DEVICELOST after the given timeouts. */
export function watchlistsPlugin(settings: PresenceSettings): PluginDefinition {
  return definePlugin({
    name: WATCHLISTS_PLUGIN,
    apply(svc) {
      for (const [name, description] of [
        [DEVICE_FOUND_ALERT, 'A target device has been seen'],
        [DEVICE_LOST_ALERT, 'A target device has timed out'],
      ] as const) {
        // Kismet's defaults for an alert its config files give no rate: 10/min, burst 1/sec.
        svc.alerts.define({ name, class: 'SYSTEM', severity: 15, description, throttle: '10/min', burst: '1/sec' });
      }
      const presence = new DevicePresence(svc.watchlist, svc.devices, svc.alerts, settings);
      svc.hooks.ready.tap(WATCHLISTS_PLUGIN, () => presence.start());
      svc.hooks.shutdown.tap(WATCHLISTS_PLUGIN, () => presence.stop());
      svc.hooks.fields.tap(WATCHLISTS_PLUGIN, (fields) => fields.registerAll(WATCHLIST_FIELDS));
    },
  });
}
