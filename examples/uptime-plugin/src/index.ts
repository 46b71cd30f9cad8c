/**
 * An example third-party plugin, written only against the public API of `@svc/core`. It
 * registers one field, serves it at `/uptime/uptime.json` to readonly logins, and publishes it
 * on the event bus topic `UPTIME` every `uptime_interval` seconds (default 10).
 *
 * Load it with `plugin=svc-plugin-uptime` in svc.conf.
 */
import { definePlugin } from '@svc/core';

/** Package name, used as the tap name on every hook. */
export const PLUGIN_NAME = 'svc-plugin-uptime';

/** The uptime plugin. */
export default definePlugin({
  name: PLUGIN_NAME,
  core: '^0.1.0',
  configKeys: { uptime_interval: 'seconds between UPTIME events (default 10)' },
  apply(svc) {
    const interval = svc.config.getNumber('uptime_interval', 10, { min: 1 });
    const record = () => ({ 'uptime.seconds': Math.floor(Date.now() / 1000 - svc.startTime) });
    let timer: NodeJS.Timeout | undefined;

    svc.hooks.fields.tap(PLUGIN_NAME, (fields) => fields.register('uptime.seconds', 'uint64_t', 'seconds since the server started'));
    svc.hooks.eventTopics.tap(PLUGIN_NAME, (topics) => topics.add({ name: 'UPTIME', description: 'server uptime, periodically' }));
    svc.hooks.routes.tap(PLUGIN_NAME, (routes) =>
      routes.http({
        methods: ['GET'],
        path: '/uptime/uptime',
        formats: ['json', 'prettyjson'],
        role: 'readonly',
        description: 'seconds since the server started',
        handler: record,
      }),
    );
    svc.hooks.ready.tapPromise(PLUGIN_NAME, async () => {
      timer = setInterval(() => svc.events.publish('UPTIME', record()), interval * 1000);
      timer.unref();
    });
    svc.hooks.shutdown.tapPromise(PLUGIN_NAME, async () => clearInterval(timer));
  },
});
