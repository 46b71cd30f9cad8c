/**
 * The located devices of a view as the map draws them: each device's layer (the first of the
 * app's layer views that holds it), those of the shown layers inside the map's box, and, when
 * there are more of them than the map can draw one by one, clusters: the box is cut into
 * squares of a fixed size on screen at the map's zoom, and a square holding several devices is
 * one cluster at their mean position with their count. One pass over the devices, so a pan
 * over 100,000 of them costs milliseconds and an answer of a few hundred entries.
 */
import type { TrackedDevice } from '../tracker/tracked-device.js';
import { devicePosition } from './device-position.js';
import { worldPixel } from './web-mercator.js';

/** The side of a cluster square on screen, in pixels. */
export const CLUSTER_CELL_PIXELS = 64;
/** The layer number of devices no layer view holds. */
export const NO_LAYER = -1;

/** A box of longitudes and latitudes; `west > east` crosses the antimeridian. */
export interface MapBox {
  readonly west: number;
  readonly south: number;
  readonly east: number;
  readonly north: number;
}

/** What the map asks for. */
export interface MapQuery {
  readonly box: MapBox;
  /** The map's zoom, which sets the size of a cluster square. */
  readonly zoom: number;
  /** Tests for the layers' views, in the app's order: a device belongs to the first that holds it. */
  readonly layers: readonly ((device: TrackedDevice) => boolean)[];
  /** Layers not drawn (their numbers; `NO_LAYER` for devices in none). */
  readonly hidden: ReadonlySet<number>;
  /** Devices drawn one by one at most; past it they are clustered (or cut, without `cluster`). */
  readonly maxPoints: number;
  readonly cluster: boolean;
}

/** One device drawn on its own. */
export interface MapPoint {
  readonly device: TrackedDevice;
  readonly lat: number;
  readonly lon: number;
  readonly layer: number;
}

/** Several devices drawn as one. */
export interface MapCluster {
  readonly lat: number;
  readonly lon: number;
  readonly count: number;
}

/** The map's answer. */
export interface MapAnswer {
  /** Located devices of the shown layers, in the box or not. */
  readonly located: number;
  /** Of those, the ones inside the box. */
  readonly inBox: number;
  /** `[west, south, east, north]` around every located device of the shown layers; undefined for none. */
  readonly extent: readonly [number, number, number, number] | undefined;
  readonly points: readonly MapPoint[];
  readonly clusters: readonly MapCluster[];
}

/** Whether a position is in the box. */
function inside(box: MapBox, lat: number, lon: number): boolean {
  if (lat < box.south || lat > box.north) return false;
  return box.west <= box.east ? lon >= box.west && lon <= box.east : lon >= box.west || lon <= box.east;
}

function layerOf(device: TrackedDevice, layers: MapQuery['layers']): number {
  for (let index = 0; index < layers.length; index++) if (layers[index]!(device)) return index;
  return NO_LAYER;
}

/** Answers a map query over `devices` (a view's members or its search matches). */
export function queryMap(devices: Iterable<TrackedDevice>, query: MapQuery): MapAnswer {
  const { box, hidden } = query;
  const found: MapPoint[] = [];
  let located = 0;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const device of devices) {
    const position = devicePosition(device);
    if (!position) continue;
    const layer = hidden.size ? layerOf(device, query.layers) : NO_LAYER;
    if (hidden.has(layer)) continue;
    const { lat, lon } = position;
    located++;
    if (lon < west) west = lon;
    if (lon > east) east = lon;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
    if (inside(box, lat, lon)) found.push({ device, lat, lon, layer });
  }
  const extent = located ? ([west, south, east, north] as const) : undefined;
  if (found.length <= query.maxPoints || !query.cluster) {
    const points = found.length <= query.maxPoints ? found : found.slice(0, query.maxPoints);
    return { located, inBox: found.length, extent, points: withLayers(points, query, hidden.size === 0), clusters: [] };
  }
  const { points, clusters } = clusterPoints(found, query.zoom);
  return { located, inBox: found.length, extent, points: withLayers(points, query, hidden.size === 0), clusters };
}

/** Points with their layer, for those whose layer was not needed to filter them. */
function withLayers(points: MapPoint[], query: MapQuery, unknown: boolean): MapPoint[] {
  return unknown ? points.map((point) => ({ ...point, layer: layerOf(point.device, query.layers) })) : points;
}

/** Groups points into squares of `CLUSTER_CELL_PIXELS` at `zoom`: lone points stay points. */
function clusterPoints(found: readonly MapPoint[], zoom: number): { points: MapPoint[]; clusters: MapCluster[] } {
  const cells = new Map<number, { first: MapPoint; count: number; lat: number; lon: number }>();
  const columns = 2 ** zoom * (256 / CLUSTER_CELL_PIXELS) + 1;
  for (const point of found) {
    const pixel = worldPixel(point.lat, point.lon, zoom);
    const key = Math.floor(pixel.y / CLUSTER_CELL_PIXELS) * columns + Math.floor(pixel.x / CLUSTER_CELL_PIXELS);
    const cell = cells.get(key);
    if (cell) {
      cell.count++;
      cell.lat += point.lat;
      cell.lon += point.lon;
    } else cells.set(key, { first: point, count: 1, lat: point.lat, lon: point.lon });
  }
  const points: MapPoint[] = [];
  const clusters: MapCluster[] = [];
  for (const cell of cells.values()) {
    if (cell.count === 1) points.push(cell.first);
    else clusters.push({ lat: cell.lat / cell.count, lon: cell.lon / cell.count, count: cell.count });
  }
  return { points, clusters };
}
