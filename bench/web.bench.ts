/**
 * Web app figures in real Chromium against a real `svc start` holding 100,000 devices (the test
 * datasource): time from opening the app to the first rows on screen, time to show the rows
 * after jumping to the middle of the table, long tasks (over 50 ms, from the browser's own
 * PerformanceObserver) during a minute of scrolling while 1,000 devices a second change, how
 * long a new device takes to be counted in the open table, and the app's JavaScript gzipped. Prints figures; asserts nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { addTestDevices, loggedInBrowser, startBenchServer } from './bench-server.js';

const DEVICES = 100_000;
const SCROLL_SECONDS = 60;
const CHANGES_PER_SECOND = 1000;

const server = await startBenchServer();
const { base, addSource, deviceCount } = server;
await addTestDevices(server, DEVICES);
console.log(`server holds ${await deviceCount()} devices`);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const { browser, context } = await loggedInBrowser(server);

const firstScreen: number[] = [];
for (let run = 0; run < 5; run++) {
  const page = await context.newPage();
  const started = performance.now();
  await page.goto(`${base}/#/devices?view=all`);
  await page.waitForSelector('.tr[data-key]');
  firstScreen.push(performance.now() - started);
  await page.close();
}
if (process.env.SVC_SCREENSHOTS) {
  // What a person sees at this size: the table mid-view.
  const look = await context.newPage();
  await look.goto(`${base}/#/devices?view=all`);
  await look.waitForSelector('.tr[data-key]');
  await look.screenshot({ path: join(process.env.SVC_SCREENSHOTS, `devices-${DEVICES}.png`) });
  await look.close();
}
console.log(`first screen (open the app, ${DEVICES} devices, until the first rows show): median ${median(firstScreen).toFixed(0)} ms, runs ${firstScreen.map((ms) => ms.toFixed(0)).join(', ')}`);

const page = await context.newPage();
await page.goto(`${base}/#/devices?view=all`);
await page.waitForSelector('.tr[data-key]');
await page.evaluate(() => performance.clearResourceTimings());
const jumps: number[] = [];
const requests: number[] = [];
for (const fraction of [0.5, 0.25, 0.75, 0.4, 0.6, 0.1, 0.9, 0.33, 0.66, 0.5]) {
  // Timed in the page: from setting the scroll position (what a scrollbar drag does) to the
  // first animation frame at which every row on screen near that point holds its device.
  const elapsed = await page.evaluate(async (where) => {
    const scroller = document.querySelector('[data-testid=device-scroller]')!;
    const started = performance.now();
    scroller.scrollTop = Math.floor(scroller.scrollHeight * where);
    const target = Math.floor(scroller.scrollTop / 28);
    // (No named functions in here: tsx would wrap them in a helper the page does not have.)
    for (;;) {
      const rows = [...document.querySelectorAll('.tr')];
      if (rows.length > 0 && rows.every((row) => row.hasAttribute('data-key')) && rows.some((row) => Math.abs(Number(row.getAttribute('data-index')) - target) < 40)) break;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    return performance.now() - started;
  }, fraction);
  jumps.push(elapsed);
  // The slowest devices.json request the jump made, as the browser timed it (request to last byte).
  const timings = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('devices.json')).map((entry) => entry.duration);
    performance.clearResourceTimings();
    return entries;
  });
  if (timings.length) requests.push(Math.max(...timings));
}
console.log(
  `jump within the table (scrollbar dragged to a point, until its rows show): median ${median(jumps).toFixed(0)} ms, max ${Math.max(...jumps).toFixed(0)} ms; ` +
    `its page request median ${median(requests).toFixed(0)} ms`,
);

// The same interface number as the first source: the same MACs, so existing devices change.
await addSource(`testsource-1:name=changes,uuid=5E1F0000-0000-4000-8000-000000000002,devices=${DEVICES},pps=${CHANGES_PER_SECOND}`);
await page.evaluate(() => {
  const tasks: number[] = [];
  (window as unknown as { longTasks: number[] }).longTasks = tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: false });
});
// SVC_BENCH_TRACE=<file> records a Chrome trace of the scrolling minute, to see what a long task did.
const trace = process.env.SVC_BENCH_TRACE;
if (trace) await browser.startTracing(page, { path: trace, screenshots: false });
const box = (await page.locator('[data-testid=device-scroller]').boundingBox())!;
await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
const scrollEnd = performance.now() + SCROLL_SECONDS * 1000;
let direction = 1;
let wheels = 0;
while (performance.now() < scrollEnd) {
  await page.mouse.wheel(0, direction * 600);
  wheels++;
  if (wheels % 200 === 0) direction = -direction;
  await page.waitForTimeout(50);
}
const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
if (trace) await browser.stopTracing();
const before = await deviceCount();
console.log(
  `scrolling ${SCROLL_SECONDS} s (${wheels} wheel steps) while ${CHANGES_PER_SECOND} devices/s change: ${longTasks.length} long tasks over 50 ms` +
    (longTasks.length ? ` (longest ${Math.max(...longTasks).toFixed(0)} ms)` : '') +
    `; server still holds ${before} devices`,
);

// Live: how long a new device takes to show in an open table (its rows refresh every 2 s).
const appeared: number[] = [];
for (let run = 0; run < 3; run++) {
  const expected = (await deviceCount()) + 1;
  const started = performance.now();
  await addSource(`testsource-${7 + run}:devices=1,count=1,flood=true`);
  await page
    .waitForFunction((total) => document.querySelector('[data-testid=device-count]')?.textContent?.replace(/\D/g, '') === String(total), expected, { timeout: 10_000 })
    .catch(async (error: unknown) => {
      throw new Error(`the table never counted ${expected} devices; it shows '${await page.textContent('[data-testid=device-count]')}' (${String(error)})`);
    });
  appeared.push(performance.now() - started);
}
console.log(`a new device counted in the open table: median ${median(appeared).toFixed(0)} ms (runs ${appeared.map((ms) => ms.toFixed(0)).join(', ')})`);
await browser.close();

const appAssets = join('packages', 'web', 'dist', 'app', 'assets');
const scripts = readdirSync(appAssets).filter((name) => name.endsWith('.js'));
const gzipped = scripts.reduce((sum, name) => sum + gzipSync(readFileSync(join(appAssets, name)), { level: 9 }).length, 0);
const raw = scripts.reduce((sum, name) => sum + readFileSync(join(appAssets, name)).length, 0);
const modules = ['plugin-dot11/dist/ui/dot11.js', 'plugin-sdr-rtl433/dist/ui/rtl433.js', 'plugin-adsb/dist/ui/adsb.js', 'plugin-bluetooth/dist/ui/btle.js', 'plugin-bluetooth/dist/ui/bluetooth.js', 'plugin-uav/dist/ui/uav.js'].map((path) => join('packages', path));
const modulesGzipped = modules.reduce((sum, path) => sum + gzipSync(readFileSync(path), { level: 9 }).length, 0);
console.log(`app JavaScript: ${(raw / 1024).toFixed(0)} KB, ${(gzipped / 1024).toFixed(1)} KB gzipped; first-party UI modules ${(modulesGzipped / 1024).toFixed(1)} KB gzipped`);
await server.stop();
process.exit(0);
