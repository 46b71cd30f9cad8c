/**
 * GPS routes: `/gps/location` (the best current fix, or a record with fix 0 when there is none,
 * as python-kismet-rest expects), `/gps/all_gps` (every GPS and its state), and `/gps/web/update`
 * (positions a browser posts to a `gps=web` GPS, as Kismet's gpsweb takes them, role `webgps`),
 * and `/gps/track` (where this sensor has been, for the map; svc's own).
 * (The GPS types, `gps=` lines and `GPS_LOCATION` are gps/gps-plugin.ts's.)
 */
import { describeError } from '../../errors.js';
import { currentLocation, gpsDeviceRecord, locationRecord } from '../../gps/gps-records.js';
import { readWebPosition, type WebGps } from '../../gps/web-gps.js';
import { SvcError } from '../../errors.js';
import { optionalNumber, optionalString } from '../command-input.js';
import { definePlugin, type PluginDefinition } from '../../plugin.js';
import { TRACKED_FORMATS } from '../route-registry.js';

/** Name of the built-in GPS routes. */
export const GPS_ROUTES = '@svc/core:gps-routes';

/** The GPS routes; `web` is the `web` GPS type positions are posted to. */
export function gpsRoutes(web: WebGps): PluginDefinition {
  return definePlugin({
    name: GPS_ROUTES,
    apply(svc) {
      svc.hooks.routes.tap(GPS_ROUTES, (routes) => {
        routes.http({
          methods: ['GET', 'POST'],
          path: '/gps/location',
          formats: TRACKED_FORMATS,
          role: 'readonly',
          description: 'the current GPS location (fix 0 and valid 0 when no GPS has a fix)',
          handler: () => currentLocation(svc.gps),
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
          methods: ['GET', 'POST'],
          path: '/gps/track',
          formats: TRACKED_FORMATS,
          role: 'readonly',
          description: "this sensor's track from the best GPS: [unix time, lat, lon, alt m] per point, oldest first; since (Unix seconds) for the points after it",
          handler: ({ command, vars }) => {
            const since = optionalNumber({ ...vars, ...command }, 'since');
            return { 'svc.gps.track': svc.gps.track.points(since) };
          },
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
    },
  });
}
