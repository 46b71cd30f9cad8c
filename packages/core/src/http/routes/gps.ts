/**
 * GPS routes (Kismet's `gpstracker`, `gpsweb` and `gpsmeta`): the best current fix
 * (`/gps/location`, a record with fix 0 when there is none, as python-kismet-rest expects), the
 * GPS types (`/gps/drivers`), every GPS with its state (`/gps/all_gps`), one GPS's and every GPS's
 * last report (`/gps/by-uuid/{uuid}/location`, `/gps/all_locations`), adding and removing GPSes
 * at run time (admin), and the positions clients post: a browser's to a `gps=web` GPS
 * (`/gps/web/update`) and any client's to a `meta` GPS by name (`/gps/meta/{name}/update`, for
 * the datasources with `metagps=<name>`), each by `.cmd` or websocket, with role `webgps`, and
 * `/gps/track` (where this sensor has been, for the map; svc's own). (The
 * GPS types, `gps=` lines and `GPS_LOCATION` are gps/gps-plugin.ts's.)
 */
import { describeError, SvcError } from '../../errors.js';
import { allGpsLocations, currentLocation, gpsDeviceRecord, gpsLocationRecord, gpsTypeRecord, locationRecord } from '../../gps/gps-records.js';
import type { GpsDevice } from '../../gps/gps-tracker.js';
import { readPostedPosition, type PushedGps } from '../../gps/pushed-gps.js';
import { definePlugin, type PluginDefinition } from '../../plugin.js';
import type { Service } from '../../service-types.js';
import { requireRoom } from '../../util/list-limit.js';
import { optionalNumber, optionalString, requireString } from '../command-input.js';
import { TRACKED_FORMATS, type RouteRegistry, type WebSocketSession } from '../route-registry.js';

/** Name of the built-in GPS routes. */
export const GPS_ROUTES = '@svc/core:gps-routes';

const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;

/** The GPS routes; `web` and `meta` are the GPS types positions are posted to. */
export function gpsRoutes(web: PushedGps, meta: PushedGps): PluginDefinition {
  return definePlugin({
    name: GPS_ROUTES,
    apply(svc) {
      const gpsLimit = { what: 'GPSes (configured ones included)', key: 'gps_max_devices', max: svc.config.getNumber('gps_max_devices', 64, { min: 1, integer: true }) };
      svc.hooks.routes.tap(GPS_ROUTES, (routes) => {
        const read = (path: string, description: string, handler: (params: Readonly<Record<string, string>>) => unknown) =>
          routes.http({ methods: ['GET', 'POST'], path, formats: TRACKED_FORMATS, role: 'readonly', description, handler: ({ params }) => handler(params) });
        read('/gps/location', 'the current GPS location (fix 0 and valid 0 when no GPS has a fix)', () => currentLocation(svc.gps));
        read('/gps/drivers', 'the GPS types a gps= line or add_gps.cmd can name', () => svc.gpsTypes.list().map(gpsTypeRecord));
        read('/gps/all_gps', 'every GPS with its UUID, state and last report', () => svc.gps.list().map((device, index) => gpsDeviceRecord(device, index, svc.gps.isCurrent(device))));
        read('/gps/by-uuid/:uuid/location', "one GPS's last report, with its UUID; 400 for a malformed UUID, 404 for an unknown one", (params) => gpsLocationRecord(svc.gps, requireGps(svc, params.uuid!)));
        read('/gps/all_locations', "every GPS's last report, keyed by GPS UUID", () => allGpsLocations(svc.gps));
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
          path: '/gps/add_gps',
          formats: ['cmd'],
          role: 'admin',
          description: `add a GPS: definition (a gps= line, e.g. tcp:host=192.168.1.20,port=11123); answers its record once it tried to open (a GPS that cannot open stays in error and is retried); 400 for a bad line or type, 409 for a UUID in use, 400 past gps_max_devices`,
          handler: async ({ command }) => {
            const definition = requireString(command, 'definition');
            requireRoom(gpsLimit, svc.gps.list().length, 1);
            const device = await svc.gps.add(definition);
            return gpsDeviceRecord(device, svc.gps.list().indexOf(device), svc.gps.isCurrent(device));
          },
        });
        routes.http({
          methods: ['GET', 'POST'],
          path: '/gps/by-uuid/:uuid/remove_gps',
          formats: ['cmd'],
          role: 'admin',
          description: 'close a GPS and remove it; answers its record as it was',
          handler: async ({ params }) => {
            const device = requireGps(svc, params.uuid!);
            const record = gpsDeviceRecord(device, svc.gps.list().indexOf(device), svc.gps.isCurrent(device));
            await svc.gps.remove(device);
            return record;
          },
        });
        addPostedPositionRoutes(routes, svc, web, '/gps/web/update', 'a browser posts its position to the gps=web GPS: lat, lon (decimal degrees), optional alt (m), spd (km/h), name (of the web GPS)', (command) => optionalString(command, 'name'));
        addPostedPositionRoutes(routes, svc, meta, '/gps/meta/:name/update', 'a client posts a position to the meta GPS of that name, for the datasources with metagps=<name>: lat, lon (decimal degrees), optional alt (m), spd (km/h)', (_command, params) => params.name!);
      });
    },
  });
}

/** The GPS with this UUID: 400 for a malformed UUID, 404 for one no GPS has. */
function requireGps(svc: Service, uuid: string): GpsDevice {
  if (!UUID.test(uuid)) throw new SvcError('SVC_ERR_BAD_REQUEST', `'${uuid}' is not a UUID; /gps/all_gps.json lists the GPSes with theirs`);
  const device = svc.gps.byUuid(uuid);
  if (!device) throw new SvcError('SVC_ERR_NOT_FOUND', `no GPS with UUID ${uuid.toUpperCase()}; /gps/all_gps.json lists them`);
  return device;
}

/**
 * `<path>.cmd` and `<path>.ws` for a GPS type positions are posted to: the command answers the
 * location record as recorded; each websocket message is answered `{"update": "ok"}` or
 * `{"update": "error", "error": why}`, as Kismet answers it (with the reason added).
 */
function addPostedPositionRoutes(
  routes: RouteRegistry,
  svc: Service,
  gps: PushedGps,
  path: string,
  description: string,
  target: (command: Readonly<Record<string, unknown>>, params: Readonly<Record<string, string>>) => string | undefined,
): void {
  const post = (command: Readonly<Record<string, unknown>>, params: Readonly<Record<string, string>>) => {
    const fix = gps.feed(readPostedPosition(command), target(command, params));
    svc.gps.refresh();
    return fix;
  };
  routes.http({
    methods: ['POST'],
    path,
    formats: ['cmd'],
    role: 'webgps',
    description: `${description}; answers the location record. 404 when no such GPS is open, 400 for a position that is not one`,
    handler: ({ command, params }) => locationRecord(post(command, params), true),
  });
  routes.websocket({
    path: `${path}.ws`,
    role: 'webgps',
    description: `the same as ${path}.cmd as JSON messages {lat, lon, alt, spd}; each is answered {"update": "ok"} or {"update": "error", "error": why}`,
    connect: (session: WebSocketSession, { params }) => ({
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
          post(message as Record<string, unknown>, params);
          reply = { update: 'ok' };
        } catch (error) {
          reply = { update: 'error', error: describeError(error) };
        }
        session.send(JSON.stringify(reply));
      },
    }),
  });
}
