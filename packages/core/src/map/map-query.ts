/**
 * The located devices of a view as the map draws them: each device's layer (the first of the
 * app's layer views that holds it), those of the shown layers inside the map's box, and, when
 * there are more of them than the map can draw one by one, clusters: the world is cut into
 * squares of a fixed size on screen at the map's zoom, and a square holding several devices is
 * one cluster at their mean position with their count. One pass over the devices, counting
 * each in its square as it goes, so a pan over 100,000 of them costs milliseconds and an
 * answer of a few hundred entries.
 */
import type { TrackedDevice } from '../tracker/tracked-device.js';
import { devicePosition } from '../tracker/location-record.js';
import { mercatorX, mercatorY, worldPixels } from './web-mercator.js';

/** The side of a cluster square on screen, in pixels. */
export const CLUSTER_CELL_PIXELS = 64;
/** The layer number of devices no layer view holds. */
export const NO_LAYER = -1;
/** Squares a box may span for the counters to be flat arrays; a larger grid (a box far wider than a screen) uses a map. */
const MAX_FLAT_CELLS = 1 << 16;

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

function layerOf(device: TrackedDevice, layers: MapQuery['layers']): number {
  for (let index = 0; index < layers.length; index++) if (layers[index]!(device)) return index;
  return NO_LAYER;
}

/** Answers a map query over `devices` (a view's members or its search matches). */
export function queryMap(devices: Iterable<TrackedDevice>, query: MapQuery): MapAnswer {
  const { box, hidden } = query;
  const crosses = box.west > box.east;
  const cells = query.cluster ? new ClusterCells(box, query.zoom) : undefined;
  const points: MapPoint[] = [];
  let inBox = 0;
  let located = 0;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const device of devices) {
    const location = device.location;
    if (location === undefined) continue;
    const position = devicePosition(location);
    if (hidden.size && hidden.has(layerOf(device, query.layers))) continue;
    const { lat, lon } = position;
    located++;
    if (lon < west) west = lon;
    if (lon > east) east = lon;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
    if (lat < box.south || lat > box.north) continue;
    if (crosses ? lon < box.west && lon > box.east : lon < box.west || lon > box.east) continue;
    inBox++;
    if (points.length < query.maxPoints) points.push({ device, lat, lon, layer: NO_LAYER });
    cells?.add(device, lat, lon);
  }
  const extent = located ? ([west, south, east, north] as const) : undefined;
  const withLayers = (shown: readonly MapPoint[]) => shown.map((point) => ({ ...point, layer: layerOf(point.device, query.layers) }));
  if (inBox <= query.maxPoints || !cells) return { located, inBox, extent, points: withLayers(points), clusters: [] };
  const { lone, clusters } = cells.result();
  return { located, inBox, extent, points: withLayers(lone), clusters };
}

/**
 * Counters of the squares of `CLUSTER_CELL_PIXELS` at a zoom: squares of the world grid, so a
 * cluster stays put while the map pans. Flat arrays over the squares the box spans (a screen
 * is a few hundred), or a map for a box of too many; nothing is allocated per device.
 */
class ClusterCells {
  /** The world's width in pixels at the zoom. */
  readonly #world: number;
  readonly #left: number;
  readonly #top: number;
  readonly #columns: number;
  readonly #count: Int32Array | undefined;
  readonly #slot: Int32Array | undefined;
  readonly #sparse: Map<number, number> | undefined;
  /** Per used square, in first-use order: its first device, count and coordinate sums. */
  readonly #first: TrackedDevice[] = [];
  readonly #used: { count: number; lat: number; lon: number }[] = [];

  constructor(box: MapBox, zoom: number) {
    this.#world = worldPixels(zoom);
    const crosses = box.west > box.east;
    this.#left = this.#column(crosses ? -180 : box.west);
    this.#top = this.#row(box.north);
    this.#columns = this.#column(crosses ? 180 : box.east) - this.#left + 1;
    const cells = this.#columns * (this.#row(box.south) - this.#top + 1);
    if (cells <= MAX_FLAT_CELLS) {
      this.#count = new Int32Array(cells);
      this.#slot = new Int32Array(cells);
    } else this.#sparse = new Map();
  }

  #column(lon: number): number {
    return Math.floor(mercatorX(lon, this.#world) / CLUSTER_CELL_PIXELS);
  }

  #row(lat: number): number {
    return Math.floor(mercatorY(lat, this.#world) / CLUSTER_CELL_PIXELS);
  }

  /** Counts a device in its square. */
  add(device: TrackedDevice, lat: number, lon: number): void {
    const cell = (this.#row(lat) - this.#top) * this.#columns + (this.#column(lon) - this.#left);
    let slot: number;
    if (this.#count) {
      if (this.#count[cell]++ === 0) {
        this.#slot![cell] = this.#used.length;
        this.#first.push(device);
        this.#used.push({ count: 0, lat: 0, lon: 0 });
      }
      slot = this.#slot![cell]!;
    } else {
      const known = this.#sparse!.get(cell);
      if (known === undefined) {
        slot = this.#used.length;
        this.#sparse!.set(cell, slot);
        this.#first.push(device);
        this.#used.push({ count: 0, lat: 0, lon: 0 });
      } else slot = known;
    }
    const used = this.#used[slot]!;
    used.count++;
    used.lat += lat;
    used.lon += lon;
  }

  /** Squares of one device as points, the others as clusters at their devices' mean. */
  result(): { lone: MapPoint[]; clusters: MapCluster[] } {
    const lone: MapPoint[] = [];
    const clusters: MapCluster[] = [];
    this.#used.forEach((cell, slot) => {
      if (cell.count === 1) lone.push({ device: this.#first[slot]!, lat: cell.lat, lon: cell.lon, layer: NO_LAYER });
      else clusters.push({ lat: cell.lat / cell.count, lon: cell.lon / cell.count, count: cell.count });
    });
    return { lone, clusters };
  }
}
