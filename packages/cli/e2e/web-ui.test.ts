/**
 * End-to-end: the web app in real Chromium against a real `svc start` replaying the demo capture
 * and a 10 000-frame capture of 100 access points. Every check compares what the page shows with
 * the REST API or tshark's reference for the capture. The whole suite runs twice: at the
 * server's root and under `httpd_uri_prefix=/svc`, as behind a reverse proxy.
 * With `SVC_SCREENSHOTS=<dir>`, it saves the screenshots the README shows.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createServer, type Server } from 'node:http';
import { freePort, testDataPath, waitUntil } from '@svc/core/testing';
import { startMosquitto, type TestBroker } from '@svc/plugin-mqtt/testing';
import { launchChromium } from './browser.js';
import { basicAuth, demoSourceOfNpmStart, startSvc, type SvcProcess } from './svc-process.js';

const SYNTHETIC = testDataPath('dot11', 'synthetic_radiotap_10k_seed1.pcap');
const syntheticReference = JSON.parse(readFileSync(testDataPath('dot11', 'synthetic_radiotap_10k_seed1.tshark.json'), 'utf8')) as {
  bssids: Record<string, { ssids: string[]; encryption: string[] }>;
};
const demoReference = JSON.parse(readFileSync(testDataPath('dot11', 'packetnet_80211_plus_radiotap_header.tshark.json'), 'utf8')) as {
  bssids: Record<string, { ssids: string[] }>;
};
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
    const args = ['-c', demoSourceOfNpmStart(), '-c', `${SYNTHETIC}:name=synthetic`];
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
    const conf = [
      `mqtt_broker=${context.broker.url}`,
      `alert_sink=webhook:url=http://127.0.0.1:${(context.receiver.address() as { port: number }).port}/hook,name=ops`,
      `alert_sink=webhook:url=http://127.0.0.1:${await freePort()}/hook,name=nobody,retries=0`,
      ...(prefix ? [`httpd_uri_prefix=${prefix}`] : []),
    ];
    writeFileSync(join(configDir, 'svc.conf'), `${conf.join('\n')}\n`);
    args.push('--config', join(configDir, 'svc.conf'));
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
    await waitUntil('both captures are replayed', () => context.svc.stderr().split('has no more data').length - 1 === 2, { timeoutMs: 20_000, detail: context.svc.stderr });
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
  const open = async (context: Context, hash = '#/devices'): Promise<Page> => {
    const page = await context.browser.newPage({ viewport: { width: 1400, height: 860 } });
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
    assert.is((await page.textContent('[role=alert]', { timeout: 5000 }))?.trim(), 'wrong user or password');
    await logIn(context, page);
    assert.is((await page.textContent('[data-testid=who]'))?.replace(/\s+/g, ' ').trim(), 'svc (admin)');
    await page.waitForSelector('[data-testid=event-bus]:has-text("live")');
    await close(page);
  });

  test('the demo access point is in the access point view within 2 s, with the SSID tshark saw as its name', async (context) => {
    const [bssid, { ssids }] = Object.entries(demoReference.bssids)[0]!;
    const key = await deviceKeyOf(context, bssid);
    // 100 more recent access points of the other capture come first; the search by BSSID finds it.
    const page = await open(context, `#/devices?view=phydot11_accesspoints&q=${bssid}`);
    await logIn(context, page);
    const started = Date.now();
    await page.waitForSelector(`.tr[data-key="${key}"]`, { timeout: 2000 });
    assert.ok(Date.now() - started <= 2000);
    assert.is((await page.textContent(`.tr[data-key="${key}"] [role=cell]`))?.trim(), ssids[0]);
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
      timeoutMs: 5000,
      detail: () => `table ${JSON.stringify(shownFirst)}\nREST  ${JSON.stringify(expected)}`,
    });
    if (screenshots) {
      mkdirSync(screenshots, { recursive: true });
      await page.screenshot({ path: join(screenshots, 'devices.png') });
    }

    const term = 'net-link-3';
    await page.fill('input[aria-label="Search devices"]', term);
    await page.waitForURL((url) => url.hash.includes(`q=${term}`));
    const searched = (await context.rest('devices/views/all/devices.json', { fields: ['svc.device.base.key', 'svc.device.base.commonname', 'svc.device.base.macaddr'], datatable: true, start: 0, length: 1000, search: { value: term } })) as { recordsFiltered: number; data: Record<string, string>[] };
    const matching = Object.values(syntheticReference.bssids).filter((network) => network.ssids.some((ssid) => ssid.includes(term))).length;
    assert.ok(searched.recordsFiltered >= matching && matching > 0, `${searched.recordsFiltered} devices match '${term}'; tshark saw ${matching} networks named so`);
    let countText = '';
    await waitUntil('the count shows the matches', async () => (countText = String(await page.textContent('[data-testid=device-count]'))).startsWith(`${searched.recordsFiltered} of`), {
      timeoutMs: 5000,
      detail: () => countText,
    });
    const shown = await rowKeys(page);
    assert.ok(shown.length > 0);
    for (const key of shown) assert.ok(searched.data.some((row) => row['svc.device.base.key'] === key), `${key} matches '${term}'`);
    await close(page);
  });

  test('an access point’s detail shows the SSID and encryption tshark saw, in the Wi-Fi panel the plugin contributes', async (context) => {
    const [bssid, network] = Object.entries(syntheticReference.bssids).find(([, entry]) => entry.encryption.includes('RSN'))!;
    const key = await deviceKeyOf(context, bssid);
    const device = await context.rest(`devices/by-key/${key}/device.json`);
    const advertised = device['dot11.device']['dot11.device.advertised_ssid_map'];
    const crypt = String((Array.isArray(advertised) ? advertised : Object.values(advertised))[0]['dot11.advertisedssid.crypt_string']);
    const page = await open(context, `#/devices?view=all&device=${key}`);
    await logIn(context, page);
    const panel = page.locator('[data-panel=dot11-networks]');
    await panel.waitFor({ timeout: 5000 });
    const cells = await panel.locator('tbody tr').first().locator('td').allTextContents();
    assert.is(cells[0], network.ssids[0]);
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
    await card.locator('[data-testid=source-state]:has-text("paused")').waitFor({ timeout: 5000 });
    const sources = (await context.rest('datasource/all_sources.json')) as Record<string, unknown>[];
    assert.is(sources.find((source) => source['svc.datasource.name'] === 'demo')!['svc.datasource.paused'], 1);
    await card.getByRole('button', { name: 'Resume' }).click();
    await card.locator('[data-testid=source-state]:has-text("running")').waitFor({ timeout: 5000 });
    await close(page);
  });

  test('an alert raised through the API appears on the alerts page while it is open', async (context) => {
    const page = await open(context, '#/alerts');
    await logIn(context, page);
    await page.waitForSelector('[data-testid=event-bus]:has-text("live")');
    const name = `WEBTEST${prefix.replace(/\W/g, '').toUpperCase()}`;
    await context.rest('alerts/definitions/define_alert.cmd', { name, description: 'raised by the web e2e test', throttle: '10/min', burst: '5/sec' });
    await page.waitForTimeout(300); // the page's subscription is in place once the socket is live
    await context.rest('alerts/raise_alert.cmd', { name, text: 'seen from the browser' });
    await page.locator(`[data-testid=alert-header]:has-text("${name}")`).waitFor({ timeout: 5000 });
    assert.ok(await page.locator('td:has-text("seen from the browser")').count());
    await close(page);
  });

  test('the integrations panel shows the MQTT connection and each alert sink with the counts the API gives', async (context) => {
    const name = `WEBSINK${prefix.replace(/\W/g, '').toUpperCase()}`;
    await context.rest('alerts/definitions/define_alert.cmd', { name, description: 'raised for the integrations panel', throttle: '10/min', burst: '5/sec' });
    await context.rest('alerts/raise_alert.cmd', { name, text: 'to the sinks' });
    const sinksOf = async () => (await context.rest('alerts/sinks.json')) as Record<string, any>[];
    await waitUntil('ops delivered and nobody failed', async () => {
      const [ops, nobody] = await sinksOf();
      return ops!['svc.alert.sink.sent'] >= 1 && nobody!['svc.alert.sink.failed'] >= 1;
    });
    assert.ok(context.hooks.some((body) => JSON.parse(body)['svc.alert.header'] === name), 'the webhook receiver got the alert');
    const page = await open(context, '#/system');
    await logIn(context, page);
    await page.locator('[data-testid=mqtt-state]:has-text("connected")').waitFor({ timeout: 5000 });
    const mqtt = (await context.rest('mqtt/status.json')) as Record<string, any>;
    assert.is(mqtt['svc.mqtt.broker'], context.broker.url);
    assert.match(String(await page.textContent('[data-testid=mqtt-queue]')), new RegExp(`^\\d+ of ${mqtt['svc.mqtt.queue_max'].toLocaleString('en')}$`));
    assert.is(await page.textContent('[data-testid=mqtt-dropped]'), String(mqtt['svc.mqtt.dropped']));
    const sinks = await sinksOf();
    let shown: string[][] = [];
    await waitUntil('the panel shows each sink with the API’s counts', async () => {
      shown = await page.$$eval('[data-testid=alert-sinks] tbody tr', (rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')));
      return (
        JSON.stringify(shown.map((row) => [row[0], row[3], row[4], row[5]])) ===
        JSON.stringify(sinks.map((sink) => [sink['svc.alert.sink.name'], sink['svc.alert.sink.state'], String(sink['svc.alert.sink.sent']), String(sink['svc.alert.sink.failed'])]))
      );
    }, { timeoutMs: 6000, detail: () => `${JSON.stringify(shown)}\n${JSON.stringify(sinks)}` });
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
    await page.goto(`${context.app}/#/devices?view=all`);
    await page.waitForSelector('.tr[data-key]');
    await page.click('.tr[data-key]');
    await page.waitForSelector('aside[aria-label="Device detail"] h1');
    assert.is(await page.getByRole('button', { name: 'Set name' }).count(), 0, 'no renaming');
    await page.goto(`${context.app}/#/system`);
    await page.waitForSelector('[data-testid=devices-count]');
    assert.is(await page.locator('text=API keys').count(), 0, 'no API key management');
    await close(page);
  });

  return test;
}

webSuite('').run();
webSuite('/svc').run();
