/**
 * The MBTiles reader over files written as the MBTiles specification lays them out (rows from
 * the south): a tile asked for by its row from the north comes back as the one stored at the
 * flipped row; the metadata's type, zooms, attribution and bounds, or the tiles' own when the
 * metadata is silent; and what is wrong with a file that is not one said in a sentence.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testTilePng, writeMbtiles } from '../testing/tile-archives.js';
import { openMbtiles } from './mbtiles-archive.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-mbtiles-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const tiles = [
  { z: 1, x: 0, y: 0, data: testTilePng(1, 0, 0, 4) },
  { z: 1, x: 1, y: 0, data: testTilePng(1, 1, 0, 4) },
  { z: 2, x: 2, y: 1, data: testTilePng(2, 2, 1, 4) },
];

test('a tile by its row from the north is the one stored at row 2^z - 1 - y', async () => {
  const path = join(dir, 'flip.mbtiles');
  writeMbtiles(path, tiles, { name: 'test', format: 'png', minzoom: '1', maxzoom: '2', attribution: 'test tiles', bounds: '-10,-5,10,5' });
  // What the file holds, read straight from SQLite: z2 row from the north 1 is stored at row 2.
  const database = new Database(path, { readonly: true });
  const stored = database.prepare('SELECT tile_data FROM tiles WHERE zoom_level = 2 AND tile_column = 2 AND tile_row = 2').get() as { tile_data: Buffer };
  database.close();
  const archive = openMbtiles(path);
  try {
    assert.equal(Buffer.from((await archive.tile(2, 2, 1))!), stored.tile_data);
    assert.equal(Buffer.from((await archive.tile(1, 1, 0))!), tiles[1]!.data);
    assert.is(await archive.tile(2, 2, 2), undefined, 'no tile there');
    assert.is(await archive.tile(3, 0, 0), undefined);
    assert.equal(archive.info, { format: 'mbtiles', type: 'image/png', minZoom: 1, maxZoom: 2, attribution: 'test tiles', bounds: [-10, -5, 10, 5] });
  } finally {
    await archive.close();
  }
});

test('without metadata entries: the type from the tiles’ bytes, the zoom range from the tiles, no attribution or bounds', () => {
  const path = join(dir, 'bare.mbtiles');
  writeMbtiles(path, tiles, {});
  const archive = openMbtiles(path);
  assert.equal(archive.info, { format: 'mbtiles', type: 'image/png', minZoom: 1, maxZoom: 2, attribution: '' });
  void archive.close();
});

test('files that are no raster MBTiles are refused with what is wrong', () => {
  const refusal = (path: string) => {
    try {
      void openMbtiles(path).close();
    } catch (error) {
      return (error as Error).message;
    }
    return 'opened';
  };
  const vector = join(dir, 'vector.mbtiles');
  writeMbtiles(vector, tiles, { format: 'pbf' });
  assert.match(refusal(vector), "its tiles are 'pbf'; svc serves raster tiles (png, jpg, webp), not vector tiles");
  const empty = join(dir, 'empty.mbtiles');
  writeMbtiles(empty, [], { format: 'png' });
  assert.is(refusal(empty), 'it holds no tiles');
  const otherDatabase = join(dir, 'other.mbtiles');
  new Database(otherDatabase).exec('CREATE TABLE things (a)').close();
  assert.match(refusal(otherDatabase), /^it is not an MBTiles file: no such table: metadata/);
  const text = join(dir, 'text.mbtiles');
  writeFileSync(text, 'this is not a database at all, but it is long enough to look like one to nobody');
  assert.match(refusal(text), /^it is not an MBTiles file: file is not a database/);
  assert.match(refusal(join(dir, 'missing.mbtiles')), /^it cannot be opened as SQLite/);
});

test.run();
