/**
 * The server's own records as a built-in feature: the fields of the status record, of the route
 * table (what each route answers and who contributed it) and of the plugin list, and the
 * sampling of the status record's memory and device-count histories.
 */
import { definePlugin } from '../plugin.js';
import { nowSeconds } from '../time/timestamp.js';
import { PLUGIN_LIST_FIELDS } from './plugin-list.js';
import { STATUS_FIELDS } from './status.js';

/** Name of the built-in system plugin. */
export const SYSTEM_PLUGIN = '@svc/core:system';

/** Registers the status, route and plugin fields, and samples the status histories each second while the server runs. */
export const systemPlugin = definePlugin({
  name: SYSTEM_PLUGIN,
  apply(svc) {
    const sample = () => svc.systemHistory.sample(nowSeconds(), Math.round(process.memoryUsage.rss() / 1024), svc.devices.size);
    let sampler: NodeJS.Timeout | undefined;
    svc.hooks.ready.tapPromise(SYSTEM_PLUGIN, async () => {
      sample();
      sampler = setInterval(sample, 1000);
      sampler.unref();
    });
    svc.hooks.shutdown.tapPromise(SYSTEM_PLUGIN, async () => clearInterval(sampler));
    svc.hooks.fields.tap(SYSTEM_PLUGIN, (fields) => {
      fields.registerAll(STATUS_FIELDS);
      fields.register('svc.route.methods', 'vector[string]', 'HTTP methods a route accepts (WS for websockets)');
      fields.register('svc.route.path', 'string', 'route path pattern; :name marks a path parameter');
      fields.register('svc.route.urls', 'vector[string]', 'URL paths the route answers, one per format');
      fields.register('svc.route.role', 'string', 'role a login needs for the route (admin passes every route)');
      fields.register('svc.route.description', 'string', 'what the route does');
      fields.register('svc.route.plugin', 'string', 'plugin that contributed the route');
      fields.register('svc.plugin.name', 'string', 'plugin package name');
      fields.register('svc.plugin.state', 'string', 'applied or failed');
      fields.register('svc.plugin.error', 'string', 'why the plugin failed, empty when applied');
      fields.register('svc.plugin.contributions', 'map[string,vector[string]]', 'what the plugin contributed, by registry (fields, routes, views...)');
      fields.registerAll(PLUGIN_LIST_FIELDS);
    });
  },
});
