/**
 * The web app's sources, logs, channels and system pages, in real Chromium: pausing a source,
 * the logs, the integrations (MQTT out from the MQTT plugin's UI module, and the alert sinks),
 * a readonly login, the channels against tshark, and the web GPS.
 */
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { waitUntil } from '@svc/core/testing';
import { BULK_CAPTURE, DEMO_SCENE_CAPTURE } from '../dot11-captures.js';
import { close, DELIVERY_WAIT_MS, logIn, open, screenshots, type WebContext } from './harness.js';

const bulkReference = BULK_CAPTURE.reference;
const demoReference = DEMO_SCENE_CAPTURE.reference;

/** Adds the tests of this area to the suite of one server (`prefix`: its `httpd_uri_prefix`, or ''). */
export function systemTests(test: Test<WebContext>, prefix: string): void {
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
    assert.is(mqtt['svc.mqtt.broker'], context.broker!.url);
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
}
