/**
 * Map figures in real Chromium against a real `svc start` holding 100,000 located devices (the
 * test datasource, spread over a 20 km disc) with tiles from an MBTiles archive svc serves: the
 * time from opening the map page to its first paint of the devices (opened at a place, as a
 * link or a reload does, and opened bare, fitting every device; by the page's clock, and as
 * the bench's polling sees it), and long tasks (over 50 ms,
 * from the browser's own PerformanceObserver) while the map is dragged and wheel-zoomed for a
 * minute as 1,000 devices a second change, with the slowest animation frame and the map
 * route's request times meanwhile, and, from a Chromium trace of that minute, the tasks whose
 * own CPU time on the main thread is over 50 ms (on a loaded machine a task's wall clock also
 * counts the time it waited for a core). The figures are taken once the server has logged the
 * devices just added and is idle. Chromium may reach nothing but the server. Prints
 * figures; asserts nothing. `SVC_MAP_BENCH_FIRST_PAINT_ONLY=1` measures the first paint alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testTilesAround, writeMbtiles } from '@svc/core/testing';
import { addTestDevices, loggedInBrowser, settleServer, startBenchServer } from './bench-server.js';
import { mainThreadTasks } from './chromium-trace.js';

const DEVICES = 100_000;
const CENTRE = { lat: 52.37, lon: 4.89 };
const RADIUS_M = 20_000;
const INTERACT_SECONDS = 60;
const CHANGES_PER_SECOND = 1000;

const tilesDir = mkdtempSync(join(tmpdir(), 'svc-bench-tiles-'));
const tiles = join(tilesDir, 'bench.mbtiles');
writeMbtiles(tiles, testTilesAround(CENTRE.lat, CENTRE.lon, 0, 17, 4), { format: 'png', attribution: 'bench tiles' });
const server = await startBenchServer([`map_tiles=${tiles}`]);
const { base } = server;
const located = `lat=${CENTRE.lat},lon=${CENTRE.lon},radius=${RADIUS_M}`;
await addTestDevices(server, DEVICES, located);
console.log(`server holds ${await server.deviceCount()} devices, located in a ${RADIUS_M / 1000} km disc`);
await settleServer(server);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const { browser, context } = await loggedInBrowser(server);
const outside: string[] = [];
await context.route('**/*', (route) => {
  if (route.request().url().startsWith(base)) return route.continue();
  outside.push(route.request().url());
  return route.abort();
});

// The page notes its own clock (from the start of its navigation) each time the map counts an answer drawn.
await context.addInitScript(`
  window.mapDrawnAt = [];
  new MutationObserver(() => {
    const drawn = Number(document.querySelector('[data-testid=map]')?.getAttribute('data-drawn') ?? 0);
    while (window.mapDrawnAt.length < drawn) window.mapDrawnAt.push(performance.now());
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-drawn'] });
`);

/**
 * Milliseconds from opening `hash` until the map has drawn `answers` answers of the server
 * (opened bare, the first it draws is the place the server fitted to the devices): by the page's own clock, and
 * as the bench sees it (its navigation and polling included: the page must paint a frame for
 * the bench to look, which a busy page delays).
 */
async function firstPaint(hash: string, answers: number): Promise<{ page: number; seen: number }> {
  const page = await context.newPage();
  const started = performance.now();
  await page.goto(`${base}/${hash}`);
  await page.waitForFunction((wanted) => Number(document.querySelector('[data-testid=map]')?.getAttribute('data-drawn') ?? 0) >= wanted, answers, { polling: 'raf' });
  const seen = performance.now() - started;
  const drawnAt = (await page.evaluate('window.mapDrawnAt')) as number[];
  await page.close();
  return { page: drawnAt[answers - 1]!, seen };
}

const atPlace: { page: number; seen: number }[] = [];
const bare: { page: number; seen: number }[] = [];
for (let run = 0; run < 5; run++) {
  atPlace.push(await firstPaint(`#/map?view=all&at=${CENTRE.lat},${CENTRE.lon},11`, 1));
  bare.push(await firstPaint('#/map?view=all', 1));
}
const runs = (values: number[]) => values.map((ms) => ms.toFixed(0)).join(', ');
const figures = (times: { page: number; seen: number }[]) => {
  const page = times.map((time) => time.page);
  const seen = times.map((time) => time.seen);
  return `by the page's clock median ${median(page).toFixed(0)} ms, max ${Math.max(...page).toFixed(0)} ms (runs ${runs(page)}); as the bench saw it median ${median(seen).toFixed(0)} ms (runs ${runs(seen)})`;
};
console.log(`first map paint, opened at a place (${DEVICES} located devices, clusters drawn): ${figures(atPlace)}`);
console.log(`first map paint, opened bare (fitted to every device by the server, or by the map when the size it guessed was wrong): ${figures(bare)}`);

