/**
 * `/phy/ADSB/map_data` (Kismet's `adsb_map_endp_handler`): what the aircraft map polls. It
 * answers the aircraft heard in the last ten minutes, whole device records, and the box around
 * the last positions of those that have one: `svc.adsb.map.min_lat`, `min_lon`, `max_lat`,
 * `max_lon` (0 while none has a position, as Kismet's) and `svc.adsb.map.devices`. `fields`
 * picks among those keys, as on any record Kismet answers.
 */
import { nowSeconds, TRACKED_FORMATS, type FieldRegistry, type RouteRegistry, type Service, type TrackedDevice } from '@svc/core';
import { ADSB_PHY_NAME } from '../adsb-phy.js';

/** Seconds since it was last heard within which an aircraft is on the map (Kismet's ten minutes). */
export const MAP_RECENT_SECONDS = 600;

const MIN_LAT = 'svc.adsb.map.min_lat';
const MIN_LON = 'svc.adsb.map.min_lon';
const MAX_LAT = 'svc.adsb.map.max_lat';
const MAX_LON = 'svc.adsb.map.max_lon';
const DEVICES = 'svc.adsb.map.devices';

/** Registers the answer's fields. */
export function registerMapDataFields(fields: FieldRegistry): void {
  fields.register(MIN_LAT, 'double', 'ADSB map: southernmost latitude of a recent aircraft (0 when none has a position)');
  fields.register(MIN_LON, 'double', 'ADSB map: westernmost longitude of a recent aircraft (0 when none has a position)');
  fields.register(MAX_LAT, 'double', 'ADSB map: northernmost latitude of a recent aircraft (0 when none has a position)');
  fields.register(MAX_LON, 'double', 'ADSB map: easternmost longitude of a recent aircraft (0 when none has a position)');
  fields.register(DEVICES, 'vector[object]', `ADSB map: the aircraft heard in the last ${MAP_RECENT_SECONDS} seconds (device records)`);
}

/** Adds the route. */
export function addMapDataRoute(routes: RouteRegistry, svc: Service): void {
  routes.http({
    methods: ['GET', 'POST'],
    path: '/phy/ADSB/map_data',
    formats: TRACKED_FORMATS,
    role: 'readonly',
    description: `the aircraft heard in the last ${MAP_RECENT_SECONDS / 60} minutes and the box around their positions, for the aircraft map`,
    handler: () => mapData(svc, nowSeconds()),
  });
}

/** The answer at `now`. */
function mapData(svc: Service, now: number): Record<string, unknown> {
  const aircraft = recentAircraft(svc, now - MAP_RECENT_SECONDS);
  const box = { [MIN_LAT]: 0, [MIN_LON]: 0, [MAX_LAT]: 0, [MAX_LON]: 0 };
  let placed = false;
  for (const device of aircraft) {
    const last = device.location?.last;
    if (last === undefined || last.lat === 0 || last.lon === 0) continue;
    box[MIN_LAT] = placed ? Math.min(box[MIN_LAT], last.lat) : last.lat;
    box[MIN_LON] = placed ? Math.min(box[MIN_LON], last.lon) : last.lon;
    box[MAX_LAT] = placed ? Math.max(box[MAX_LAT], last.lat) : last.lat;
    box[MAX_LON] = placed ? Math.max(box[MAX_LON], last.lon) : last.lon;
    placed = true;
  }
  return { ...box, [DEVICES]: aircraft.map((device) => svc.devices.record(device, now)) };
}

/** The ADSB devices last heard at or after `since`. */
function recentAircraft(svc: Service, since: number): TrackedDevice[] {
  const view = svc.deviceViews.get(`phy-${ADSB_PHY_NAME}`);
  return (view?.members ?? []).filter((device) => device.components.adsb !== undefined && device.lastTime >= since);
}
