/**
 * An example third-party plugin that adds a device view and a route, written only against
 * `@svc/core`'s public API. `watchlist=` lines in svc.conf name devices or address ranges to
 * watch; the `watchlist` view holds every device that matches one, on any PHY, and
 * `/watchlist/watchlist.json` says for each line how many devices matched and when one was last
 * heard. Load it with `plugin=svc-plugin-watchlist` in svc.conf.
 */
import { definePlugin, type Device } from '@svc/core';
import { parseWatchlistEntry, type WatchlistEntry } from './watchlist-entry.js';

/** Package name: the tap name on every hook. */
export const PLUGIN_NAME = 'svc-plugin-watchlist';

/** The view id, as in `/devices/views/watchlist/devices.json`. */
export const WATCHLIST_VIEW = 'watchlist';

/** The watchlist plugin. */
export default definePlugin({
  name: PLUGIN_NAME,
  core: '^0.1.0',
  configKeys: { watchlist: 'a device or range to watch: <MAC>[/<mask>][,<label>] (repeat the line for more)' },
  apply(svc) {
    // A bad line throws here: svc reports the plugin as failed with the reason and runs on without it.
    const entries: WatchlistEntry[] = svc.config.getAll('watchlist').map(parseWatchlistEntry);
    const watched = (device: Device) => entries.some((entry) => entry.matches(device.mac));

    svc.hooks.views.tap(PLUGIN_NAME, (views) =>
      views.add({
        name: WATCHLIST_VIEW,
        description: `devices matching one of the ${entries.length} watchlist entries`,
        includes: watched,
        // A device's MAC never changes, so membership is decided once, when the device appears.
        recheckOnUpdate: false,
      }),
    );

    svc.hooks.fields.tap(PLUGIN_NAME, (fields) => {
      fields.register('watchlist.entry.match', 'string', 'the watched address and mask');
      fields.register('watchlist.entry.label', 'string', 'the name the configuration gave the entry');
      fields.register('watchlist.entry.device_count', 'uint64_t', 'devices matching the entry');
      fields.register('watchlist.entry.last_time', 'uint64_t', 'when a matching device was last heard, Unix seconds (0: never)');
      fields.register('watchlist.entry.devices', 'vector[devicekey]', 'keys of the matching devices');
    });

    svc.hooks.routes.tap(PLUGIN_NAME, (routes) =>
      routes.http({
        methods: ['GET', 'POST'],
        path: '/watchlist/watchlist',
        formats: ['json', 'prettyjson'],
        role: 'readonly',
        description: 'each watchlist entry with the devices that matched it',
        handler: () => {
          const members = svc.deviceViews.get(WATCHLIST_VIEW)?.members ?? [];
          return entries.map((entry) => {
            const matching = members.filter((device) => entry.matches(device.mac));
            return {
              'watchlist.entry.match': entry.match,
              'watchlist.entry.label': entry.label,
              'watchlist.entry.device_count': matching.length,
              'watchlist.entry.last_time': Math.floor(Math.max(0, ...matching.map((device) => device.lastTime))),
              'watchlist.entry.devices': matching.map((device) => device.key),
            };
          });
        },
      }),
    );
  },
});
