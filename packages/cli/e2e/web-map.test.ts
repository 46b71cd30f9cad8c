/// <reference lib="dom" />
/**
 * End-to-end: the map page in real Chromium against a real `svc start` (under a URI prefix, as
 * behind a reverse proxy) with a tile archive the test makes (an MBTiles file of PNG tiles, each
 * of a colour naming its address) and the test datasource's located devices: two dozen in a
 * 400 m disc, and 100,000 in a 20 km disc 45 km away. Every check reads the screen and compares
 * with the REST API and the test's own Web Mercator: the archive's tiles where they belong,
 * each device's marker within 2 px of where its REST position projects, a click on one opening
 * it, the first answer drawn before the plugins' UI modules have come, the 100,000 clustered
 * into the badges the API reports, and, on a server with no tiles,
 * a coordinate grid whose lines stand at the longitudes they say. Chromium may reach nothing
 * but the server.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { testTileColour, testTilesAround, waitUntil, writeMbtiles } from '@svc/core/testing';
import { launchChromium } from './browser.js';
import { basicAuth, startSvc } from './svc-process.js';
import { close, logIn, open, screenshots, type AppContext } from './web-app/harness.js';
import { centreOf, mapPixels, patchCentre, screenPixel, tileAt } from './web-app/map-screen.js';

const NEAR = { lat: 52.37, lon: 4.89, radius: 400, devices: 24 };
const CROWD = { lat: 52.05, lon: 5.3, radius: 20_000, devices: 100_000 };
/** The fill of devices no layer draws (TESTPHY's): `#6b7280`; and of cluster badges, `#3b74d9`. */
const OTHER_DEVICE_FILL = [0x6b, 0x72, 0x80] as const;
const CLUSTER_FILL = [0x3b, 0x74, 0xd9] as const;

interface MapContext extends AppContext {
  dir: string;
  outside: string[];
  rest(path: string, body?: unknown): Promise<any>;
  sourceUuid(name: string): Promise<string>;
}

