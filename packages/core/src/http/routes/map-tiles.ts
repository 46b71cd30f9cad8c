/**
 * The map's tile routes: `/map/source.json` tells the app where its tiles come from (a tile
 * server's template, svc's own route for `map_tiles=`, or none) with their attribution and zoom
 * range; `/map/tiles/{z}/{x}/{y}` serves a tile of the configured archive, its content type from
 * its bytes. A tile the archive lacks is a 404, over which the app shows its grid.
 */
import { SvcError } from '../../errors.js';
import type { MapTileSource } from '../../map/map-tile-source.js';
import { sniffRasterType } from '../../map/raster-type.js';
import { definePlugin, type PluginDefinition } from '../../plugin.js';
import { TRACKED_FORMATS } from '../route-registry.js';

/** Name of the map's tile routes. */
export const MAP_TILE_ROUTES = '@svc/core:map-tile-routes';

/** Deepest zoom a tile request may name. */
const MAX_TILE_ZOOM = 30;

/** The tile coordinates of a request, checked: whole numbers, x and y within the zoom's grid. */
function tileAddress(params: Readonly<Record<string, string>>): [number, number, number] {
  const [z, x, y] = [params.z, params.x, params.y].map((text) => (/^\d{1,10}$/.test(text ?? '') ? Number(text) : Number.NaN)) as [number, number, number];
  if (!(z <= MAX_TILE_ZOOM) || !(x < 2 ** z) || !(y < 2 ** z)) {
    throw new SvcError('SVC_ERR_BAD_REQUEST', `'${params.z}/${params.x}/${params.y}' is no tile: zoom 0 to ${MAX_TILE_ZOOM}, then x and y from 0 to 2^zoom - 1`);
  }
  return [z, x, y];
}

/** The tile routes of `source`. */
export function mapTileRoutes(source: MapTileSource): PluginDefinition {
  return definePlugin({
    name: MAP_TILE_ROUTES,
    apply(svc) {
      svc.hooks.routes.tap(MAP_TILE_ROUTES, (routes) => {
        routes.http({
          methods: ['GET', 'POST'],
          path: '/map/source',
          formats: TRACKED_FORMATS,
          role: 'readonly',
          description: "the map's tile source: tile URL template (map_tiles served by svc, map_tile_url, or none), attribution, zoom range",
          handler: () => ({
            'svc.map.tile_source': source.kind,
            'svc.map.tile_url': source.url,
            'svc.map.attribution': source.attribution,
            'svc.map.attribution_url': source.attributionUrl,
            'svc.map.min_zoom': source.minZoom,
            'svc.map.max_zoom': source.maxZoom,
            ...(source.bounds ? { 'svc.map.bounds': source.bounds } : {}),
          }),
        });
        routes.http({
          methods: ['GET'],
          path: '/map/tiles/:z/:x/:y',
          formats: ['plain'],
          role: 'readonly',
          description: 'one tile of the map_tiles archive (MBTiles or PMTiles), rows from the north as web maps count them',
          handler: async ({ params }) => {
            const address = tileAddress(params);
            if (!source.archive) throw new SvcError('SVC_ERR_NOT_FOUND', 'svc serves no tiles: map_tiles is not set (/map/source.json says where the tiles come from)');
            const tile = await source.archive.tile(...address);
            if (!tile) throw new SvcError('SVC_ERR_NOT_FOUND', `the map_tiles archive has no tile ${address.join('/')}`);
            return new Response(tile, {
              status: 200,
              headers: { 'content-type': sniffRasterType(tile) ?? source.archive.info.type, 'cache-control': 'private, max-age=3600', 'x-content-type-options': 'nosniff' },
            });
          },
        });
      });
    },
  });
}
