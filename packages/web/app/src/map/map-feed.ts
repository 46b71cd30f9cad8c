/**
 * What the map shows, kept fresh: the located devices of the view and search inside the map's
 * box at its zoom (`devices/views/{VIEW}/map.json`: devices one by one or clustered by the
 * server), and the tracks of the devices of track layers on screen. Asked again when the map
 * moves or the query changes, and every two seconds, which is how positions move as the
 * tracker updates them; an answer to an older question is dropped (unless the newer one only
 * brings the layers, which the UI modules add after the map's first question).
 */
import type { UiMapLayer } from '@svc/core';
import { describe, get } from '../api';
import { takeMapHeadStart } from './map-head-start';
import { requestMap } from './map-request';

/** How often the map asks again while nothing changes. */
export const MAP_REFRESH_MS = 2000;
/** Tracks fetched at most per answer: the devices of track layers on screen beyond it show without one. */
const MAX_TRACKS = 200;

/** One device drawn on its own. */
export interface MapPointData {
  readonly key: string;
  readonly lat: number;
  readonly lon: number;
  /** Index in the query's layers; -1 for none. */
  readonly layer: number;
  readonly name: string;
}

/** Several devices drawn as one. */
export interface MapClusterData {
  readonly lat: number;
  readonly lon: number;
  readonly count: number;
}

/** A track point: unix time, lat, lon, altitude (when the layer's field has one). */
export type TrackPoint = readonly [number, number, number, number?];

/** What the map asks. */
export interface MapQuery {
  readonly view: string;
  readonly search: string;
  /** The fields the search looks in (the device table's columns for the view). */
  readonly searchFields: readonly string[];
  /** The layers in order: their views, and the track and companion fields of those that draw them. */
  readonly layers: readonly Pick<UiMapLayer, 'view' | 'track' | 'companion'>[];
  /** Layer numbers not drawn (-1: devices of no layer). */
  readonly hidden: readonly number[];
  /** `[west, south, east, north]`. */
  readonly box: readonly [number, number, number, number];
  readonly zoom: number;
  /** The map's `[width, height]` while it has no place yet: the server fits it to the devices instead of answering `box` and `zoom`. */
  readonly fit?: readonly [number, number];
}

/** One answer. */
export interface MapSnapshot {
  /**
   * An answer asked ahead for a box holding the map's (map-head-start.ts), or fitted by the
   * server: its devices are drawn, its count in the box is not the map's, and the map's own
   * question follows at once.
   */
  readonly provisional: boolean;
  readonly located: number;
  readonly inBox: number;
  readonly extent?: readonly [number, number, number, number];
  /** Where the server placed a map asked to fit (`MapQuery.fit`), and the box it answered for there. */
  readonly fitted?: { readonly lat: number; readonly lon: number; readonly zoom: number; readonly box: readonly [number, number, number, number] };
  readonly points: readonly MapPointData[];
  readonly clusters: readonly MapClusterData[];
  /** Tracks by device key. */
  readonly tracks: ReadonlyMap<string, readonly TrackPoint[]>;
  /** Companion places (a drone's operator) by device key, `[lat, lon]`. */
  readonly companions: ReadonlyMap<string, readonly [number, number]>;
}

/** Asks the server what the map shows for a query, unless it was asked ahead (`ahead`, whose failure asks it now). */
export async function loadMap(query: MapQuery, signal?: AbortSignal, ahead?: Promise<Record<string, any> | undefined>): Promise<MapSnapshot> {
  const early = await ahead;
  const answer =
    early ??
    (await requestMap({ view: query.view, box: query.box, zoom: query.zoom, fit: query.fit, layers: query.layers.map((layer) => layer.view), hidden: query.hidden, search: query.search, searchFields: query.searchFields }, signal));
  const points = (answer['svc.map.points'] as [string, number, number, number, string][]).map(([key, lat, lon, layer, name]) => ({ key, lat, lon, layer, name }));
  const clusters = (answer['svc.map.clusters'] as [number, number, number][]).map(([lat, lon, count]) => ({ lat, lon, count }));
  const { tracks, companions } = await loadExtras(query, points, signal);
  const fit = answer['svc.map.fit'] as [number, number, number] | undefined;
  const fitted = fit && { lat: fit[0], lon: fit[1], zoom: fit[2], box: answer['svc.map.box'] as [number, number, number, number] };
  // A fitted answer counts a box a pixel wider than the map's: provisional too, followed by the map's own question.
  const provisional = early !== undefined || fitted !== undefined;
  return { provisional, located: answer['svc.map.located'], inBox: answer['svc.map.in_box'], extent: answer['svc.map.extent'], fitted, points, clusters, tracks, companions };
}

