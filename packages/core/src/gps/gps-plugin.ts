/**
 * GPS as a built-in feature: the GPS records' fields, the built-in `virtual`, `gpsd`, `tcp`,
 * `web` and `meta` types, the `gps=` lines opened once the server is ready, and `GPS_LOCATION`, the current
 * location published once a second (while someone listens); every GPS is closed at shutdown.
 */
import { describeError } from '../errors.js';
import { MessageFlags } from '../messages/message-bus.js';
import { definePlugin, type PluginDefinition } from '../plugin.js';
import { currentLocation, GPS_FIELDS } from './gps-records.js';
import { gpsdGpsType } from './gpsd-gps.js';
import { virtualGpsType } from './virtual-gps.js';
import type { PushedGps } from './pushed-gps.js';
import { tcpGpsType } from './tcp-gps.js';

/** Name of the built-in GPS plugin. */
export const GPS_PLUGIN = '@svc/core:gps';

/** The GPS feature; `web` and `meta` are the GPS types the routes post positions to. */
export function gpsPlugin(web: PushedGps, meta: PushedGps): PluginDefinition {
  return definePlugin({
    name: GPS_PLUGIN,
    apply(svc) {
      let timer: NodeJS.Timeout | undefined;
      svc.hooks.fields.tap(GPS_PLUGIN, (fields) => fields.registerAll(GPS_FIELDS));
      svc.hooks.gpsTypes.tap(GPS_PLUGIN, (types) => {
        types.add(virtualGpsType);
        types.add(gpsdGpsType);
        types.add(tcpGpsType);
        types.add(web.type);
        types.add(meta.type);
      });
      svc.hooks.eventTopics.tap(GPS_PLUGIN, (topics) =>
        topics.add({ name: 'GPS_LOCATION', description: 'the current GPS location, once a second (location record; fix 0 without GPS)' }),
      );
      svc.hooks.ready.tapPromise(GPS_PLUGIN, async () => {
        for (const line of svc.config.getAll('gps')) {
          try {
            await svc.gps.add(line);
          } catch (error) {
            svc.messages.post(`gps '${line}' was not added: ${describeError(error)}`, MessageFlags.ERROR);
          }
        }
        timer = setInterval(() => {
          svc.gps.refresh();
          if (svc.events.hasListeners('GPS_LOCATION')) svc.events.publish('GPS_LOCATION', currentLocation(svc.gps));
        }, 1000);
        timer.unref();
      });
      svc.hooks.shutdown.tapPromise(GPS_PLUGIN, async () => {
        clearInterval(timer);
        await svc.gps.stop();
      });
    },
  });
}
