/**
 * GPS routes and lifecycle, applied as a built-in plugin: `/gps/location` (the best current fix,
 * or a record with fix 0 when there is none, as python-kismet-rest expects), `/gps/all_gps` (every
 * GPS and its state), the `GPS_LOCATION` event once a second, the built-in `virtual` type, and
 * the `gps=` lines opened once the server is ready.
 */
import { describeError } from '../../errors.js';
import { gpsDeviceRecord, GPS_FIELDS, locationRecord } from '../../gps/gps-records.js';
import { virtualGpsType } from '../../gps/virtual-gps.js';
import { MessageFlags } from '../../messages/message-bus.js';
import { definePlugin } from '../../plugin.js';
import type { Service } from '../../service-types.js';
import { TRACKED_FORMATS } from '../route-registry.js';

/** Name of the built-in GPS plugin. */
export const GPS_PLUGIN = '@svc/core:gps';

/** The current location record. */
function currentLocation(svc: Service): Record<string, unknown> {
  const best = svc.gps.best();
  return locationRecord(best?.fix, best !== undefined);
}

/** The GPS plugin. */
export const gpsPlugin = definePlugin({
  name: GPS_PLUGIN,
  apply(svc) {
    let timer: NodeJS.Timeout | undefined;
    svc.hooks.fields.tap(GPS_PLUGIN, (fields) => fields.registerAll(GPS_FIELDS));
    svc.hooks.gpsTypes.tap(GPS_PLUGIN, (types) => types.add(virtualGpsType));
    svc.hooks.eventTopics.tap(GPS_PLUGIN, (topics) =>
      topics.add({ name: 'GPS_LOCATION', description: 'the current GPS location, once a second (location record; fix 0 without GPS)' }),
    );
    svc.hooks.routes.tap(GPS_PLUGIN, (routes) => {
      routes.http({
        methods: ['GET', 'POST'],
        path: '/gps/location',
        formats: TRACKED_FORMATS,
        role: 'readonly',
        description: 'the current GPS location (fix 0 and valid 0 when no GPS has a fix)',
        handler: () => currentLocation(svc),
      });
      routes.http({
        methods: ['GET', 'POST'],
        path: '/gps/all_gps',
        formats: TRACKED_FORMATS,
        role: 'readonly',
        description: 'every configured GPS with its state and last report',
        handler: () => svc.gps.list().map((device, index) => gpsDeviceRecord(device, index, svc.gps.isCurrent(device))),
      });
    });
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
        if (svc.events.hasListeners('GPS_LOCATION')) svc.events.publish('GPS_LOCATION', currentLocation(svc));
      }, 1000);
      timer.unref();
    });
    svc.hooks.shutdown.tapPromise(GPS_PLUGIN, async () => {
      clearInterval(timer);
      await svc.gps.stop();
    });
  },
});
