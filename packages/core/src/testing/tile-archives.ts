/**
 * Tile archives made for map tests: MBTiles (an SQLite file, rows counted from the south) and
 * PMTiles v3 (a header, a root directory of tile ids on the Hilbert curve, the tile data), each
 * written as its specification lays it out, so svc's readers are checked against files they did
 * not write. Each tile is a PNG of one colour that names its address (`testTileColour`), so a
 * test can tell from a pixel which tile is shown where.
 */
import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { encodePng } from './png-image.js';

/** One tile: its address (row from the north, as web maps count) and bytes. */
export interface TestTile {
  readonly z: number;
  readonly x: number;
  readonly y: number;
  readonly data: Uint8Array;
}

/** The colour of the test tile at an address: distinct for every tile near one another, and pale, so markers stand out on it. */
export function testTileColour(z: number, x: number, y: number): [number, number, number] {
  return [200 + ((x * 3 + z) % 8) * 6, 206 + ((y * 3 + z) % 8) * 5, 214 + (z % 4) * 8];
}

/** The PNG tile of an address: its colour, with a one-pixel darker edge so tile seams show. */
export function testTilePng(z: number, x: number, y: number, size = 256): Buffer {
  const colour = testTileColour(z, x, y);
  const edge = colour.map((value) => value - 40) as [number, number, number];
  return encodePng(size, size, (px, py) => (px === 0 || py === 0 ? edge : colour));
}

/** Every tile of zooms `minZoom` to `maxZoom` that covers a box around a position (`span` tiles each way at every zoom). */
export function testTilesAround(lat: number, lon: number, minZoom: number, maxZoom: number, span = 2): TestTile[] {
  const tiles: TestTile[] = [];
  for (let z = minZoom; z <= maxZoom; z++) {
    const n = 2 ** z;
    const sin = Math.sin((lat * Math.PI) / 180);
    const cx = Math.floor(((lon + 180) / 360) * n);
    const cy = Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n);
    for (let x = Math.max(0, cx - span); x <= Math.min(n - 1, cx + span); x++) {
      for (let y = Math.max(0, cy - span); y <= Math.min(n - 1, cy + span); y++) tiles.push({ z, x, y, data: testTilePng(z, x, y) });
    }
  }
  return tiles;
}

/** Writes an MBTiles file of `tiles` with `metadata` entries (name to value). */
export function writeMbtiles(path: string, tiles: readonly TestTile[], metadata: Readonly<Record<string, string>>): void {
  const database = new Database(path);
  try {
    database.exec('CREATE TABLE metadata (name TEXT, value TEXT); CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB); CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row);');
    const meta = database.prepare('INSERT INTO metadata (name, value) VALUES (?, ?)');
    for (const [name, value] of Object.entries(metadata)) meta.run(name, value);
    const tile = database.prepare('INSERT INTO tiles (zoom_level, tile_column, tile_row, tile_data) VALUES (?, ?, ?, ?)');
    database.transaction(() => {
      for (const { z, x, y, data } of tiles) tile.run(z, x, 2 ** z - 1 - y, Buffer.from(data));
    })();
  } finally {
    database.close();
  }
}

/** The PMTiles tile id of an address: the tiles of every shallower zoom, then the position on zoom `z`'s Hilbert curve. */
export function pmtilesTileId(z: number, x: number, y: number): number {
  let id = (4 ** z - 1) / 3;
  let [hx, hy] = [x, y];
  for (let s = 2 ** z / 2; s >= 1; s /= 2) {
    const rx = (hx & s) > 0 ? 1 : 0;
    const ry = (hy & s) > 0 ? 1 : 0;
    id += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) [hx, hy] = [s - 1 - hx, s - 1 - hy];
      [hx, hy] = [hy, hx];
    }
  }
  return id;
}

function varint(value: number): number[] {
  const bytes: number[] = [];
  while (value >= 0x80) {
    bytes.push((value % 0x80) | 0x80);
    value = Math.floor(value / 0x80);
  }
  bytes.push(value);
  return bytes;
}

/** What a PMTiles file says of itself. */
export interface PmtilesOptions {
  /** 1 vector (MVT), 2 PNG, 3 JPEG, 4 WebP. */
  readonly tileType: number;
  readonly metadata: Readonly<Record<string, unknown>>;
  /** `[west, south, east, north]`. */
  readonly bounds: readonly [number, number, number, number];
}

/** Writes a PMTiles v3 file of `tiles`: one gzipped root directory, the JSON metadata, the tile data. */
export function writePmtiles(path: string, tiles: readonly TestTile[], options: PmtilesOptions): void {
  const entries = tiles.map((tile) => ({ id: pmtilesTileId(tile.z, tile.x, tile.y), data: tile.data })).sort((a, b) => a.id - b.id);
  let offset = 0;
  const placed = entries.map((entry) => {
    const at = offset;
    offset += entry.data.length;
    return { ...entry, offset: at };
  });
  const directory: number[] = [...varint(placed.length)];
  let lastId = 0;
  for (const entry of placed) {
    directory.push(...varint(entry.id - lastId));
    lastId = entry.id;
  }
  for (const _ of placed) directory.push(...varint(1));
  for (const entry of placed) directory.push(...varint(entry.data.length));
  // Each tile follows the one before it: offset 0 says so.
  placed.forEach((entry, index) => directory.push(...varint(index > 0 ? 0 : entry.offset + 1)));
  const root = gzipSync(Buffer.from(directory));
  const metadata = gzipSync(Buffer.from(JSON.stringify(options.metadata)));
  const data = Buffer.concat(placed.map((entry) => entry.data));
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'latin1');
  header[7] = 3;
  const sections = [
    [127, root.length],
    [127 + root.length, metadata.length],
    [127 + root.length + metadata.length, 0],
    [127 + root.length + metadata.length, data.length],
  ];
  sections.forEach(([at, length], index) => {
    header.writeBigUInt64LE(BigInt(at!), 8 + index * 16);
    header.writeBigUInt64LE(BigInt(length!), 16 + index * 16);
  });
  for (const [index, count] of [placed.length, placed.length, placed.length].entries()) header.writeBigUInt64LE(BigInt(count), 72 + index * 8);
  header[96] = 1; // clustered: tiles in id order
  header[97] = 2; // directories and metadata gzipped
  header[98] = 1; // tiles stored as they are
  header[99] = options.tileType;
  header[100] = Math.min(...tiles.map((tile) => tile.z));
  header[101] = Math.max(...tiles.map((tile) => tile.z));
  const [west, south, east, north] = options.bounds.map((degrees) => Math.round(degrees * 1e7));
  header.writeInt32LE(west!, 102);
  header.writeInt32LE(south!, 106);
  header.writeInt32LE(east!, 110);
  header.writeInt32LE(north!, 114);
  header[118] = header[100];
  header.writeInt32LE(Math.round((west! + east!) / 2), 119);
  header.writeInt32LE(Math.round((south! + north!) / 2), 123);
  writeFileSync(path, Buffer.concat([header, root, metadata, data]));
}