/** Starts svc with the test datasource and `conf`, Chromium that may reach only it, and a REST helper. */
async function startServer(context: MapContext, conf: string[], sources: string[]): Promise<void> {
  context.dir = mkdtempSync(join(tmpdir(), 'svc-map-'));
  writeFileSync(join(context.dir, 'svc.conf'), `${['plugin=@svc/core/testing/plugin', ...conf].join('\n')}\n`);
  context.svc = await startSvc({ configDir: context.dir, args: ['--config', join(context.dir, 'svc.conf'), ...sources.flatMap((source) => ['-c', source])] });
  context.app = context.svc.url.replace(/\/$/, '');
  const authorization = basicAuth('svc', context.svc.password!);
  context.rest = async (path, body) => {
    const response = await fetch(`${context.app}/${path}`, { method: body ? 'POST' : 'GET', headers: { authorization, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  context.sourceUuid = async (name) => ((await context.rest('datasource/all_sources.json')) as Record<string, string>[]).find((source) => source['svc.datasource.name'] === name)!['svc.datasource.uuid']!;
  context.browser = await launchChromium();
  context.outside = [];
}

async function stopServer(context: MapContext): Promise<void> {
  await context.browser?.close();
  assert.is(await context.svc.stop(), 0);
  rmSync(context.dir, { recursive: true, force: true });
}

/** Refuses every request of `page` that is not to the server, noting it. */
async function refuseOutside(context: MapContext, page: Page): Promise<void> {
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(context.app.replace(/\/svc$/, ''))) return route.continue();
    context.outside.push(url);
    return route.abort();
  });
}

/** Opens the map at `hash`, logged in, refusing every request that is not to the server, once the map has drawn an answer. */
async function openMap(context: MapContext, hash: string): Promise<Page> {
  const page = await open(context, hash);
  await refuseOutside(context, page);
  await logIn(context, page);
  await page.waitForSelector('[data-testid=map][data-drawn]');
  await page.mouse.move(0, 0);
  return page;
}

/**
 * Waits until every tile the map asked for has loaded (or failed: an image the archive lacks)
 * and faded in, and the map has drawn twice since (a refresh).
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.leaflet-tile')].every((tile) => (tile instanceof HTMLImageElement ? tile.complete : tile.classList.contains('leaflet-tile-loaded')) && getComputedStyle(tile).opacity === '1'),
  );
  const drawn = Number(await page.getAttribute('[data-testid=map]', 'data-drawn'));
  await page.waitForFunction((before) => Number(document.querySelector('[data-testid=map]')!.getAttribute('data-drawn')) > before + 1, drawn);
}

/** The REST positions of located devices, by key: `svc.common.location.last`. */
async function restPositions(context: MapContext, view: string): Promise<Map<string, { lat: number; lon: number; mac: string }>> {
  const devices = (await context.rest(`devices/views/${view}/devices.json`, { fields: ['svc.device.base.key', 'svc.device.base.macaddr', 'svc.device.base.location'] })) as Record<string, any>[];
  return new Map(
    devices.map((device) => {
      const [lon, lat] = device['svc.device.base.location']['svc.common.location.last']['svc.common.location.geopoint'];
      return [device['svc.device.base.key'], { lat, lon, mac: device['svc.device.base.macaddr'] }];
    }),
  );
}

const test = suite<MapContext>('the map, with svc serving an MBTiles archive');
test.before(async (context) => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-map-tiles-'));
  const tiles = join(dir, 'test.mbtiles');
  writeMbtiles(tiles, testTilesAround(NEAR.lat, NEAR.lon, 0, 17, 3), { name: 'test tiles', format: 'png', attribution: 'test tiles of svc' });
  await startServer(context, [`map_tiles=${tiles}`, 'httpd_uri_prefix=/svc'], [
    `testsource-1:name=near,devices=${NEAR.devices},count=${NEAR.devices},flood=true,lat=${NEAR.lat},lon=${NEAR.lon},radius=${NEAR.radius}`,
    `testsource-2:name=crowd,devices=${CROWD.devices},count=${CROWD.devices},flood=true,lat=${CROWD.lat},lon=${CROWD.lon},radius=${CROWD.radius}`,
  ]);
  const status = async () => (await context.rest('system/status.json'))['svc.system.devices.count'];
  await waitUntil('every test device is tracked', async () => (await status()) === NEAR.devices + CROWD.devices, { timeoutMs: 120_000, intervalMs: 250 });
});
test.after(async (context) => {
  await stopServer(context);
  assert.equal(context.outside, [], 'Chromium asked for nothing outside svc');
});

test("the archive's tiles, each where its address puts it, credited as the archive says", async (context) => {
  const page = await openMap(context, `#/map?view=all&at=${NEAR.lat},${NEAR.lon},15`);
  await settled(page);
  const centre = centreOf(page);
  assert.equal(centre, { lat: NEAR.lat, lon: NEAR.lon, zoom: 15 });
  const pixels = await mapPixels(page);
  const markers = [...(await restPositions(context, 'all')).values()].map((position) => screenPixel(position.lat, position.lon, centre, pixels.width, pixels.height));
  // Every 37 pixels, away from the markers, the controls in the map's corners and the tiles' edges.
  let checked = 0;
  for (let y = 60; y < pixels.height - 40; y += 37) {
    for (let x = 60; x < pixels.width - 260; x += 37) {
      const tile = tileAt(x + 0.5, y + 0.5, centre, pixels.width, pixels.height);
      if (tile.inX < 3 || tile.inY < 3 || tile.inX > 253 || tile.inY > 253) continue;
      if (markers.some(([mx, my]) => Math.hypot(mx - x, my - y) < 12)) continue;
      const seen = pixels.rgb(x, y);
      assert.equal(seen, testTileColour(tile.z, tile.x, tile.y), `pixel ${x},${y}: tile ${tile.z}/${tile.x}/${tile.y}`);
      checked++;
    }
  }
  assert.ok(checked > 200, `${checked} pixels checked`);
  assert.match(String(await page.textContent('.leaflet-control-attribution')), 'test tiles of svc');
  await close(page);
});

