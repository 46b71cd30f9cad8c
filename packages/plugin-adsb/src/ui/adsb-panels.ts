/**
 * The Aircraft panel of an ADSB device's detail in the web app (a UI module, built for the
 * browser into `dist/ui/adsb.js`): the ICAO address with its country, callsign, emitter
 * category in words, altitudes, speed, track and vertical rate, the squawk (an emergency squawk
 * marked with its meaning), emergency and on-ground state, the last position, the messages
 * heard by downlink format, and the track as a small map line and a table of its last points.
 */
import type { UiDevice, UiModuleApi } from '@svc/core';
import { EMERGENCY_SQUAWKS } from '../aircraft/emergency-squawks.js';
import { downlinkFormatText } from './downlink-formats.js';
import { emitterCategoryText } from './emitter-categories.js';
import { trackPolylinePoints } from './track-shape.js';

/** A sub-record as the REST API serves it. */
type Entry = Readonly<Record<string, unknown>>;

/** Track points listed in the panel's table, newest first. */
export const TRACK_ROWS = 10;
const MAP_WIDTH = 240;
const MAP_HEIGHT = 160;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const number = (value: unknown): number => (typeof value === 'number' ? value : 0);
/** A value with its unit, '' when it is 0 (what the record holds for "not known"). */
const measure = (value: number, unit: string, digits = 0): string => (value ? `${value.toFixed(digits)} ${unit}` : '');
const degrees = (value: number): string => value.toFixed(5);

/** The track as the record serves it: [unix time, lat, lon, altitude ft] points, oldest first. */
function trackOf(aircraft: Entry): { time: number; lat: number; lon: number; altitudeFt: number }[] {
  const track = Array.isArray(aircraft['adsb.device.track']) ? (aircraft['adsb.device.track'] as unknown[]) : [];
  return track.filter((point): point is number[] => Array.isArray(point) && point.length === 4).map(([time, lat, lon, altitudeFt]) => ({ time: time!, lat: lat!, lon: lon!, altitudeFt: altitudeFt! }));
}

/** Registers the Aircraft panel with the app. */
export default function registerAdsbPanels(ui: UiModuleApi): void {
  const { h, Fragment } = ui;
  const { KeyValues, Table, State, Time } = ui.components;
  ui.devicePanel({
    phy: 'ADSB',
    title: 'Aircraft',
    render: ({ device }: { device: UiDevice }) => {
      const aircraft = (device['adsb.device'] ?? {}) as Entry;
      const country = text(aircraft['adsb.device.country']);
      const icao = text(aircraft['adsb.device.icao']);
      const squawk = text(aircraft['adsb.device.squawk']);
      const emergencySquawk = EMERGENCY_SQUAWKS[squawk];
      const speed = number(aircraft['adsb.device.speed']);
      const verticalRate = number(aircraft['adsb.device.vertical_rate']);
      const lat = number(aircraft['adsb.device.lat']);
      const lon = number(aircraft['adsb.device.lon']);
      const counts = Object.entries((aircraft['adsb.device.df_counts'] ?? {}) as Entry).map(([df, count]) => [Number(df), number(count)] as const);
      const track = trackOf(aircraft);
      const points = trackPolylinePoints(track, MAP_WIDTH, MAP_HEIGHT, 8);
      const blocks: unknown[] = [
        h(KeyValues, {
          rows: [
            ['ICAO address', country ? `${icao} (${country})` : icao],
            ['Callsign', text(aircraft['adsb.device.callsign'])],
            ['Category', emitterCategoryText(text(aircraft['adsb.device.category']))],
            ['Altitude', measure(number(aircraft['adsb.device.altitude']), 'ft')],
            ['Geometric altitude', measure(number(aircraft['adsb.device.geometric_altitude']), 'ft')],
            ['Speed', measure(speed, 'kt')],
            // Track and vertical rate come with the speed, in a velocity message; 0 is a real track and rate once one was heard.
            ['Track', speed ? `${number(aircraft['adsb.device.heading']).toFixed(1)}°` : ''],
            ['Vertical rate', speed ? `${verticalRate > 0 ? '+' : ''}${verticalRate} ft/min` : ''],
            ['Squawk', emergencySquawk ? h(Fragment, null, `${squawk} `, h(State, { state: emergencySquawk, tone: 'bad', testid: 'adsb-emergency-squawk' })) : squawk],
            ['Emergency', text(aircraft['adsb.device.emergency'])],
            ['On ground', aircraft['adsb.device.on_ground'] === 1 ? 'yes' : 'no'],
            ['Last position', lat || lon ? `${degrees(lat)}, ${degrees(lon)}` : ''],
          ],
        }),
        h('h3', null, 'Messages by downlink format'),
        h(Table, { columns: ['Format', 'Messages'], rows: counts.sort(([a], [b]) => a - b).map(([df, count]) => [downlinkFormatText(df), String(count)]), empty: 'none' }),
        h('h3', null, `Track (${track.length} positions)`),
      ];
      if (points) {
        blocks.push(
          h('svg', { viewBox: `0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`, width: MAP_WIDTH, height: MAP_HEIGHT, role: 'img', 'aria-label': 'track, north up', 'data-testid': 'adsb-track' },
            h('polyline', { points, fill: 'none', stroke: 'currentColor', 'stroke-width': 2 })),
        );
      }
      const rows = track.slice(-TRACK_ROWS).reverse().map((point) => [h(Time, { seconds: point.time }), degrees(point.lat), degrees(point.lon), measure(point.altitudeFt, 'ft')]);
      blocks.push(h(Table, { columns: ['Time', 'Latitude', 'Longitude', 'Altitude'], rows, empty: 'no position decoded yet' }));
      return h('div', { 'data-panel': 'adsb' }, ...blocks);
    },
  });
}