/**
 * The tracks and companion places of the points of layers that draw them: one request per
 * layer, for the devices of that layer on screen (at most {@link MAX_TRACKS}).
 */
async function loadExtras(query: MapQuery, points: readonly MapPointData[], signal?: AbortSignal) {
  const byLayer = new Map<number, string[]>();
  for (const point of points) {
    const layer = query.layers[point.layer];
    if (!layer?.track && !layer?.companion) continue;
    const keys = byLayer.get(point.layer) ?? [];
    if (keys.length < MAX_TRACKS) keys.push(point.key);
    byLayer.set(point.layer, keys);
  }
  const tracks = new Map<string, readonly TrackPoint[]>();
  const companions = new Map<string, readonly [number, number]>();
  for (const [index, keys] of byLayer) {
    const { track, companion } = query.layers[index]!;
    const fields: (string | [string, string])[] = ['svc.device.base.key'];
    if (track) fields.push([track.field, 'track']);
    if (companion) fields.push([companion.field, 'companion']);
    const records = await get<Record<string, unknown>[]>('devices/multikey/devices.json', { devices: keys, fields }, signal);
    for (const record of records) {
      const key = String(record['svc.device.base.key']);
      if (Array.isArray(record.track)) tracks.set(key, record.track as TrackPoint[]);
      const place = record.companion;
      // A geopoint is [lon, lat]; [0, 0] is a location record's "none".
      if (Array.isArray(place) && typeof place[0] === 'number' && typeof place[1] === 'number' && (place[0] !== 0 || place[1] !== 0)) companions.set(key, [place[1], place[0]]);
    }
  }
  return { tracks, companions };
}

/** Keeps the map's snapshot fresh for the latest query. */
export class MapFeed {
  #query: MapQuery | undefined;
  #controller: AbortController | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;
  /** Asked with the answer in flight kept: ask again once it comes. */
  #askAfter = false;

  constructor(
    private readonly onSnapshot: (snapshot: MapSnapshot, query: MapQuery) => void,
    private readonly onError: (error: string) => void,
  ) {}

  /**
   * Asks for a new query now (dropping the answer to the last one), then every two seconds.
   * `keepAnswerInFlight` is for a query that only draws the same devices differently (the
   * layers arrived): an answer already on its way is drawn first, and the new query asked once
   * it comes, rather than thrown away on the way to the map's first paint.
   */
  ask(query: MapQuery, keepAnswerInFlight = false): void {
    this.#query = query;
    if (keepAnswerInFlight && this.#controller) this.#askAfter = true;
    else this.#load(true);
    if (!this.#timer) this.#timer = setInterval(() => this.#load(false), MAP_REFRESH_MS);
  }

  /** Stops asking. */
  close(): void {
    clearInterval(this.#timer);
    this.#controller?.abort();
  }

  /** Asks the query that came while an answer was kept, unless a fresh question was asked meanwhile. */
  #askAgainIfAsked(): void {
    if (this.#askAfter) this.#load(true);
  }

  #load(fresh: boolean): void {
    const query = this.#query;
    if (!query || (!fresh && this.#controller)) return;
    this.#askAfter = false;
    this.#controller?.abort();
    const controller = new AbortController();
    this.#controller = controller;
    loadMap(query, controller.signal, takeMapHeadStart(query)).then(
      (snapshot) => {
        if (controller.signal.aborted) return;
        this.#controller = undefined;
        this.onSnapshot(snapshot, query);
        // An answer asked ahead is followed by the map's own question, unless drawing it asked one (the map moved).
        if (snapshot.provisional && !this.#controller) this.#load(true);
        else this.#askAgainIfAsked();
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        this.#controller = undefined;
        this.onError(describe(error));
        this.#askAgainIfAsked();
      },
    );
  }
}
