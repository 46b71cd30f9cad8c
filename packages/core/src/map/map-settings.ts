/**
 * Where the map's tiles come from, from config: a local archive svc serves itself
 * (`map_tiles=`, MBTiles or PMTiles, which wins), else a tile server's URL template
 * (`map_tile_url=`, OpenStreetMap's by default; `none` for no tiles, the app then draws only
 * its coordinate grid) with its attribution (`map_tile_attribution=`). A bad value is a startup
 * error naming where it was set.
 */
import { extname } from 'node:path';
import type { Config } from '../config/config.js';
import { expandPath } from '../config/config-loader.js';
import { SvcError } from '../errors.js';

/** OpenStreetMap's raster tiles: the default tile source. */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** What OpenStreetMap's tile usage policy asks every map using its tiles to show, and where it links. */
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';
export const OSM_COPYRIGHT_URL = 'https://www.openstreetmap.org/copyright';
/** The deepest zoom OpenStreetMap's tile servers draw. */
export const OSM_MAX_ZOOM = 19;

/** The tile source config names. */
export type MapTileSettings =
  | { readonly kind: 'archive'; readonly path: string; readonly format: 'mbtiles' | 'pmtiles'; readonly origin: string }
  | { readonly kind: 'url'; readonly url: string; readonly attribution: string; readonly attributionUrl: string; readonly maxZoom: number }
  | { readonly kind: 'none' };

/** Reads the tile source from config. */
export function readMapTileSettings(config: Config): MapTileSettings {
  const archive = config.get('map_tiles');
  if (archive) {
    const format = extname(archive).toLowerCase().slice(1);
    if (format !== 'mbtiles' && format !== 'pmtiles') {
      throw new SvcError('SVC_ERR_CONFIG_VALUE', `${config.origin('map_tiles')}: map_tiles must name a .mbtiles or .pmtiles file, not '${archive}'`);
    }
    return { kind: 'archive', path: expandPath(archive, config.configDir), format, origin: config.origin('map_tiles') };
  }
  const url = config.get('map_tile_url') ?? OSM_TILE_URL;
  if (url === '' || url.toLowerCase() === 'none') return { kind: 'none' };
  if (!/^https?:\/\//i.test(url) || !['{z}', '{x}', '{y}'].every((part) => url.includes(part))) {
    throw new SvcError('SVC_ERR_CONFIG_VALUE', `${config.origin('map_tile_url')}: map_tile_url must be an http(s) URL template with {z}, {x} and {y} (or none), not '${url}'`);
  }
  const isOsm = url === OSM_TILE_URL;
  return {
    kind: 'url',
    url,
    attribution: config.get('map_tile_attribution') ?? (isOsm ? OSM_ATTRIBUTION : ''),
    attributionUrl: isOsm && !config.has('map_tile_attribution') ? OSM_COPYRIGHT_URL : '',
    maxZoom: OSM_MAX_ZOOM,
  };
}
