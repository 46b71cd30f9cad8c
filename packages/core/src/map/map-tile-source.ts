/**
 * The map's tile source as the app gets it (`/map/source.json`): the URL template of its tiles
 * (svc's own tile route for an archive), their attribution and zoom range, and the open archive
 * the tile route reads. Opening it is part of starting: a missing or unreadable archive stops
 * svc with a sentence naming the file and the line that set it, rather than a map that stays
 * grey.
 */
import { existsSync } from 'node:fs';
import { SvcError } from '../errors.js';
import { openMbtiles } from './mbtiles-archive.js';
import type { MapTileSettings } from './map-settings.js';
import { openPmtiles } from './pmtiles-archive.js';
import type { TileArchive } from './tile-archive.js';

/** The path of svc's own tile route, relative to the server root, as a template. */
export const ARCHIVE_TILE_TEMPLATE = 'map/tiles/{z}/{x}/{y}';

/** The tile source in force. */
export interface MapTileSource {
  /** `url`, `mbtiles`, `pmtiles`, or `none` (the app draws only its grid). */
  readonly kind: string;
  /** Template with `{z}`, `{x}`, `{y}`: absolute for a tile server, relative to the server root for an archive; '' for none. */
  readonly url: string;
  readonly attribution: string;
  /** Where the attribution links ('' for no link). */
  readonly attributionUrl: string;
  readonly minZoom: number;
  readonly maxZoom: number;
  /** `[west, south, east, north]` of an archive that says. */
  readonly bounds?: readonly [number, number, number, number];
  /** The archive the tile route reads, for `map_tiles=`. */
  readonly archive?: TileArchive;
}

/** Opens the configured tile source. */
export async function openMapTileSource(settings: MapTileSettings): Promise<MapTileSource> {
  if (settings.kind === 'none') return { kind: 'none', url: '', attribution: '', attributionUrl: '', minZoom: 0, maxZoom: 0 };
  if (settings.kind === 'url') return { kind: 'url', url: settings.url, attribution: settings.attribution, attributionUrl: settings.attributionUrl, minZoom: 0, maxZoom: settings.maxZoom };
  let archive: TileArchive;
  try {
    if (!existsSync(settings.path)) throw new Error('there is no such file');
    archive = settings.format === 'mbtiles' ? openMbtiles(settings.path) : await openPmtiles(settings.path);
  } catch (error) {
    throw new SvcError('SVC_ERR_CONFIG_VALUE', `${settings.origin}: map_tiles '${settings.path}' cannot be served: ${(error as Error).message}`);
  }
  const { info } = archive;
  return { kind: info.format, url: ARCHIVE_TILE_TEMPLATE, attribution: info.attribution, attributionUrl: '', minZoom: info.minZoom, maxZoom: info.maxZoom, ...(info.bounds ? { bounds: info.bounds } : {}), archive };
}
