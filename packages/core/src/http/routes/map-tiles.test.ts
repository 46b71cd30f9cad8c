/**
 * The map's tile routes on a test service for each way of configuring tiles: OpenStreetMap by
 * default with its credit, another tile server, none, and MBTiles and PMTiles archives svc
 * serves itself (each tile's bytes as written, with its content type, a 404 for a tile the
 * archive lacks, a 400 for an address that is no tile); and a bad setting or archive stops the
 * start with a sentence naming the line.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../logger.js';
import { createTestService, type TestService } from '../../testing/index.js';
import { testTilePng, testTilesAround, writeMbtiles, writePmtiles } from '../../testing/tile-archives.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-map-tiles-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const quiet = createLogger({ write: () => {} });

async function withService<T>(config: Record<string, string>, use: (request: TestService['request']) => Promise<T>): Promise<T> {
  const t = await createTestService({ config, log: quiet });
  try {
    return await use(t.request);
  } finally {
    await t.close();
  }
}

const source = (config: Record<string, string>) => withService(config, async (request) => (await (await request('/map/source.json')).json()) as Record<string, any>);

test('by default the browser fetches OpenStreetMap’s tiles, credited with a link to its copyright page, zoom 19 at most', async () => {
  assert.equal(await source({}), {
    'svc.map.tile_source': 'url',
    'svc.map.tile_url': 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    'svc.map.attribution': '© OpenStreetMap contributors',
    'svc.map.attribution_url': 'https://www.openstreetmap.org/copyright',
    'svc.map.min_zoom': 0,
    'svc.map.max_zoom': 19,
  });
});

test('another tile server with its own credit; none for no tiles', async () => {
  const other = await source({ map_tile_url: 'https://tiles.example.org/{z}/{x}/{y}.png', map_tile_attribution: 'Example maps' });
  assert.equal([other['svc.map.tile_source'], other['svc.map.tile_url'], other['svc.map.attribution'], other['svc.map.attribution_url']], ['url', 'https://tiles.example.org/{z}/{x}/{y}.png', 'Example maps', '']);
  const none = await source({ map_tile_url: 'none' });
  assert.equal([none['svc.map.tile_source'], none['svc.map.tile_url']], ['none', '']);
  await withService({ map_tile_url: 'none' }, async (request) => {
    const response = await request('/map/tiles/0/0/0');
    assert.is(response.status, 404);
    assert.match(((await response.json()) as { error: string }).error, 'svc serves no tiles: map_tiles is not set');
  });
});

for (const format of ['mbtiles', 'pmtiles'] as const) {
  test(`a ${format} archive is served by svc, tile by tile, and wins over map_tile_url`, async () => {
    const tiles = testTilesAround(52.37, 4.89, 10, 12, 1);
    const path = join(dir, `around.${format}`);
    if (format === 'mbtiles') writeMbtiles(path, tiles, { format: 'png', attribution: 'test tiles' });
    else writePmtiles(path, tiles, { tileType: 2, metadata: { attribution: 'test tiles' }, bounds: [4.5, 52, 5.3, 52.7] });
    await withService({ map_tiles: path, map_tile_url: 'https://tiles.example.org/{z}/{x}/{y}.png' }, async (request) => {
      const record = (await (await request('/map/source.json')).json()) as Record<string, unknown>;
      assert.equal([record['svc.map.tile_source'], record['svc.map.tile_url'], record['svc.map.attribution'], record['svc.map.min_zoom'], record['svc.map.max_zoom']], [format, 'map/tiles/{z}/{x}/{y}', 'test tiles', 10, 12]);
      for (const tile of tiles) {
        const response = await request(`/map/tiles/${tile.z}/${tile.x}/${tile.y}`);
        assert.is(response.status, 200);
        assert.is(response.headers.get('content-type'), 'image/png');
        assert.equal(Buffer.from(await response.arrayBuffer()), Buffer.from(tile.data), `${tile.z}/${tile.x}/${tile.y}`);
      }
      const missing = await request('/map/tiles/3/1/1');
      assert.is(missing.status, 404);
      assert.match(((await missing.json()) as { error: string }).error, 'the map_tiles archive has no tile 3/1/1');
      for (const address of ['3/8/0', '31/0/0', 'a/0/0', '2/-1/0']) assert.is((await request(`/map/tiles/${address}`)).status, 400, address);
      assert.is((await request(`/map/tiles/${tiles[0]!.z}/${tiles[0]!.x}/${tiles[0]!.y}`, { auth: false })).status, 401, 'tiles need a login');
    });
  });
}

test('a bad map setting or an archive that cannot be served stops the start, naming the file and the problem', async () => {
  const refusal = async (config: Record<string, string>) => {
    try {
      await (await createTestService({ config, log: quiet })).close();
    } catch (error) {
      return (error as Error).message;
    }
    return 'started';
  };
  assert.match(await refusal({ map_tiles: join(dir, 'nowhere.mbtiles') }), /map_tiles '.*nowhere\.mbtiles' cannot be served: there is no such file/);
  writeFileSync(join(dir, 'garbage.pmtiles'), 'x'.repeat(1000));
  assert.match(await refusal({ map_tiles: join(dir, 'garbage.pmtiles') }), /map_tiles '.*garbage\.pmtiles' cannot be served: it is not a PMTiles v3 file/);
  writeMbtiles(join(dir, 'vector.mbtiles'), [{ z: 0, x: 0, y: 0, data: testTilePng(0, 0, 0, 4) }], { format: 'pbf' });
  assert.match(await refusal({ map_tiles: join(dir, 'vector.mbtiles') }), /not vector tiles/);
  assert.match(await refusal({ map_tiles: join(dir, 'tiles.zip') }), 'map_tiles must name a .mbtiles or .pmtiles file');
  assert.match(await refusal({ map_tile_url: 'https://tiles.example.org/{z}/{x}.png' }), 'map_tile_url must be an http(s) URL template with {z}, {x} and {y} (or none)');
  assert.match(await refusal({ map_tile_url: 'file:///tiles/{z}/{x}/{y}.png' }), 'map_tile_url must be an http(s) URL template');
});

test.run();
