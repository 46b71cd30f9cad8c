/**
 * The PMTiles reader (the `pmtiles` library over a file handle) on PMTiles v3 files written as
 * the specification lays them out: each tile by its address, the header's type, zooms and
 * bounds, the metadata's attribution, and vector or foreign files refused with what is wrong.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zxyToTileId } from 'pmtiles';
import { pmtilesTileId, testTilePng, testTilesAround, writePmtiles } from '../testing/tile-archives.js';
import { openPmtiles } from './pmtiles-archive.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-pmtiles-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const refusal = async (path: string) => {
  try {
    await (await openPmtiles(path)).close();
  } catch (error) {
    return (error as Error).message;
  }
  return 'opened';
};

test('the test writer numbers tiles as the library does (ids on the Hilbert curve)', () => {
  for (const [z, x, y] of [[0, 0, 0], [1, 1, 0], [3, 5, 2], [12, 2104, 1345], [16, 33_668, 21_535]] as const) assert.is(pmtilesTileId(z, x, y), zxyToTileId(z, x, y), `${z}/${x}/${y}`);
});

test('every tile of the file by its address, and what the header and metadata say', async () => {
  const tiles = testTilesAround(52.37, 4.89, 0, 12, 1);
  const path = join(dir, 'around.pmtiles');
  writePmtiles(path, tiles, { tileType: 2, metadata: { attribution: 'test tiles', name: 'x' }, bounds: [4.5, 52, 5.3, 52.7] });
  const archive = await openPmtiles(path);
  try {
    for (const tile of tiles) assert.equal(Buffer.from((await archive.tile(tile.z, tile.x, tile.y))!), Buffer.from(tile.data), `${tile.z}/${tile.x}/${tile.y}`);
    assert.is(await archive.tile(12, 0, 0), undefined);
    assert.equal(archive.info, { format: 'pmtiles', type: 'image/png', minZoom: 0, maxZoom: 12, attribution: 'test tiles', bounds: [4.5, 52, 5.3, 52.7] });
  } finally {
    await archive.close();
  }
});

test('vector tiles and files that are no PMTiles are refused with what is wrong', async () => {
  const vector = join(dir, 'vector.pmtiles');
  writePmtiles(vector, [{ z: 0, x: 0, y: 0, data: testTilePng(0, 0, 0, 4) }], { tileType: 1, metadata: {}, bounds: [-180, -85, 180, 85] });
  assert.is(await refusal(vector), 'its tiles are Mvt; svc serves raster tiles (png, jpg, webp), not vector tiles');
  const text = join(dir, 'text.pmtiles');
  writeFileSync(text, 'x'.repeat(20_000));
  assert.match(await refusal(text), /^it is not a PMTiles v3 file \(.*magic/i);
  assert.match(await refusal(join(dir, 'missing.pmtiles')), /^it cannot be read \(ENOENT/);
});

test.run();
