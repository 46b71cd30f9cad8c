/**
 * The Drone panel of a UAV device's detail in the web app (a UI module, built for the browser
 * into `dist/ui/uav.js`): its IDs (what it is keyed by, serial, registration, UTM and session
 * IDs), UA type, manufacturer and how it was recognised; the live position with altitudes,
 * height, speed, heading and status, an emergency marked; the operator (ID, position, where the
 * position comes from) and the take-off point; the Self-ID; the area of operation; the
 * transmitters it was heard from, each a link to its Wi-Fi or BTLE device; the messages heard;
 * and the last points of its track.
 */
import type { UiDevice, UiModuleApi } from '@svc/core';
import { LOCATION_STATUS_NAMES, UA_TYPE_NAMES } from '../remoteid/odid-message.js';

/** A sub-record as the REST API serves it. */
type Entry = Readonly<Record<string, unknown>>;

/** Track points listed in the panel's table, newest first. */
export const TRACK_ROWS = 10;
/** Location status of a drone in an emergency. */
const STATUS_EMERGENCY = 3;
/** What each kind of ID is, in words. */
const ID_KINDS: Readonly<Record<string, string>> = {
  serial: 'serial number',
  registration: 'CAA registration',
  utm: 'UTM ID',
  session: 'session ID',
  undeclared: 'ID (type undeclared)',
  dji: 'DJI serial',
  mac: 'transmitter address (no ID heard yet)',
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const number = (value: unknown): number => (typeof value === 'number' ? value : 0);
/** A value with its unit, '' when it is 0 (what the record holds for "not known"). */
const measure = (value: number, unit: string, digits = 1): string => (value ? `${value.toFixed(digits)} ${unit}` : '');
const degrees = (value: number): string => value.toFixed(7);

/** A location point's latitude and longitude as text, '' when it is not there. */
function place(point: unknown): string {
  const geopoint = (point as Entry | undefined)?.['svc.common.location.geopoint'];
  return Array.isArray(geopoint) && geopoint.length === 2 ? `${degrees(number(geopoint[1]))}, ${degrees(number(geopoint[0]))}` : '';
}

/** The track as the record serves it: [unix time, lat, lon, altitude m] points, oldest first. */
function trackOf(uav: Entry): number[][] {
  const track = Array.isArray(uav['uav.device.track']) ? (uav['uav.device.track'] as unknown[]) : [];
  return track.filter((point): point is number[] => Array.isArray(point) && point.length === 4);
}

/** Registers the Drone panel with the app. */
export function registerUavPanels(ui: UiModuleApi): void {
  const { h, Fragment } = ui;
  const { KeyValues, Table, State, Time, DeviceLink } = ui.components;
  ui.devicePanel({
    phy: 'UAV',
    title: 'Drone',
    render: ({ device }: { device: UiDevice }) => {
      const uav = (device['uav.device'] ?? {}) as Entry;
      const status = number(uav['uav.device.status']);
      const lat = number(uav['uav.device.lat']);
      const lon = number(uav['uav.device.lon']);
      const positioned = number(uav['uav.device.position_time']) > 0;
      const area = (uav['uav.device.area'] ?? {}) as Entry;
      const statusName = positioned ? (LOCATION_STATUS_NAMES[status] ?? `status ${status}`) : '';
      const related = (device['svc.device.base.related_devices'] ?? {}) as Entry;
      const transmitterKeys = Array.isArray(related['uav_transmitter']) ? (related['uav_transmitter'] as string[]) : [];
      const track = trackOf(uav);
      const matched = (uav['uav.type'] ?? {}) as Entry;
      return h(
        'div',
        { 'data-panel': 'uav' },
        h(KeyValues, {
          rows: [
            ['Drone ID', `${text(uav['uav.device.id'])} (${ID_KINDS[text(uav['uav.device.id_kind'])] ?? ''})`],
            ['Serial number', text(uav['uav.serialnumber'])],
            ['Registration', text(uav['uav.device.registration_id'])],
            ['UTM ID', text(uav['uav.device.utm_id'])],
            ['Session ID', text(uav['uav.device.session_id'])],
            ['UA type', number(uav['uav.device.ua_type']) ? (UA_TYPE_NAMES[number(uav['uav.device.ua_type'])] ?? '') : ''],
            ['Manufacturer', [text(uav['uav.manufacturer']), text(uav['uav.model'])].filter(Boolean).join(' ')],
            ['Recognised by', text(matched['uav.manufmatch.match_name']) ? `${text(uav['uav.match_type'])} (rule ${text(matched['uav.manufmatch.match_name'])})` : text(uav['uav.match_type'])],
            ['Status', status === STATUS_EMERGENCY ? h(State, { state: statusName, tone: 'bad', testid: 'uav-emergency' }) : statusName],
            ['Position', positioned ? `${degrees(lat)}, ${degrees(lon)}` : ''],
            ['Position heard', positioned ? h(Time, { seconds: number(uav['uav.device.position_time']) }) : ''],
            ['Altitude', measure(number(uav['uav.device.altitude']), 'm')],
            ['Pressure altitude', measure(number(uav['uav.device.pressure_altitude']), 'm')],
            ['Height', positioned ? `${number(uav['uav.device.height']).toFixed(1)} m above ${text(uav['uav.device.height_type']) === 'ground' ? 'the ground' : 'take-off'}` : ''],
            ['Speed', positioned ? `${number(uav['uav.device.speed']).toFixed(2)} m/s, heading ${number(uav['uav.device.heading']).toFixed(0)}°` : ''],
            ['Vertical speed', positioned ? `${number(uav['uav.device.vertical_speed']).toFixed(1)} m/s` : ''],
            ['Take-off point', place(uav['uav.telemetry.home_location'])],
            ['Operator ID', text(uav['uav.device.operator_id'])],
            ['Operator position', h(Fragment, null, place(uav['uav.telemetry.app_location']), text(uav['uav.device.operator_location_type']) ? ` (${text(uav['uav.device.operator_location_type'])})` : '')],
            ['Self-ID', text(uav['uav.device.self_id'])],
            ['Area', number(area['uav.device.area.radius']) ? `${number(area['uav.device.area.radius'])} m radius, ${number(area['uav.device.area.count'])} aircraft` : ''],
            ['Authentication', number(uav['uav.device.auth_pages']) ? `${number(uav['uav.device.auth_pages'])} pages (type ${number(uav['uav.device.auth_type'])})` : ''],
            ['Malformed', String(number(uav['uav.device.malformed']))],
          ],
        }),
        h('h3', null, 'Heard from'),
        h(Table, {
          columns: ['Transmitter', 'How'],
          rows: Object.entries((uav['uav.device.transmitters'] ?? {}) as Entry).map(([mac, how]) => {
            // A device key ends in its MAC's hex digits.
            const key = transmitterKeys.find((candidate) => candidate.endsWith(`_${mac.replaceAll(':', '')}`));
            return [key ? h(DeviceLink, { deviceKey: key }, mac) : mac, text(how)];
          }),
          empty: 'none',
        }),
        h('h3', null, 'Messages heard'),
        h(Table, { columns: ['Message', 'Count'], rows: Object.entries((uav['uav.device.message_counts'] ?? {}) as Entry).map(([kind, count]) => [kind.replaceAll('_', ' '), String(number(count))]), empty: 'none' }),
        h('h3', null, `Track (${track.length} positions)`),
        h(Table, {
          columns: ['Time', 'Latitude', 'Longitude', 'Altitude'],
          rows: track.slice(-TRACK_ROWS).reverse().map(([time, pointLat, pointLon, altitude]) => [h(Time, { seconds: time! }), degrees(pointLat!), degrees(pointLon!), measure(altitude!, 'm')]),
          empty: 'no position heard yet',
        }),
      );
    },
  });
}