test('every device’s marker within 2 px of where its REST position projects; a click opens it', async (context) => {
  const near = await context.sourceUuid('near');
  const page = await openMap(context, `#/map?view=seenby-${near}&at=${NEAR.lat},${NEAR.lon},16`);
  await settled(page);
  const positions = await restPositions(context, `seenby-${near}`);
  assert.is(positions.size, NEAR.devices);
  const pixels = await mapPixels(page);
  const centre = centreOf(page);
  for (const [key, position] of positions) {
    const expected = screenPixel(position.lat, position.lon, centre, pixels.width, pixels.height);
    const found = patchCentre(pixels, OTHER_DEVICE_FILL, expected, 9);
    assert.ok(found, `a marker near ${expected.map((value) => value.toFixed(1))} for ${key}`);
    const offset = Math.hypot(found[0] - expected[0], found[1] - expected[1]);
    assert.ok(offset <= 2, `${key}: marker at ${found.map((value) => value.toFixed(2))}, its position projects to ${expected.map((value) => value.toFixed(2))}: ${offset.toFixed(2)} px`);
  }
  assert.match(String(await page.textContent('[data-testid=map-summary]')), `${NEAR.devices} located, ${NEAR.devices} in sight`);
  const [key, position] = [...positions][5]!;
  const [x, y] = screenPixel(position.lat, position.lon, centre, pixels.width, pixels.height);
  await page.locator('[data-testid=map]').click({ position: { x, y } });
  await page.waitForFunction((wanted) => location.hash.includes(`device=${wanted}`), key);
  await page.getByRole('complementary', { name: 'Device detail' }).getByRole('definition').getByText(position.mac, { exact: true }).waitFor();
  if (screenshots) {
    mkdirSync(screenshots, { recursive: true });
    await page.screenshot({ path: join(screenshots, 'map.png') });
  }
  await close(page);
});

test("the map draws its first answer while the plugins' UI modules are still on their way, and draws on once they come", async (context) => {
  const page = await open(context, `#/map?view=all&at=${NEAR.lat},${NEAR.lon},15`);
  await refuseOutside(context, page);
  // The list of UI modules is held back until the map has drawn (routes added later are tried first).
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route('**/ui/modules.json', async (route) => {
    held++;
    await released;
    await route.continue();
  });
  await logIn(context, page);
  await page.waitForSelector('[data-testid=map][data-drawn]', { timeout: 60_000 });
  assert.is(held, 1, 'the modules were asked for and are still held back');
  assert.match(String(await page.textContent('[data-testid=map-summary]')), `${NEAR.devices} located`);
  release();
  await settled(page);
  assert.match(String(await page.textContent('[data-testid=map-summary]')), `${NEAR.devices} located`);
  await close(page);
});

test('100,000 located devices are clustered: the badges are the clusters the API reports, where it puts them, with their counts', async (context) => {
  const crowd = await context.sourceUuid('crowd');
  const view = `seenby-${crowd}`;
  const page = await openMap(context, `#/map?view=${view}`);
  // With no place in the URL the map fits every located device of the view, so all are in sight.
  const everything = `${CROWD.devices.toLocaleString('en-US')} located, ${CROWD.devices.toLocaleString('en-US')} in sight in `;
  await page.waitForFunction((expected) => document.querySelector('[data-testid=map-summary]')?.textContent?.startsWith(expected), everything).catch(async (error: unknown) => {
    throw new Error(`the map never said '${everything}…'; it says '${await page.textContent('[data-testid=map-summary]')}' (${String(error)})`);
  });
  await page.waitForFunction(() => location.hash.includes('at='));
  await settled(page);
  const centre = centreOf(page);
  const size = (await page.locator('[data-testid=map]').boundingBox())!;
  const answer = await context.rest(`devices/views/${view}/map.json`, { zoom: centre.zoom, box: [-180, -85, 180, 85] });
  assert.is(answer['svc.map.located'], CROWD.devices);
  const clusters = answer['svc.map.clusters'] as [number, number, number][];
  assert.ok(clusters.length > 20 && clusters.length < 1000, `${clusters.length} clusters`);
  assert.is(clusters.reduce((sum, cluster) => sum + cluster[2], 0) + answer['svc.map.points'].length, CROWD.devices);
  const pixels = await mapPixels(page);
  for (const [lat, lon, count] of clusters) {
    // A badge is drawn there (its fill near the centre), and pointing at the centre names its count.
    const [x, y] = screenPixel(lat, lon, centre, size.width, size.height);
    assert.ok(patchCentre(pixels, CLUSTER_FILL, [x, y], 12), `a badge at ${x.toFixed(1)},${y.toFixed(1)} for ${count} devices`);
    await page.mouse.move(size.x + x, size.y + y);
    assert.is(await page.textContent('.map-tooltip'), `${count.toLocaleString('en-US')} devices: click to zoom in`, `the badge at ${x.toFixed(1)},${y.toFixed(1)}`);
  }
  await close(page);
});

