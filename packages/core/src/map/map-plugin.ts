/**
 * The map as a built-in feature: the `svc.map.*` fields of its records, and the tile archive
 * (`map_tiles=`) closed at shutdown. Its routes are http/routes/map-tiles.ts and
 * http/routes/device-map.ts.
 */
import { definePlugin, type PluginDefinition } from '../plugin.js';
import { MAP_FIELDS } from './map-fields.js';
import type { MapTileSource } from './map-tile-source.js';

/** Name of the built-in map plugin. */
export const MAP_PLUGIN = '@svc/core:map';

/** The map feature over the opened tile source. */
export function mapPlugin(source: MapTileSource): PluginDefinition {
  return definePlugin({
    name: MAP_PLUGIN,
    apply(svc) {
      svc.hooks.fields.tap(MAP_PLUGIN, (fields) => fields.registerAll(MAP_FIELDS));
      svc.hooks.shutdown.tapPromise(MAP_PLUGIN, async () => {
        await source.archive?.close();
      });
    },
  });
}
