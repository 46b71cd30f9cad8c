/**
 * The map's device route: `/devices/views/{VIEW}/map.json`, the located devices of a view (and
 * of the device table's search: over the table's columns when `search_fields` names them as
 * the table's `fields` do, else over the summary fields) inside the map's box, one by one or clustered at the map's
 * zoom (map/map-query.ts), compactly: `[key, lat, lon, layer, name]` per device and
 * `[lat, lon, count]` per cluster. Asked to `fit` a map of a given size instead of naming a box
 * and zoom, it answers for the place where that map shows every located device (map/map-fit.ts),
 * and says which. Takes its variables from a JSON body or the query string.
 */
import { SvcError } from '../../errors.js';
import { parseFieldSpecs } from '../../fields/field-spec.js';
import { boxAt, fitPlace, type FitFrame } from '../../map/map-fit.js';
import { NO_LAYER, queryMap, type MapBox, type MapQuery } from '../../map/map-query.js';
import { definePlugin } from '../../plugin.js';
import type { Service } from '../../service-types.js';
import { parseSearch, searchPaths } from '../../views/device-search.js';
import { TRACKED_FORMATS } from '../route-registry.js';
import { viewOf } from './devices.js';

/** Name of the map's device route. */
export const DEVICE_MAP_ROUTES = '@svc/core:device-map-routes';

/** Devices drawn one by one unless the request asks for fewer; and the most it may ask for. */
export const DEFAULT_MAP_POINTS = 1000;
export const MAX_MAP_POINTS = 10_000;
/** Deepest zoom a request may name. */
const MAX_ZOOM = 24;
/** Widest and tallest map a fit may be asked for, in pixels. */
const MAX_FIT_PIXELS = 16_384;
/** The whole world, as a box. */
const WORLD: MapBox = { west: -180, south: -90, east: 180, north: 90 };

type Input = Readonly<Record<string, unknown>>;

/** A list variable: a JSON list, or text separated by commas (one number is a list of one). */
function list(input: Input, key: string): unknown[] {
  const value = input[key];
  if (value === undefined || value === '') return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return value.split(',');
  if (typeof value === 'number') return [value];
  throw new SvcError('SVC_ERR_BAD_REQUEST', `'${key}' must be a list (JSON, or text separated by commas)`);
}

function numbers(input: Input, key: string): number[] {
  return list(input, key).map((item) => {
    const value = typeof item === 'number' ? item : typeof item === 'string' && item.trim() !== '' ? Number(item) : Number.NaN;
    if (!Number.isFinite(value)) throw new SvcError('SVC_ERR_BAD_REQUEST', `'${key}' must list numbers`);
    return value;
  });
}

function number(input: Input, key: string, fallback: number, min: number, max: number): number {
  const given = numbers(input, key);
  if (given.length > 1) throw new SvcError('SVC_ERR_BAD_REQUEST', `'${key}' must be one number`);
  const value = given[0] ?? fallback;
  if (!Number.isInteger(value) || value < min || value > max) throw new SvcError('SVC_ERR_BAD_REQUEST', `'${key}' must be a whole number from ${min} to ${max}`);
  return value;
}

function box(input: Input): MapBox {
  const given = numbers(input, 'box');
  if (given.length === 0) return WORLD;
  const [west, south, east, north] = given as [number, number, number, number];
  if (given.length !== 4 || south > north || [west, east].some((lon) => Math.abs(lon) > 180) || [south, north].some((lat) => Math.abs(lat) > 90)) {
    throw new SvcError('SVC_ERR_BAD_REQUEST', "'box' must be [west, south, east, north] in degrees (longitudes within ±180, south <= north)");
  }
  return { west, south, east, north };
}