test("opened bare, the map's first question asks the server to fit it, and it goes where the real Leaflet fits the devices; the server fits maps of any size as Leaflet does", async (context) => {
  const crowd = await context.sourceUuid('crowd');
  const view = `seenby-${crowd}`;
  const page = await open(context, `#/map?view=${view}`);
  await refuseOutside(context, page);
  const answered: Record<string, unknown>[] = [];
  page.on('requestfinished', (request) => {
    if (request.url().includes('/map.json')) answered.push(JSON.parse(request.postData() ?? '{}') as Record<string, unknown>);
  });
  await logIn(context, page);
  await page.waitForFunction(() => location.hash.includes('at='));
  // Leaflet takes the map's size in whole pixels, as the element's client size gives it.
  const size = await page.locator('[data-testid=map]').evaluate((element) => ({ width: element.clientWidth, height: element.clientHeight }));
  assert.equal(answered[0]?.fit, [size.width, size.height], 'the first question answered fits the map as it is');
  assert.equal([answered[0]?.fit_padding, answered[0]?.fit_max_zoom], [24, 16]);

  // The real Leaflet, in a page of its own, fitting the same extents in maps of the same sizes.
  const leaflet = await context.browser.newPage();
  await leaflet.setContent('<div id="map"></div>');
  await leaflet.addScriptTag({ path: createRequire(import.meta.url).resolve('leaflet/dist/leaflet.js') });
  const leafletFit = (extent: number[], width: number, height: number) =>
    leaflet.evaluate(
      ([[west, south, east, north], width, height]) => {
        const element = document.getElementById('map')!;
        element.style.cssText = `width: ${width}px; height: ${height}px`;
        const L = (window as unknown as { L: any }).L;
        const map = L.map(element, { maxZoom: 22, minZoom: 1 }).setView([20, 0], 2);
        map.fitBounds([[south, west], [north, east]], { padding: [24, 24], maxZoom: 16, animate: false });
        const place = [map.getCenter().lat, map.getCenter().lng, map.getZoom()];
        map.remove();
        return place as [number, number, number];
      },
      [extent, width, height] as const,
    );
  const extent = (await context.rest(`devices/views/${view}/map.json`, { zoom: 0, max_points: 1 }))['svc.map.extent'] as number[];
  const [lat, lon, zoom] = await leafletFit(extent, size.width, size.height);
  assert.equal(centreOf(page), { lat: Number(lat.toFixed(5)), lon: Number(lon.toFixed(5)), zoom }, "the map's place is Leaflet's fit of the view's devices");
  for (const fitView of [view, 'all', `seenby-${await context.sourceUuid('near')}`]) {
    for (const [width, height] of [[1366, 794], [300, 200], [800, 600], [1920, 1080], [480, 1200]] as const) {
      const answer = await context.rest(`devices/views/${fitView}/map.json`, { fit: [width, height], fit_padding: 24, fit_max_zoom: 16 });
      const expected = await leafletFit(answer['svc.map.extent'], width, height);
      const [fitLat, fitLon, fitZoom] = answer['svc.map.fit'] as number[];
      assert.is(fitZoom, expected[2], `${fitView} in ${width} × ${height}: zoom`);
      assert.ok(Math.abs(fitLat! - expected[0]) < 1e-9 && Math.abs(fitLon! - expected[1]) < 1e-9, `${fitView} in ${width} × ${height}: ${answer['svc.map.fit']} against Leaflet's ${expected}`);
    }
  }
  await leaflet.close();
  await close(page);
});

test.run();