if (process.env.SVC_MAP_BENCH_FIRST_PAINT_ONLY === '1') await finish();

const page = await context.newPage();
await page.goto(`${base}/#/map?view=all&at=${CENTRE.lat},${CENTRE.lon},11`);
await page.waitForSelector('[data-testid=map][data-drawn]');
// The same interface number as the first source: the same MACs, so existing devices change.
await server.addSource(`testsource-1:name=changes,uuid=5E1F0000-0000-4000-8000-000000000003,devices=${DEVICES},pps=${CHANGES_PER_SECOND},${located}`);
// Traced from before the browser's long-task observer starts, so starting the trace is not one of its tasks.
// SVC_BENCH_TRACE=<file> records the minute with the timeline's categories too (slower), to see what a long task did.
const tracePath = process.env.SVC_BENCH_TRACE;
await browser.startTracing(page, { categories: ['toplevel', ...(tracePath ? ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline'] : [])], ...(tracePath ? { path: tracePath } : {}) });
// As text, so tsx leaves the page's code as it is (it would wrap named functions in a helper the page lacks).
await page.evaluate(`
  window.watch = { longTasks: [], slowestFrame: 0 };
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.watch.longTasks.push(entry.duration); }).observe({ type: 'longtask', buffered: false });
  let last = performance.now();
  const frame = (now) => { window.watch.slowestFrame = Math.max(window.watch.slowestFrame, now - last); last = now; requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  // Room for the minute's requests: at the default 250 the tiles fill the buffer and later map requests go uncounted.
  performance.setResourceTimingBufferSize(100000);
  performance.clearResourceTimings();
`);
const box = (await page.locator('[data-testid=map]').boundingBox())!;
const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
const end = performance.now() + INTERACT_SECONDS * 1000;
let drags = 0;
let wheels = 0;
let zoomingIn = true;
while (performance.now() < end) {
  // A drag of 300 px in 15 steps, one way then back, then a wheel step in or out (Leaflet zooms 2 levels for the wheel's 120 px: zoom 11 to 21 and back).
  const direction = drags % 2 === 0 ? 1 : -1;
  await page.mouse.move(middle.x, middle.y);
  await page.mouse.down();
  for (let step = 1; step <= 15; step++) await page.mouse.move(middle.x + direction * step * 20, middle.y + direction * step * 8);
  await page.mouse.up();
  drags++;
  await page.mouse.wheel(0, zoomingIn ? -120 : 120);
  wheels++;
  if (wheels % 5 === 0) zoomingIn = !zoomingIn;
  await page.waitForTimeout(300);
}
const watched = await page.evaluate(() => (window as unknown as { watch: { longTasks: number[]; slowestFrame: number } }).watch);
const requests = await page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/map.json')).map((entry) => entry.duration));
const tasks = mainThreadTasks(await browser.stopTracing());
const overCpu = tasks.filter((task) => task.cpuMs > 50);
console.log(
  `dragging and wheel-zooming ${INTERACT_SECONDS} s (${drags} drags, ${wheels} zoom steps, zoom 11 to 21) while ${CHANGES_PER_SECOND} devices/s change: ` +
    `${watched.longTasks.length} long tasks over 50 ms${watched.longTasks.length ? ` (longest ${Math.max(...watched.longTasks).toFixed(0)} ms)` : ''}, ` +
    `slowest frame ${watched.slowestFrame.toFixed(0)} ms; ${requests.length} map requests, median ${median(requests).toFixed(0)} ms, max ${Math.max(...requests).toFixed(0)} ms`,
);
console.log(
  `  the same minute traced: ${tasks.filter((task) => task.wallMs > 50).length} main-thread tasks over 50 ms of wall clock, ` +
    `${overCpu.length} over 50 ms of the thread's own CPU time${overCpu.length ? ` (longest ${Math.max(...overCpu.map((task) => task.cpuMs)).toFixed(0)} ms)` : ''}; ` +
    `the longest task's CPU time ${Math.max(...tasks.map((task) => task.cpuMs)).toFixed(0)} ms; main-thread CPU ${(tasks.reduce((sum, task) => sum + task.cpuMs, 0) / 1000).toFixed(1)} s`,
);
await finish();

/** Prints what Chromium asked outside svc, stops everything and ends the bench. */
async function finish(): Promise<never> {
  console.log(`requests outside svc: ${outside.length}`);
  await browser.close();
  await server.stop();
  rmSync(tilesDir, { recursive: true, force: true });
  process.exit(0);
}
