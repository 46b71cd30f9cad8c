/**
 * GPS routes and lifecycle, applied as a built-in plugin: `/gps/location` (the best current fix,
 * or a record with fix 0 when there is none, as python-kismet-rest expects), `/gps/all_gps` (every
 * GPS and its state), `/gps/web/update` (positions a browser posts to a `gps=web` GPS, as
 * Kismet's gpsweb takes them, role `webgps`), the `GPS_LOCATION` event once a second, the
 * built-in `virtual`, `gpsd` and `web` types, and the `gps=` lines opened once the server is ready.
 */
import { describeError } from '../../errors.js';
import { gpsDeviceRecord, GPS_FIELDS, locationRecord } from '../../gps/gps-records.js';
import { virtualGpsType } from '../../gps/virtual-gps.js';
import { gpsdGpsType } from '../../gps/gpsd-gps.js';
import { createWebGps, readWebPosition } from '../../gps/web-gps.js';
import { SvcError } from '../../errors.js';
import { optionalString } from '../command-input.js';
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
    const web = createWebGps();
    svc.hooks.fields.tap(GPS_PLUGIN, (fields) => fields.registerAll(GPS_FIELDS));
    svc.hooks.gpsTypes.tap(GPS_PLUGIN, (types) => {
      types.add(virtualGpsType);
      types.add(gpsdGpsType);
      types.add(web.type);
    });
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
      routes.http({
        methods: ['POST'],
        path: '/gps/web/update',
        formats: ['cmd'],
        role: 'webgps',
        description: 'a browser posts its position to the gps=web GPS: lat, lon (decimal degrees), optional alt (m), spd (km/h), name (of the web GPS); answers the location record',
        handler: ({ command }) => {
          const fix = web.feed(readWebPosition(command), optionalString(command, 'name'));
          svc.gps.refresh();
          return locationRecord(fix, true);
        },
      });
      routes.websocket({
        path: '/gps/web/update.ws',
        role: 'webgps',
        description: 'the same as /gps/web/update.cmd as JSON messages {lat, lon, alt, spd}; each is answered {"update": "ok"} or {"update": "error", "error": why}',
        connect: (session) => ({
          message(data, isBinary) {
            let reply: Record<string, string>;
            try {
              if (isBinary) throw new SvcError('SVC_ERR_BAD_REQUEST', 'send positions as JSON text messages');
              let message: unknown;
              try {
                message = JSON.parse(String(data));
              } catch {
                throw new SvcError('SVC_ERR_BAD_JSON', 'the message is not JSON');
              }
              if (message === null || typeof message !== 'object' || Array.isArray(message)) throw new SvcError('SVC_ERR_BAD_REQUEST', 'the message must be a JSON object {lat, lon, alt, spd}');
              const command = message as Record<string, unknown>;
              web.feed(readWebPosition(command), optionalString(command, 'name'));
              svc.gps.refresh();
              reply = { update: 'ok' };
            } catch (error) {
              reply = { update: 'error', error: describeError(error) };
            }
            session.send(JSON.stringify(reply));
          },
        }),
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