const offline = suite<MapContext>('the map with no tiles configured');
offline.before(async (context) => {
  await startServer(context, ['map_tile_url=none'], [`testsource-1:name=near,devices=${NEAR.devices},count=${NEAR.devices},flood=true,lat=${NEAR.lat},lon=${NEAR.lon},radius=${NEAR.radius}`]);
  await waitUntil('the test devices are tracked', async () => (await context.rest('system/status.json'))['svc.system.devices.count'] === NEAR.devices, { timeoutMs: 60_000 });
});
offline.after(async (context) => {
  await stopServer(context);
  assert.equal(context.outside, [], 'Chromium asked for nothing outside svc');
});

offline('opened bare on a search nothing matches yet, the map stays where it opened and counts what comes into sight later', async (context) => {
  const page = await openMap(context, '#/map?view=all&q=test-3');
  const summary = (pattern: RegExp) =>
    page.waitForFunction((source) => new RegExp(source).test(document.querySelector('[data-testid=map-summary]')?.textContent ?? ''), pattern.source).catch(async (error: unknown) => {
      throw new Error(`the map never said ${pattern}; it says '${await page.textContent('[data-testid=map-summary]')}' (${String(error)})`);
    });
  await summary(/^0 located, 0 in sight/);
  await context.rest('datasource/add_source.cmd', { definition: 'testsource-3:name=late,devices=5,count=5,flood=true,lat=-33.9,lon=18.4,radius=400' });
  // Counted in sight: the map asks for the box it shows, not for a fit it never made.
  await summary(/^5 located, 5 in sight/);
  assert.not.match(page.url(), 'at=', 'the map did not move');
  await close(page);
});

offline('a labelled coordinate grid, its lines at the longitudes and latitudes of its step, with the devices on it: never a blank page', async (context) => {
  assert.is((await context.rest('map/source.json'))['svc.map.tile_source'], 'none');
  const page = await openMap(context, `#/map?view=all&at=${NEAR.lat},${NEAR.lon},14`);
  await settled(page);
  assert.is(await page.locator('.leaflet-tile-container img').count(), 0, 'no tile is asked for');
  const pixels = await mapPixels(page);
  const centre = centreOf(page);
  const background = [0xee, 0xf1, 0xf5];
  const line = [0xc9, 0xd0, 0xda];
  // At zoom 14 the grid's step is 0.02°: the lines of 4.88° E and 4.90° E, and of 52.36° N and 52.38° N, run where the test projects them.
  // A line is one pixel wide, within a pixel of where its coordinate projects (tile pixels are whole).
  const lineAt = (samples: (offset: number) => [number, number][]) =>
    [-1, 0, 1].map((offset) => samples(offset).filter(([x, y]) => pixels.rgb(x, y).join() === line.join()).length).sort((a, b) => b - a)[0]!;
  for (const lon of [4.86, 4.88, 4.9, 4.92]) {
    const column = Math.floor(screenPixel(NEAR.lat, lon, centre, pixels.width, pixels.height)[0]);
    const onLine = lineAt((offset) => [...Array(20)].map((_, index) => [column + offset, 150 + index * 25]));
    assert.ok(onLine >= 15, `the line of ${lon}° E near x ${column}: ${onLine} of 20 samples are line-coloured`);
    assert.equal(pixels.rgb(column + 6, 400), background, `beside the line of ${lon}° E`);
  }
  for (const lat of [52.36, 52.38]) {
    const row = Math.floor(screenPixel(lat, NEAR.lon, centre, pixels.width, pixels.height)[1]);
    const onLine = lineAt((offset) => [...Array(20)].map((_, index) => [100 + index * 50, row + offset]));
    assert.ok(onLine >= 15, `the line of ${lat}° N near y ${row}: ${onLine} of 20 samples are line-coloured`);
  }
  let labelPixels = 0;
  for (let y = 0; y < pixels.height; y++) for (let x = 0; x < pixels.width; x++) if (pixels.rgb(x, y).join() === '90,100,116') labelPixels++;
  assert.ok(labelPixels > 100, `the lines are labelled (${labelPixels} pixels of label text)`);
  let markers = 0;
  for (const position of (await restPositions(context, 'all')).values()) {
    if (patchCentre(pixels, OTHER_DEVICE_FILL, screenPixel(position.lat, position.lon, centre, pixels.width, pixels.height), 9)) markers++;
  }
  assert.is(markers, NEAR.devices, 'the devices are drawn on the grid');
  await close(page);
});

offline.run();
