/**
 * The fields of the map's records: the tile source the app draws (`/map/source.json`) and the
 * located devices of a view (`/devices/views/{VIEW}/map.json`).
 */
import type { FieldDefinition } from '../fields/field-registry.js';

/** Every `svc.map.*` field. */
export const MAP_FIELDS: readonly FieldDefinition[] = [
  { name: 'svc.map.tile_source', type: 'string', description: 'where the tiles come from: url (a tile server), mbtiles or pmtiles (map_tiles, served by svc), none' },
  { name: 'svc.map.tile_url', type: 'string', description: 'tile URL template with {z}, {x} and {y}: absolute for a tile server, relative to the server root for map_tiles; empty for none' },
  { name: 'svc.map.attribution', type: 'string', description: 'what the map must credit for its tiles' },
  { name: 'svc.map.attribution_url', type: 'string', description: 'where the attribution links; empty for no link' },
  { name: 'svc.map.min_zoom', type: 'uint8_t', description: 'shallowest zoom of the tiles' },
  { name: 'svc.map.max_zoom', type: 'uint8_t', description: 'deepest zoom of the tiles (the map zooms further by enlarging them)' },
  { name: 'svc.map.bounds', type: 'vector[double]', description: '[west, south, east, north] the tiles cover, when the archive says' },
  { name: 'svc.map.located', type: 'uint64_t', description: 'located devices of the view (and search) in the shown layers' },
  { name: 'svc.map.in_box', type: 'uint64_t', description: 'of those, the devices inside the box' },
  { name: 'svc.map.extent', type: 'vector[double]', description: '[west, south, east, north] around every located device; absent when none' },
  { name: 'svc.map.points', type: 'vector[vector]', description: 'devices drawn one by one: [key, lat, lon, layer (index in layers, -1 for none), name]' },
  { name: 'svc.map.clusters', type: 'vector[vector]', description: 'clusters: [lat, lon, device count]' },
];
