/**
 * The web app's alerts and filters pages, in real Chromium: an alert shown live, the alert
 * definitions and their rates, the watchlist, and the ingest filter rules, each against REST.
 */
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { waitUntil } from '@svc/core/testing';
import { BULK_CAPTURE } from '../dot11-captures.js';
import { close, deviceKeyOf, logIn, open, screenshots, type WebContext } from './harness.js';

const bulkReference = BULK_CAPTURE.reference;

/** Adds the tests of this area to the suite of one server (`prefix`: its `httpd_uri_prefix`, or ''). */
export function alertTests(test: Test<WebContext>, prefix: string): void {
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
}
