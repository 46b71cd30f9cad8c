/**
 * The map's tiles as the server says to draw them (`map/source.json`): a tile layer from a tile
 * server's template or svc's own tile route (an archive it serves), credited as the source asks
 * (OpenStreetMap's credit links to its copyright page), fetched only at the zooms and within the
 * bounds the source has, and enlarged past its deepest zoom rather than asked for more; or no
 * layer at all, leaving the grid.
 */
import * as L from 'leaflet';
import { get } from '../api';
import { apiPath } from '../server';
import { paintTilesIntoLevel } from './level-painted-tiles';

/** The source record. */
export interface TileSource {
  readonly kind: string;
  readonly url: string;
  readonly attribution: string;
  readonly attributionUrl: string;
  readonly minZoom: number;
  readonly maxZoom: number;
  readonly bounds?: readonly [number, number, number, number];
}

/** Reads the tile source from the server. */
export async function loadTileSource(): Promise<TileSource> {
  const record = await get<Record<string, any>>('map/source.json');
  return {
    kind: record['svc.map.tile_source'],
    url: record['svc.map.tile_url'],
    attribution: record['svc.map.attribution'],
    attributionUrl: record['svc.map.attribution_url'],
    minZoom: record['svc.map.min_zoom'],
    maxZoom: record['svc.map.max_zoom'],
    bounds: record['svc.map.bounds'],
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The credit as the attribution control shows it: text, linked when the source gives a link. */
function attributionHtml(source: TileSource): string {
  const text = escapeHtml(source.attribution);
  return source.attributionUrl ? `<a href="${escapeHtml(source.attributionUrl)}" target="_blank" rel="noopener noreferrer">${text}</a>` : text;
}

/** The tile layer of a source, or undefined when it has no tiles. */
export function tileLayer(source: TileSource): L.TileLayer | undefined {
  if (!source.url) return undefined;
  const url = /^https?:\/\//i.test(source.url) ? source.url : apiPath(source.url);
  const [west, south, east, north] = source.bounds ?? [];
  return paintTilesIntoLevel(
    L.tileLayer(url, {
      zIndex: 1,
      minZoom: source.minZoom,
      maxNativeZoom: source.maxZoom,
      maxZoom: 22,
      attribution: attributionHtml(source),
      ...(source.bounds ? { bounds: L.latLngBounds([south!, west!], [north!, east!]) } : {}),
    }),
  );
}
