/**
 * PMTiles v3 (one file of tiles addressed by directories, the format the protomaps tools write)
 * read with the `pmtiles` library over a file handle: the library reads the header and the
 * directories it needs through byte ranges, as it would over HTTP, and caches them.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { PMTiles, TileType, type Source } from 'pmtiles';
import type { RasterTileType, TileArchive } from './tile-archive.js';

const RASTER_TYPES: Partial<Record<TileType, RasterTileType>> = {
  [TileType.Png]: 'image/png',
  [TileType.Jpeg]: 'image/jpeg',
  [TileType.Webp]: 'image/webp',
};

/** A local file as the library's byte source. */
function fileSource(path: string, file: FileHandle): Source {
  return {
    getKey: () => path,
    async getBytes(offset, length) {
      const data = new Uint8Array(length);
      const { bytesRead } = await file.read(data, 0, length, offset);
      return { data: data.buffer.slice(0, bytesRead) };
    },
  };
}

/** Opens a PMTiles file; throws a sentence saying what is wrong with it. */
export async function openPmtiles(path: string): Promise<TileArchive> {
  let file: FileHandle;
  try {
    file = await open(path, 'r');
  } catch (error) {
    throw new Error(`it cannot be read (${(error as Error).message})`);
  }
  try {
    const archive = new PMTiles(fileSource(path, file));
    let header: Awaited<ReturnType<PMTiles['getHeader']>>;
    let metadata: unknown;
    try {
      header = await archive.getHeader();
      metadata = await archive.getMetadata();
    } catch (error) {
      throw new Error(`it is not a PMTiles v3 file (${(error as Error).message})`);
    }
    const type = RASTER_TYPES[header.tileType];
    if (!type) throw new Error(`its tiles are ${TileType[header.tileType] ?? 'of an unknown type'}; svc serves raster tiles (png, jpg, webp), not vector tiles`);
    const attribution = (metadata as { attribution?: unknown } | undefined)?.attribution;
    return {
      info: {
        format: 'pmtiles',
        type,
        minZoom: header.minZoom,
        maxZoom: header.maxZoom,
        attribution: typeof attribution === 'string' ? attribution : '',
        bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
      },
      async tile(z, x, y) {
        const found = await archive.getZxy(z, x, y);
        return found ? new Uint8Array(found.data) : undefined;
      },
      close: () => file.close(),
    };
  } catch (error) {
    await file.close();
    throw error;
  }
}
