/**
 * End-to-end: the web app in real Chromium against a real `svc start` replaying svc's own
 * captures: its demo scene and its 10 000-frame bulk capture of 100 access points. Every check
 * compares what the page shows with the REST API or tshark's kept reference of the capture. The
 * whole suite runs twice: at the server's root and under `httpd_uri_prefix=/svc`, as behind a
 * reverse proxy. The server's config watches a demo access point (`devicefound=`), turns
 * DEVICELOST off and blocks randomized MACs (three in ten of the bulk capture's clients), so the
 * alerts and filters pages have something to show. Waits are on the event itself, bounded
 * generously (Playwright's 30 s, or more), never timed. With `SVC_SCREENSHOTS=<dir>`, it saves the screenshots the
 * README shows.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createServer, type Server } from 'node:http';
import { freePort, waitUntil } from '@svc/core/testing';
import { startMosquitto, type TestBroker } from '@svc/plugin-mqtt/testing';
import { launchChromium } from './browser.js';
import { BULK_CAPTURE, DEMO_SCENE_CAPTURE, networkName } from './dot11-captures.js';
import { basicAuth, startSvc, type SvcProcess } from './svc-process.js';

const bulkReference = BULK_CAPTURE.reference;
const demoReference = DEMO_SCENE_CAPTURE.reference;
/** How long an alert may take to reach a webhook on a busy machine (a sink delivers in order, after every earlier alert). */
const DELIVERY_WAIT_MS = 60_000;
const screenshots = process.env.SVC_SCREENSHOTS;

interface Context {
  svc: SvcProcess;
  /** The broker MQTT out publishes to, and a webhook receiver for an alert sink. */
  broker: TestBroker;
  receiver: Server;
  hooks: string[];
  browser: Browser;
  /** The app's URL: the server root, with the prefix when there is one. */
  app: string;
  admin: string;
  readonlyKey: string;
  rest(path: string, body?: unknown): Promise<any>;
}

