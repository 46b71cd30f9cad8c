/**
 * What svc serves its offline map from: a local tile archive (`map_tiles=`), MBTiles or
 * PMTiles, read one tile at a time. The two formats differ in how they are stored; the map
 * route sees only this.
 */

/** The image kinds a raster tile archive may hold (vector tiles are not drawn by the app). */
export type RasterTileType = 'image/png' | 'image/jpeg' | 'image/webp';

/** What an archive says about itself, for the app's tile layer. */
export interface TileArchiveInfo {
  /** `mbtiles` or `pmtiles`. */
  readonly format: string;
  readonly type: RasterTileType;
  readonly minZoom: number;
  readonly maxZoom: number;
  /** Attribution the archive carries ('' when none). */
  readonly attribution: string;
  /** `[west, south, east, north]`, when the archive says. */
  readonly bounds?: readonly [number, number, number, number];
}

/** An open tile archive. */
export interface TileArchive {
  readonly info: TileArchiveInfo;
  /** The tile at zoom `z`, column `x`, row `y` counted from the north (XYZ), or undefined when the archive has none. */
  tile(z: number, x: number, y: number): Promise<Uint8Array | undefined>;
  close(): Promise<void>;
}
