/**
 * What the web app's end-to-end tests share: a real `svc start` replaying svc's own captures
 * (its demo scene and its 10 000-frame bulk capture of 100 access points), a real Mosquitto
 * broker MQTT out publishes to, a webhook receiver and an unreachable webhook for the alert
 * sinks, real Chromium, and the steps every test takes in a page (open, log in, close with no
 * page error). The server's config watches a demo access point (`devicefound=`), turns
 * DEVICELOST off and blocks randomized MACs (three in ten of the bulk capture's clients), so the
 * alerts and filters pages have something to show; plugins can be turned off
 * (`plugin_disable=`), to check the app shows nothing of them. Waits are on the event itself,
 * bounded generously (Playwright's 30 s, or more), never timed. With `SVC_SCREENSHOTS=<dir>`,
 * the tests save the screenshots the README shows.
 */
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { freePort, waitUntil } from '@svc/core/testing';
import { startMosquitto, type TestBroker } from '@svc/plugin-mqtt/testing';
import { launchChromium } from '../browser.js';
import { BULK_CAPTURE, DEMO_SCENE_CAPTURE } from '../dot11-captures.js';
import { basicAuth, startSvc, type SvcProcess } from '../svc-process.js';

/** How long an alert may take to reach a webhook on a busy machine (a sink delivers in order, after every earlier alert). */
export const DELIVERY_WAIT_MS = 60_000;
/** Where to save screenshots, when asked. */
export const screenshots = process.env.SVC_SCREENSHOTS;

/** The MQTT plugin, which the broker is for. */
const MQTT_PLUGIN = '@svc/plugin-mqtt';

/** A running server with its browser, as every test gets it. */
export interface WebContext {
  svc: SvcProcess;
  /** The broker MQTT out publishes to (none when the MQTT plugin is off), and a webhook receiver for an alert sink. */
  broker?: TestBroker;
  receiver: Server;
  hooks: string[];
  browser: Browser;
  /** The app's URL: the server root, with the prefix when there is one. */
  app: string;
  admin: string;
  readonlyKey: string;
  rest(path: string, body?: unknown): Promise<any>;
}

/** What the page steps need of a running server: the server, its URL and the browser (a suite of its own may start just these). */
export type AppContext = Pick<WebContext, 'svc' | 'browser' | 'app'>;

/** How to start the server. */
export interface WebAppOptions {
  /** `httpd_uri_prefix`, as behind a reverse proxy; '' for the root. */
  readonly prefix: string;
  /** First-party plugins to turn off (`plugin_disable=`). */
  readonly disable?: readonly string[];
}

/** Starts the broker, the webhook receiver, svc replaying both captures, and Chromium. */
export async function startWebApp(context: WebContext, { prefix, disable = [] }: WebAppOptions): Promise<void> {
  const configDir = mkdtempSync(join(tmpdir(), 'svc-web-'));
  const args = ['-c', `${DEMO_SCENE_CAPTURE.path}:name=demo`, '-c', `${BULK_CAPTURE.path}:name=bulk`, '--config', join(configDir, 'svc.conf')];
  const demoAccessPoint = Object.keys(DEMO_SCENE_CAPTURE.reference.bssids)[0]!.toUpperCase();
  if (!disable.includes(MQTT_PLUGIN)) context.broker = await startMosquitto();
  context.hooks = [];
  context.receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      context.hooks.push(body);
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => context.receiver.listen(0, '127.0.0.1', resolve));
  // Watchlist and filter lines for the alerts and filters pages, a web GPS for the system page's
  // test, a broker and two alert sinks for the integrations panel, and the prefix as behind a
  // reverse proxy.
  const conf = [
    `devicefound=${demoAccessPoint},demo access point`,
    'disable_alert=DEVICELOST',
    'ingest_filter=any,randomized,block',
    'gps=web:name=phone',
    ...(context.broker ? [`mqtt_broker=${context.broker.url}`] : []),
    `alert_sink=webhook:url=http://127.0.0.1:${(context.receiver.address() as { port: number }).port}/hook,name=ops`,
    `alert_sink=webhook:url=http://127.0.0.1:${await freePort()}/hook,name=nobody,retries=0`,
    ...(prefix ? [`httpd_uri_prefix=${prefix}`] : []),
    ...disable.map((name) => `plugin_disable=${name}`),
  ];
  writeFileSync(join(configDir, 'svc.conf'), `${conf.join('\n')}\n`);
  context.svc = await startSvc({ configDir, args });
  context.app = context.svc.url.replace(/\/$/, '');
  context.admin = basicAuth('svc', context.svc.password!);
  context.rest = async (path, body) => {
    const response = await fetch(`${context.app}/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: context.admin, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
    return text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text;
  };
  await waitUntil('both captures are replayed', () => context.svc.stderr().split('has no more data').length - 1 === 2, { timeoutMs: 60_000, detail: context.svc.stderr });
  context.readonlyKey = String(await context.rest('auth/apikey/generate.cmd', { name: 'web-reader', role: 'readonly', duration: 3600 })).trim();
  context.browser = await launchChromium();
}

/** Stops what `startWebApp` started; svc exits cleanly. */
export async function stopWebApp(context: WebContext): Promise<void> {
  await context.browser?.close();
  assert.is(await context.svc.stop(), 0);
  context.receiver.close();
  await context.broker?.stop();
}

/** Errors the open pages threw, checked when each closes. */
const pageErrors: string[] = [];

/** Opens the app at `hash` in a new page. */
export async function open(context: AppContext, hash = '#/devices', options: Parameters<Browser['newPage']>[0] = {}): Promise<Page> {
  const page = await context.browser.newPage({ viewport: { width: 1400, height: 860 }, ...options });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${context.app}/${hash}`);
  return page;
}

/** Closes a page; it must have thrown no error. */
export async function close(page: Page): Promise<void> {
  await page.close();
  assert.equal(pageErrors.splice(0), [], 'the page threw no error');
}

/** Logs in as the admin through the login form. */
export async function logIn(context: AppContext, page: Page): Promise<void> {
  await page.fill('input[name=user]', 'svc');
  await page.fill('input[name=password]', context.svc.password!);
  await page.click('form[aria-label="Log in"] button[type=submit]');
  await page.waitForSelector('[data-testid=who]');
}

/** The keys of the device table's rows, in table order. */
export function rowKeys(page: Page): Promise<string[]> {
  return page.$$eval('.tr[data-key]', (rows) => rows.sort((a, b) => Number(a.getAttribute('data-index')) - Number(b.getAttribute('data-index'))).map((row) => row.getAttribute('data-key')!));
}

/** The key of the device with this MAC (lower case), which svc must track. */
export async function deviceKeyOf(context: WebContext, mac: string): Promise<string> {
  const devices = (await context.rest('devices/views/all/devices.json', { fields: ['svc.device.base.key', 'svc.device.base.macaddr'] })) as Record<string, string>[];
  const device = devices.find((entry) => entry['svc.device.base.macaddr'].toLowerCase() === mac);
  assert.ok(device, `svc tracks ${mac}`);
  return device['svc.device.base.key'];
}