function webSuite(prefix: string) {
  const test = suite<Context>(`web app${prefix ? ` under ${prefix}` : ''}`);

  test.before(async (context) => {
    const configDir = mkdtempSync(join(tmpdir(), 'svc-web-'));
    const args = ['-c', `${DEMO_SCENE_CAPTURE.path}:name=demo`, '-c', `${BULK_CAPTURE.path}:name=bulk`, '--config', join(configDir, 'svc.conf')];
    const demoAccessPoint = Object.keys(demoReference.bssids)[0]!.toUpperCase();
    context.broker = await startMosquitto();
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
      `mqtt_broker=${context.broker.url}`,
      `alert_sink=webhook:url=http://127.0.0.1:${(context.receiver.address() as { port: number }).port}/hook,name=ops`,
      `alert_sink=webhook:url=http://127.0.0.1:${await freePort()}/hook,name=nobody,retries=0`,
      ...(prefix ? [`httpd_uri_prefix=${prefix}`] : []),
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
  });

  test.after(async (context) => {
    await context.browser?.close();
    assert.is(await context.svc.stop(), 0);
    context.receiver.close();
    await context.broker.stop();
  });

  const pageErrors: string[] = [];
  const open = async (context: Context, hash = '#/devices', options: Parameters<Browser['newPage']>[0] = {}): Promise<Page> => {
    const page = await context.browser.newPage({ viewport: { width: 1400, height: 860 }, ...options });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${context.app}/${hash}`);
    return page;
  };
  const close = async (page: Page) => {
    await page.close();
    assert.equal(pageErrors.splice(0), [], 'the page threw no error');
  };
  const logIn = async (context: Context, page: Page) => {
    await page.fill('input[name=user]', 'svc');
    await page.fill('input[name=password]', context.svc.password!);
    await page.click('form[aria-label="Log in"] button[type=submit]');
    await page.waitForSelector('[data-testid=who]');
  };
  const rowKeys = (page: Page) => page.$$eval('.tr[data-key]', (rows) => rows.sort((a, b) => Number(a.getAttribute('data-index')) - Number(b.getAttribute('data-index'))).map((row) => row.getAttribute('data-key')!));
  const deviceKeyOf = async (context: Context, mac: string) => {
    const devices = (await context.rest('devices/views/all/devices.json', { fields: ['svc.device.base.key', 'svc.device.base.macaddr'] })) as Record<string, string>[];
    const device = devices.find((entry) => entry['svc.device.base.macaddr'].toLowerCase() === mac);
    assert.ok(device, `svc tracks ${mac}`);
    return device['svc.device.base.key'];
  };

  test('the app asks for a login; a wrong password is refused in the server’s words; the right one shows who is logged in', async (context) => {
    const page = await open(context);
    await page.fill('input[name=password]', 'wrong');
    await page.click('form[aria-label="Log in"] button[type=submit]');
    assert.is((await page.textContent('[role=alert]'))?.trim(), 'wrong user or password');
    await logIn(context, page);
    assert.is((await page.textContent('[data-testid=who]'))?.replace(/\s+/g, ' ').trim(), 'svc (admin)');
    await page.waitForSelector('[data-testid=event-bus]:has-text("live")');
    await close(page);
  });

  test('the demo access point is in the access point view, with the SSID tshark saw as its name; the view holds every BSSID tshark saw', async (context) => {
    const [bssid, network] = Object.entries(demoReference.bssids)[0]!;
    const key = await deviceKeyOf(context, bssid);
    // 100 more recent access points of the other capture come first; the search by BSSID finds it.
    const page = await open(context, `#/devices?view=phydot11_accesspoints&q=${bssid}`);
    await logIn(context, page);
    await page.waitForSelector(`.tr[data-key="${key}"]`);
    assert.is((await page.textContent(`.tr[data-key="${key}"] [role=cell]`))?.trim(), networkName(network));
    const bssids = Object.keys(demoReference.bssids).length + Object.keys(bulkReference.bssids).length;
    await page.locator(`[data-testid=device-count]:text-is("1 of ${bssids} devices")`).waitFor();
    await close(page);
  });

  test('sorting by name and searching show the rows the REST API gives for the same sort and search', async (context) => {
    const page = await open(context, '#/devices?view=all');
    await logIn(context, page);
    await page.waitForSelector('.tr[data-key]');
    await page.click('button[data-column=name]');
    await page.waitForSelector('[role=columnheader][aria-sort=ascending] button[data-column=name]');
    const fields = ['svc.device.base.key', 'svc.device.base.commonname'];
    const reference = (await context.rest('devices/views/all/devices.json', { fields, page: 0, size: 25, sort: 'svc.device.base.commonname', sort_dir: 'asc' })) as any;
    const referenceRows = (Array.isArray(reference) ? reference : reference['svc.devices.paged.data'] ?? reference.data) as Record<string, string>[];
    const expected = referenceRows.map((row) => row['svc.device.base.key']).slice(0, 20);
    let shownFirst: string[] = [];
    await waitUntil('the table shows the first rows in name order', async () => JSON.stringify((shownFirst = (await rowKeys(page)).slice(0, 20))) === JSON.stringify(expected), {
      timeoutMs: 30_000,
      detail: () => `table ${JSON.stringify(shownFirst)}\nREST  ${JSON.stringify(expected)}`,
    });
    if (screenshots) {
      mkdirSync(screenshots, { recursive: true });
      await page.screenshot({ path: join(screenshots, 'devices.png') });
    }

    const term = 'maple-';
    await page.fill('input[aria-label="Search devices"]', term);
    await page.waitForURL((url) => url.hash.includes(`q=${term}`));
    const searched = (await context.rest('devices/views/all/devices.json', { fields: ['svc.device.base.key', 'svc.device.base.commonname', 'svc.device.base.macaddr'], datatable: true, start: 0, length: 1000, search: { value: term } })) as { recordsFiltered: number; data: Record<string, string>[] };
    const matching = Object.values(bulkReference.bssids).filter((network) => network.ssids.some((ssid) => ssid.includes(term))).length;
    assert.ok(searched.recordsFiltered >= matching && matching > 0, `${searched.recordsFiltered} devices match '${term}'; tshark saw ${matching} networks named so`);
    let countText = '';
    await waitUntil('the count shows the matches', async () => (countText = String(await page.textContent('[data-testid=device-count]'))).startsWith(`${searched.recordsFiltered} of`), {
      timeoutMs: 30_000,
      detail: () => countText,
    });
    const shown = await rowKeys(page);
    assert.ok(shown.length > 0);
    for (const key of shown) assert.ok(searched.data.some((row) => row['svc.device.base.key'] === key), `${key} matches '${term}'`);
    await close(page);
  });

  test('an access point’s detail shows the SSID and encryption tshark saw, in the Wi-Fi panel the plugin contributes', async (context) => {
    const [bssid, network] = Object.entries(bulkReference.bssids).find(([, entry]) => entry.encryption.includes('RSN') && networkName(entry) !== '')!;
    const key = await deviceKeyOf(context, bssid);
    const device = await context.rest(`devices/by-key/${key}/device.json`);
    const advertised = device['dot11.device']['dot11.device.advertised_ssid_map'];
    const crypt = String((Array.isArray(advertised) ? advertised : Object.values(advertised))[0]['dot11.advertisedssid.crypt_string']);
    const page = await open(context, `#/devices?view=all&device=${key}`);
    await logIn(context, page);
    const panel = page.locator('[data-panel=dot11-networks]');
    await panel.waitFor();
    const cells = await panel.locator('tbody tr').first().locator('td').allTextContents();
    assert.is(cells[0], networkName(network));
    assert.is(cells[1], crypt);
    assert.match(crypt, /WPA2|WPA3|RSN/, 'an RSN network is not shown as open');
    if (screenshots) await page.screenshot({ path: join(screenshots, 'device-detail.png') });
    await close(page);
  });

  test('pausing a source from the sources page pauses it on the server, and resuming resumes it', async (context) => {
    const page = await open(context, '#/sources');
    await logIn(context, page);
    const card = page.locator('article[aria-label="Source demo"]');
    await card.getByRole('button', { name: 'Pause' }).click();
    await card.locator('[data-testid=source-state]:has-text("paused")').waitFor();
    const sources = (await context.rest('datasource/all_sources.json')) as Record<string, unknown>[];
    assert.is(sources.find((source) => source['svc.datasource.name'] === 'demo')!['svc.datasource.paused'], 1);
    await card.getByRole('button', { name: 'Resume' }).click();
    await card.locator('[data-testid=source-state]:has-text("running")').waitFor();
    await close(page);
  });

  test('an alert raised through the API appears on the alerts page while it is open', async (context) => {
    const page = await open(context, '#/alerts');
    await logIn(context, page);
    await page.waitForSelector('[data-testid=event-bus]:has-text("live")');
    // The page has loaded the alerts raised before it opened (the demo access point's DEVICEFOUND
    // among them): an alert raised from now on can only reach it live, over the event bus.
    await page.locator('[data-testid=alert-header]:text-is("DEVICEFOUND")').first().waitFor();
    const name = `WEBTEST${prefix.replace(/\W/g, '').toUpperCase()}`;
    await context.rest('alerts/definitions/define_alert.cmd', { name, description: 'raised by the web e2e test', throttle: '10/min', burst: '5/sec' });
    // The page asked for ALERT events when its socket opened, but the server may read that request
    // after this raise: an alert the page was not yet subscribed to is raised again, until one shows.
    const shown = page.locator(`[data-testid=alert-header]:has-text("${name}")`).first();
    for (let attempt = 1; ; attempt++) {
      await context.rest('alerts/raise_alert.cmd', { name, text: `seen from the browser (${attempt})` });
      try {
        await shown.waitFor({ timeout: 3000 });
        break;
      } catch (error) {
        if (attempt === 10) throw error;
      }
    }
    assert.ok(await page.locator('td:has-text("seen from the browser")').count());
    await close(page);
  });

  test('the logs page shows this run’s svcdb log as REST does; an admin starts and stops a pcapng log; the live stream link gives pcapng', async (context) => {
    const page = await open(context, '#/logs');
    await logIn(context, page);
    const [svcdb] = (await context.rest('logging/active.json')) as Record<string, any>[];
    await page.locator(`code:has-text("${svcdb!['svc.logfile.path']}")`).waitFor();
    await page.selectOption('select[aria-label="Log type"]', 'pcapng');
    await page.getByRole('button', { name: 'Start log' }).click();
    await waitUntil('the pcapng log is open', async () => ((await context.rest('logging/active.json')) as Record<string, any>[]).some((log) => log['svc.logfile.open'] && /\.pcapng$/.test(log['svc.logfile.path'])), { timeoutMs: 30_000 });
    const row = page.locator('tr', { has: page.locator('code', { hasText: '.pcapng' }) });
    await row.locator('text=writing').waitFor();
    await row.getByRole('button', { name: 'stop' }).click();
    await row.locator('text=closed').waitFor();
    const link = await page.getAttribute('a:has-text("Download all packets")', 'href');
    assert.is(link, `${prefix}/pcap/all_packets.pcapng`);
    const magic = await page.evaluate(async (href) => {
      const controller = new AbortController();
      const response = await fetch(href, { signal: controller.signal });
      const first = await response.body!.getReader().read();
      controller.abort();
      return Array.from(first.value!.slice(0, 4));
    }, link!);
    assert.equal(magic, [0x0a, 0x0d, 0x0d, 0x0a], 'a pcapng section header, sent with the session cookie');
    await close(page);
  });

  test('the integrations panel shows the MQTT connection and each alert sink with the counts the API gives', async (context) => {
    const name = `WEBSINK${prefix.replace(/\W/g, '').toUpperCase()}`;
    await context.rest('alerts/definitions/define_alert.cmd', { name, description: 'raised for the integrations panel', throttle: '10/min', burst: '5/sec' });
    await context.rest('alerts/raise_alert.cmd', { name, text: 'to the sinks' });
    // Each sink delivers in order, after every alert raised before this one: wait for this alert
    // at the receiver, and for the sink that cannot deliver to have given up on everything queued.
    await waitUntil('the webhook receiver got the alert', () => context.hooks.some((body) => JSON.parse(body)['svc.alert.header'] === name), { timeoutMs: DELIVERY_WAIT_MS });
    const sinksOf = async () => (await context.rest('alerts/sinks.json')) as Record<string, any>[];
    await waitUntil('the unreachable sink gave up on every alert', async () => {
      const [, nobody] = await sinksOf();
      return nobody!['svc.alert.sink.failed'] >= 1 && nobody!['svc.alert.sink.queued'] === 0 && nobody!['svc.alert.sink.state'] === 'failing';
    }, { timeoutMs: DELIVERY_WAIT_MS });
    const page = await open(context, '#/system');
    await logIn(context, page);
    await page.locator('[data-testid=mqtt-state]:has-text("connected")').waitFor();
    const mqtt = (await context.rest('mqtt/status.json')) as Record<string, any>;
    assert.is(mqtt['svc.mqtt.broker'], context.broker.url);
    assert.match(String(await page.textContent('[data-testid=mqtt-queue]')), new RegExp(`^\\d+ of ${mqtt['svc.mqtt.queue_max'].toLocaleString('en')}$`));
    assert.is(await page.textContent('[data-testid=mqtt-dropped]'), String(mqtt['svc.mqtt.dropped']));
    let sinks: Record<string, any>[] = [];
    let shown: string[][] = [];
    await waitUntil('the panel shows each sink with the API’s counts', async () => {
      sinks = await sinksOf();
      shown = await page.$$eval('[data-testid=alert-sinks] tbody tr', (rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')));
      return (
        JSON.stringify(shown.map((row) => [row[0], row[3], row[4], row[5]])) ===
        JSON.stringify(sinks.map((sink) => [sink['svc.alert.sink.name'], sink['svc.alert.sink.state'], String(sink['svc.alert.sink.sent']), String(sink['svc.alert.sink.failed'])]))
      );
    }, { timeoutMs: 30_000, detail: () => `${JSON.stringify(shown)}\n${JSON.stringify(sinks)}` });
    assert.is(shown[0]![2], `http://127.0.0.1:${(context.receiver.address() as { port: number }).port}`, 'the target, without the path');
    assert.is(shown[1]![3], 'failing');
    assert.match(shown[1]![8]!, /POST to http:\/\/127\.0\.0\.1:\d+ failed: ECONNREFUSED/);
    if (screenshots) {
      await page.locator('[data-testid=alert-sinks]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(screenshots, 'integrations.png') });
    }
    await close(page);
  });

  test('a readonly API key logs in, reads devices and sources, and is shown no admin action', async (context) => {
    const page = await open(context, '#/sources');
    await page.click('text=Log in with an API key');
    await page.fill('input[name=apikey]', context.readonlyKey);
    await page.click('form[aria-label="Log in"] button[type=submit]');
    await page.waitForSelector('[data-testid=who]');
    assert.match(String(await page.textContent('[data-testid=who]')), 'readonly');
    await page.locator('article[aria-label="Source demo"]').waitFor();
    for (const action of ['Pause', 'Close', 'Disable', 'Remove', 'Add']) assert.is(await page.getByRole('button', { name: action, exact: true }).count(), 0, `no ${action} button`);
    await page.goto(`${context.app}/#/alerts`);
    await page.waitForSelector('[data-testid=definition-header]');
    await page.waitForSelector('[data-testid=watch-mac]');
    assert.is(await page.locator('form[aria-label="Add to a watchlist"]').count(), 0, 'no watchlist form');
    assert.is(await page.getByRole('button', { name: /^(Watch|remove)$/ }).count(), 0, 'no watchlist buttons');
    await page.goto(`${context.app}/#/filters`);
    await page.waitForSelector('[data-testid=rule-match]');
    assert.is(await page.locator('form[aria-label="Add a filter rule"]').count(), 0, 'no rule form');
    assert.is(await page.getByRole('button', { name: /unmatched MACs|^remove$|Add rule/ }).count(), 0, 'no filter buttons');
    await page.goto(`${context.app}/#/devices?view=all`);
    await page.waitForSelector('.tr[data-key]');
    await page.click('.tr[data-key]');
    await page.waitForSelector('aside[aria-label="Device detail"] h1');
    assert.is(await page.getByRole('button', { name: 'Set name' }).count(), 0, 'no renaming');
    await page.goto(`${context.app}/#/system`);
    await page.waitForSelector('[data-testid=devices-count]');
    assert.is(await page.locator('text=API keys').count(), 0, 'no API key management');
    await page.goto(`${context.app}/#/logs`);
    await page.locator('text=Logs of this run').waitFor();
    assert.is(await page.getByRole('button', { name: 'Start log' }).count(), 0, 'no starting logs');
    assert.is(await page.getByRole('button', { name: 'stop' }).count(), 0, 'no stopping logs');
    await close(page);
  });

  test('the alerts page lists every definition with the rate REST gives, off where it is 0; the DEVICEFOUND alert links its MAC to the device', async (context) => {
    const definitions = (await context.rest('alerts/definitions.json')) as Record<string, any>[];
    const units = ['sec', 'min', 'hour', 'day'];
    const expected = new Map(
      definitions.map((definition) => {
        const off = !definition['svc.alert.definition.limit_rate'] || !definition['svc.alert.definition.limit_burst'];
        const rate = `${definition['svc.alert.definition.limit_rate']}/${units[definition['svc.alert.definition.limit_unit']]}, burst ${definition['svc.alert.definition.limit_burst']}/${units[definition['svc.alert.definition.burst_unit']]}`;
        return [definition['svc.alert.definition.header'] as string, off ? 'off' : rate];
      }),
    );
    assert.is(expected.get('DEVICELOST'), 'off', 'disable_alert=DEVICELOST');
    assert.is(expected.get('SOURCEERROR'), '1/sec, burst 10/sec');
    const page = await open(context, '#/alerts');
    await logIn(context, page);
    await waitUntil('every definition is listed', async () => (await page.locator('[data-testid=definition-header]').count()) === definitions.length, { timeoutMs: 30_000 });
    const shown = await page.$$eval('tr:has([data-testid=definition-header])', (rows) =>
      rows.map((row) => [row.querySelector('[data-testid=definition-header]')!.textContent!.trim(), row.querySelector('[data-testid=definition-rate]')!.textContent!.trim()] as [string, string]),
    );
    assert.equal(new Map(shown), expected);

    const found = ((await context.rest('alerts/all_alerts.json')) as Record<string, any>[]).find((alert) => alert['svc.alert.header'] === 'DEVICEFOUND');
    assert.ok(found, 'the demo access point raised DEVICEFOUND');
    assert.match(found['svc.alert.text'], '"demo access point"');
    const mac = found['svc.alert.source_mac'] as string;
    const key = await deviceKeyOf(context, mac.toLowerCase());
    const link = page.locator(`tr:has([data-testid=alert-header]:text-is("DEVICEFOUND")) a:text-is("${mac}")`);
    await link.first().waitFor();
    assert.match(String(await link.first().getAttribute('href')), `device=${key}`);
    await link.first().click();
    await page.waitForSelector('aside[aria-label="Device detail"] h1');
    assert.match(page.url(), `device=${key}`);
    await page.goto(`${context.app}/#/alerts`);
    await page.waitForSelector('[data-testid=definition-header]');
    if (screenshots) await page.screenshot({ path: join(screenshots, 'alerts.png'), fullPage: true });
    await close(page);
  });

  test('an admin adds and removes a watchlist entry on the alerts page; REST lists what the page shows; config entries have no remove', async (context) => {
    const [bssid] = Object.keys(bulkReference.bssids);
    const mac = bssid!.toUpperCase();
    const page = await open(context, '#/alerts');
    await logIn(context, page);
    await page.waitForSelector('[data-testid=watch-mac]');
    await page.fill('input[aria-label="Watched MAC"]', bssid!);
    await page.fill('input[aria-label="Watch name"]', 'lab router');
    await page.selectOption('select[aria-label="Watchlist"]', 'found');
    await page.getByRole('button', { name: 'Watch', exact: true }).click();
    await page.locator(`[data-testid=watch-mac]:has-text("${mac}")`).waitFor();
    const entries = (await context.rest('devices/alerts/mac/both/entries.json')) as Record<string, any>[];
    const shown = await page.$$eval('tr:has([data-testid=watch-mac])', (rows) => rows.map((row) => [...row.querySelectorAll('td')].slice(0, 3).map((cell) => cell.textContent!.trim())));
    assert.equal(
      shown,
      entries.map((entry) => [entry['svc.watchlist.entry.mac'], entry['svc.watchlist.entry.name'], entry['svc.watchlist.entry.type']]),
    );
    assert.ok(entries.some((entry) => entry['svc.watchlist.entry.mac'] === mac && entry['svc.watchlist.entry.name'] === 'lab router'));
    const key = await deviceKeyOf(context, bssid!);
    assert.match(String(await page.locator(`[data-testid=watch-mac]:has-text("${mac}") a`).getAttribute('href')), `device=${key}`, 'a watched MAC links to its device');
    assert.is(await page.getByRole('button', { name: /Stop watching .* \(found\)/ }).count(), 1, 'only the entry added here can be removed');
    await page.getByRole('button', { name: `Stop watching ${mac} (found)` }).click();
    await page.locator(`[data-testid=watch-mac]:has-text("${mac}")`).waitFor({ state: 'detached' });
    assert.not.ok(((await context.rest('devices/alerts/mac/found/macs.json')) as string[]).includes(mac));
    await page.fill('input[aria-label="Watched MAC"]', 'AA:BB:CC:00:00:00/FF:00:FF:00:00:00');
    await page.getByRole('button', { name: 'Watch', exact: true }).click();
    assert.match(String(await page.textContent('[role=alert]')), 'with holes');
    await close(page);
  });

  test('the filters page shows the rules and counts REST gives; an admin blocks an access point (gone from the devices) and removes the rule', async (context) => {
    const page = await open(context, '#/filters');
    await logIn(context, page);
    await page.waitForSelector('[data-testid=rule-match]');
    const filter = await context.rest('filters/ingest/filter.json');
    const rows = async () =>
      page.$$eval('tr:has([data-testid=rule-match])', (list) =>
        list.map((row) => [row.querySelector('[data-testid=rule-match]')!.textContent!.trim(), row.querySelector('[data-testid=rule-packets]')!.textContent!.replace(/\D/g, ''), row.querySelector('[data-testid=rule-devices]')!.textContent!.replace(/\D/g, '')]),
      );
    const restRows = (record: Record<string, any>) => record['svc.ingestfilter.rules'].map((rule: any) => [rule['svc.ingestfilter.rule.match'], String(rule['svc.ingestfilter.rule.dropped_packets']), String(rule['svc.ingestfilter.rule.dropped_devices'])]);
    assert.equal(await rows(), restRows(filter));
    const randomized = filter['svc.ingestfilter.rules'].find((rule: any) => rule['svc.ingestfilter.rule.match'] === 'randomized');
    assert.ok(randomized['svc.ingestfilter.rule.dropped_devices'] > 0, 'the bulk capture has randomized clients, and they were dropped');
    assert.is((await page.textContent('[data-testid=filter-dropped-packets]'))!.replace(/\D/g, ''), String(filter['svc.ingestfilter.dropped_packets']));

    const [bssid] = Object.keys(bulkReference.bssids).slice(-1);
    const mac = bssid!.toUpperCase();
    await deviceKeyOf(context, bssid!);
    await page.fill('input[aria-label="Rule match"]', bssid!);
    await page.selectOption('select[aria-label="Rule PHY"]', 'IEEE802.11');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.locator(`[data-testid=rule-match]:text-is("${mac}")`).waitFor();
    const after = await context.rest('filters/ingest/filter.json');
    const rule = after['svc.ingestfilter.rules'].find((entry: any) => entry['svc.ingestfilter.rule.match'] === mac);
    assert.equal([rule['svc.ingestfilter.rule.phy'], rule['svc.ingestfilter.rule.action'], rule['svc.ingestfilter.rule.origin'], rule['svc.ingestfilter.rule.dropped_devices']], ['IEEE802.11', 'block', 'api', 1]);
    const devices = (await context.rest('devices/views/all/devices.json', { fields: ['svc.device.base.macaddr'] })) as Record<string, string>[];
    assert.not.ok(devices.some((device) => device['svc.device.base.macaddr'] === mac), 'the blocked access point is no longer tracked');
    await waitUntil('the page shows the counts REST gives', async () => JSON.stringify(await rows()) === JSON.stringify(restRows(after)), { timeoutMs: 30_000 });
    if (screenshots) await page.screenshot({ path: join(screenshots, 'filters.png'), fullPage: true });
    assert.is(await page.getByRole('button', { name: /^Remove the rule for/ }).count(), 1, 'the config rule has no remove button');
    await page.getByRole('button', { name: `Remove the rule for ${mac}` }).click();
    await page.locator(`[data-testid=rule-match]:text-is("${mac}")`).waitFor({ state: 'detached' });
    assert.not.ok((await context.rest('filters/ingest/filter.json'))['svc.ingestfilter.rules'].some((entry: any) => entry['svc.ingestfilter.rule.match'] === mac));
    await page.fill('input[aria-label="Rule match"]', 'AA:BB:CC:DD:00:00/16');
    await page.getByRole('button', { name: 'Add rule' }).click();
    assert.match(String(await page.textContent('[role=alert]')), 'bits set outside');
    await close(page);
  });

  test('the channels page shows packets and devices per channel as channels.json says, and tshark counts', async (context) => {
    const page = await open(context, '#/channels');
    await logIn(context, page);
    await page.waitForSelector('tr[data-frequency="2437000"]');
    const channels = await context.rest('channels/channels.json');
    const frequencies = Object.values<any>(channels['svc.channeltracker.frequency_map']);
    const digits = (text: string | null) => Number(String(text).replace(/\D/g, ''));
    assert.is(await page.locator('tr[data-frequency]').count(), frequencies.length);
    for (const record of frequencies) {
      const row = page.locator(`tr[data-frequency="${record['svc.channelrec.frequency']}"]`);
      await waitUntil(`${record['svc.channelrec.frequency']}: the row shows the packets`, async () => digits(await row.locator('[data-cell=packets]').textContent()) === record['svc.channelrec.packets'], { timeoutMs: 30_000 });
      assert.is(digits(await row.locator('[data-cell=devices]').textContent()), record['svc.channelrec.devices']);
      assert.is((await row.locator('[data-cell=channel]').textContent())?.trim(), record['svc.channelrec.channel']);
    }
    // Channel 6 carries the channel 6 frames of both captures, as tshark counts them.
    const six = page.locator('tr[data-frequency="2437000"] [data-cell=packets]');
    assert.is(digits(await six.textContent()), bulkReference.channels!['6']! + demoReference.channels!['6']!);
    await close(page);
  });

  test("the system page shows the GPS; sharing the browser's position makes it the server's", async (context) => {
    const position = { latitude: 52.2163639, longitude: 6.8850781 };
    const page = await open(context, '#/system', { geolocation: position, permissions: ['geolocation'] });
    await logIn(context, page);
    await page.waitForSelector('[data-testid=gps-name]:has-text("phone")');
    const row = page.locator('tr', { has: page.locator('[data-testid=gps-name]') });
    assert.match(String(await row.textContent()), /web\s*running/);
    await page.getByRole('button', { name: "Share this browser's position" }).click();
    await page.locator('[data-testid=share-status]:has-text("sent")').waitFor();
    const location = await context.rest('gps/location.json');
    assert.equal(location['svc.common.location.geopoint'], [position.longitude, position.latitude]);
    assert.is(location['svc.common.location.fix'], 2);
    await page.locator('[data-testid=gps-position]:has-text("52.216364, 6.885078")').waitFor();
    await page.getByRole('button', { name: 'Stop sharing' }).click();
    await close(page);
  });

  return test;
}

webSuite('').run();
webSuite('/svc').run();
