/**
 * The map route's question (`devices/views/{VIEW}/map.json`) as the app asks it: the map's own
 * questions (map-feed.ts), the one asked ahead as the app starts (map-head-start.ts) and a
 * cluster's list of devices (MapView) all ask through here, so the route's parameters are
 * spelled once.
 */
import { get } from '../api';

/** How the map fits its devices when it opens with no place: pixels kept clear on each side, and the deepest zoom. */
export const MAP_FIT = { padding: 24, maxZoom: 16 } as const;

/** One question to the map route. */
export interface MapRequest {
  readonly view: string;
  /** `[west, south, east, north]` in degrees. */
  readonly box: readonly [number, number, number, number];
  readonly zoom: number;
  /**
   * The map's `[width, height]` in pixels, to fit every located device instead of asking for
   * `box` and `zoom`: the server chooses the place as the map would ({@link MAP_FIT}) and says which.
   */
  readonly fit?: readonly [number, number];
  /** The views of the layers, in order: a device is drawn by the first that holds it. */
  readonly layers: readonly string[];
  /** Layer indexes not drawn (-1: devices of no layer). */
  readonly hidden?: readonly number[];
  readonly search?: string;
  readonly searchFields?: readonly string[];
  /** False: every device one by one, as a cluster's list wants them. */
  readonly cluster?: boolean;
  readonly maxPoints?: number;
}

/** Asks the map route; its answer as the server sends it. */
export function requestMap(request: MapRequest, signal?: AbortSignal): Promise<Record<string, any>> {
  const { view, box, zoom, fit, layers, hidden, search, searchFields, cluster, maxPoints } = request;
  return get<Record<string, any>>(
    `devices/views/${encodeURIComponent(view)}/map.json`,
    {
      ...(fit ? { fit, fit_padding: MAP_FIT.padding, fit_max_zoom: MAP_FIT.maxZoom } : { box, zoom }),
      layers,
      ...(hidden ? { hidden } : {}),
      ...(cluster === false ? { cluster } : {}),
      ...(maxPoints !== undefined ? { max_points: maxPoints } : {}),
      ...(search ? { search, search_fields: searchFields } : {}),
    },
    signal,
  );
}
