/**
 * The web app's devices page and login, in real Chromium: the login, the access point view,
 * sorting and searching against the REST API, and an access point's detail with the Wi-Fi panel
 * the 802.11 plugin's UI module contributes.
 */
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { waitUntil } from '@svc/core/testing';
import { BULK_CAPTURE, DEMO_SCENE_CAPTURE, networkName } from '../dot11-captures.js';
import { close, deviceKeyOf, logIn, open, rowKeys, screenshots, type WebContext } from './harness.js';

const bulkReference = BULK_CAPTURE.reference;
const demoReference = DEMO_SCENE_CAPTURE.reference;

/** Adds the tests of this area to the suite of one server (`prefix`: its `httpd_uri_prefix`, or ''). */
export function deviceTests(test: Test<WebContext>, prefix: string): void {
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
}