/** The map a request asks to fit (`fit`: its width and height, with `fit_padding` and `fit_max_zoom`), or undefined. */
function fitFrame(input: Input): FitFrame | undefined {
  const size = numbers(input, 'fit');
  if (size.length === 0) return undefined;
  if (numbers(input, 'box').length > 0 || numbers(input, 'zoom').length > 0) throw new SvcError('SVC_ERR_BAD_REQUEST', "'fit' chooses the box and zoom: give 'fit' or 'box' and 'zoom', not both");
  if (size.length !== 2 || size.some((pixels) => !Number.isInteger(pixels) || pixels < 1 || pixels > MAX_FIT_PIXELS)) {
    throw new SvcError('SVC_ERR_BAD_REQUEST', `'fit' must be [width, height]: the map's size in whole pixels from 1 to ${MAX_FIT_PIXELS}`);
  }
  const [width, height] = size as [number, number];
  const padding = number(input, 'fit_padding', 0, 0, Math.ceil(Math.min(width, height) / 2) - 1);
  return { width, height, padding, maxZoom: number(input, 'fit_max_zoom', MAX_ZOOM, 0, MAX_ZOOM) };
}

function answer(svc: Service, viewId: string, input: Input): Record<string, unknown> {
  const view = viewOf(svc, viewId);
  const layers = list(input, 'layers').map((id) => {
    const layerView = viewOf(svc, String(id));
    return (device: Parameters<typeof layerView.has>[0]) => layerView.has(device);
  });
  const hidden = new Set(numbers(input, 'hidden'));
  for (const layer of hidden) if (!Number.isInteger(layer) || layer < NO_LAYER || layer >= layers.length) throw new SvcError('SVC_ERR_BAD_REQUEST', `'hidden' lists layer ${layer}, which is not -1 or a number of 'layers'`);
  const search = input.search;
  if (search !== undefined && typeof search !== 'string') throw new SvcError('SVC_ERR_BAD_REQUEST', "'search' must be a string");
  const term = parseSearch(search);
  const devices = term ? view.indexes.matches(searchPaths(parseFieldSpecs(input.search_fields)), term, svc.devices) : view.members;
  const frame = fitFrame(input);
  const query: MapQuery = {
    box: frame ? WORLD : box(input),
    zoom: frame ? 0 : number(input, 'zoom', 0, 0, MAX_ZOOM),
    layers,
    hidden,
    maxPoints: number(input, 'max_points', DEFAULT_MAP_POINTS, 1, MAX_MAP_POINTS),
    cluster: input.cluster !== false && input.cluster !== 'false',
  };
  // A fit takes two passes: the extent of every located device first (nothing drawn), then the fitted map's box.
  const extent = frame && queryMap(devices, { ...query, maxPoints: 0, cluster: false }).extent;
  const place = frame && extent && fitPlace(extent, frame);
  const fitted = frame && place ? { place, box: boxAt(place, frame.width, frame.height) } : undefined;
  const result = queryMap(devices, fitted ? { ...query, box: fitted.box, zoom: fitted.place.zoom } : query);
  return {
    'svc.map.located': result.located,
    'svc.map.in_box': result.inBox,
    ...(result.extent ? { 'svc.map.extent': result.extent } : {}),
    ...(fitted
      ? {
          'svc.map.fit': [fitted.place.lat, fitted.place.lon, fitted.place.zoom],
          'svc.map.box': [fitted.box.west, fitted.box.south, fitted.box.east, fitted.box.north],
        }
      : {}),
    'svc.map.points': result.points.map((point) => [point.device.key, point.lat, point.lon, point.layer, point.device.commonname]),
    'svc.map.clusters': result.clusters.map((cluster) => [cluster.lat, cluster.lon, cluster.count]),
  };
}

/** The map's device route. */
export const deviceMapRoutes = definePlugin({
  name: DEVICE_MAP_ROUTES,
  apply(svc) {
    svc.hooks.routes.tap(DEVICE_MAP_ROUTES, (routes) => {
      routes.http({
        methods: ['GET', 'POST'],
        path: '/devices/views/:view/map',
        formats: TRACKED_FORMATS,
        role: 'readonly',
        description:
          'located devices of a view for the map: box [west, south, east, north], zoom (or fit [width, height] in pixels, with fit_padding and fit_max_zoom: the box and zoom where a map of that size shows every located device, as Leaflet fits them; the answer adds svc.map.fit [lat, lon, zoom] and svc.map.box), search (as the device table; search_fields: the fields it searches, as the table sends its columns), layers (view ids; a device is in the first that holds it), hidden (layer numbers, -1 for none), max_points, cluster; devices one by one, or clustered at the zoom past max_points',
        simplify: false,
        handler: ({ params, command, vars }) => answer(svc, params.view!, { ...vars, ...command }),
      });
    });
  },
});
