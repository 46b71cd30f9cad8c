/**
 * MBTiles (an SQLite file of tiles, the format most tile tools export) read with better-sqlite3,
 * read-only. Rows count from the south (TMS), so a request's row from the north is flipped.
 * What the app needs of the metadata is read once at open: the image type (the `format` entry,
 * else the first tile's bytes), the zoom range (the entries, else the tiles), the attribution
 * and the bounds.
 */
import Database from 'better-sqlite3';
import { rasterTypeOfFormat, sniffRasterType } from './raster-type.js';
import type { TileArchive, TileArchiveInfo } from './tile-archive.js';

/** Opens an MBTiles file; throws a sentence saying what is wrong with it. */
export function openMbtiles(path: string): TileArchive {
  let database: Database.Database;
  try {
    database = new Database(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new Error(`it cannot be opened as SQLite (${(error as Error).message})`);
  }
  try {
    const info = readInfo(database);
    const select = database.prepare<[number, number, number], { tile_data: Buffer }>('SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?');
    return {
      info,
      async tile(z, x, y) {
        return select.get(z, x, 2 ** z - 1 - y)?.tile_data;
      },
      async close() {
        database.close();
      },
    };
  } catch (error) {
    database.close();
    throw error;
  }
}

function readInfo(database: Database.Database): TileArchiveInfo {
  let metadata: Map<string, string>;
  let first: { tile_data: Buffer } | undefined;
  try {
    metadata = new Map(database.prepare<[], { name: string; value: string }>('SELECT name, value FROM metadata').all().map((row) => [row.name, String(row.value)]));
    first = database.prepare<[], { tile_data: Buffer }>('SELECT tile_data FROM tiles LIMIT 1').get();
  } catch (error) {
    throw new Error(`it is not an MBTiles file: ${(error as Error).message} (an MBTiles file has the tables metadata and tiles)`);
  }
  if (!first) throw new Error('it holds no tiles');
  const format = metadata.get('format');
  const type = format === undefined ? sniffRasterType(first.tile_data) : rasterTypeOfFormat(format);
  if (!type) throw new Error(`its tiles are ${format === undefined ? 'not PNG, JPEG or WebP images' : `'${format}'`}; svc serves raster tiles (png, jpg, webp), not vector tiles`);
  const zooms = database.prepare<[], { low: number; high: number }>('SELECT min(zoom_level) AS low, max(zoom_level) AS high FROM tiles').get()!;
  const zoomEntry = (name: string, fallback: number) => {
    const value = Number(metadata.get(name));
    return metadata.has(name) && Number.isInteger(value) ? value : fallback;
  };
  const bounds = metadata.get('bounds')?.split(',').map(Number);
  return {
    format: 'mbtiles',
    type,
    minZoom: zoomEntry('minzoom', zooms.low),
    maxZoom: zoomEntry('maxzoom', zooms.high),
    attribution: metadata.get('attribution') ?? '',
    ...(bounds?.length === 4 && bounds.every(Number.isFinite) ? { bounds: bounds as [number, number, number, number] } : {}),
  };
}
