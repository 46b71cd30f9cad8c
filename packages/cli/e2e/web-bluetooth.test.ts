/**
 * End-to-end: Bluetooth devices in the web app, in real Chromium against a real `svc start`
 * replaying HCI captures: one built here byte by byte (so a fresh clone runs it: two Classic
 * devices heard over the last seconds and two LE advertisers, an AirTag among them), and, where
 * the shared data set is, the real `ec521_btsnoop_hci.log` (two Classic devices and 35 LE ones)
 * checked against tshark's reading of it. The `phy-Bluetooth` view shows the Classic devices
 * with their class, the table's search finds them like any device, and the panels the plugin's
 * UI modules contribute show class of device, services by name, companies, levels, the
 * tracker mark and the RSSI over time.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { hasRealData, realDataPath, realDataTest, waitUntil } from '@svc/core/testing';
import { adStructures, btsnoopFile, extendedInquiryResultEvent, leAdvertisingReportEvent, type BtsnoopRecord } from '@svc/plugin-bluetooth/testing';
import { launchChromium } from './browser.js';
import { close, logIn, open, rowKeys, screenshots, type AppContext } from './web-app/harness.js';
import { devicesAt, moduleErrors, shownColumns, waitForListedView } from './web-app/plugin-ui.js';
import { adminGet, startSvc } from './svc-process.js';

const EC521 = 'bluetooth/ec521_btsnoop_hci.log';
const EC521_REFERENCE = 'bluetooth/ec521_btsnoop_hci.tshark.json';

const SPEAKER = '00:1A:7D:DA:71:13';
const PHONE = 'A4:50:46:00:00:07';
const AIRTAG = 'DA:7A:61:00:00:01';
const WATCH = '4A:00:00:00:00:02';

/** The built capture: the speaker heard every two seconds over the last 20 (RSSI -75 up to -62), the others once. */
function builtCapture(now: number): BtsnoopRecord[] {
  const speakerEir = adStructures([[0x09, 'Kitchen speaker'], [0x0a, Uint8Array.of(4)], [0x03, Uint8Array.of(0x0b, 0x11, 0x0e, 0x11, 0x1e, 0x11)], [0xff, Uint8Array.of(0x0d, 0x00, 0x01, 0x02)]]);
  const speaker = (rssi: number) => extendedInquiryResultEvent({ address: SPEAKER, classOfDevice: 0x240414, rssi, eir: speakerEir });
  const at = (seconds: number, data: Buffer): BtsnoopRecord => ({ timeUs: seconds * 1_000_000, data });
  return [
    ...[-75, -74, -72, -71, -70, -68, -66, -65, -64, -63, -62].map((rssi, index) => at(now - 20 + 2 * index, speaker(rssi))),
    at(now - 5, extendedInquiryResultEvent({ address: PHONE, classOfDevice: 0x5a020c, rssi: -66, eir: adStructures([[0x09, 'Pixel phone'], [0x03, Uint8Array.of(0x05, 0x11, 0x0a, 0x11, 0x12, 0x11, 0x00, 0x12)]]) })),
    at(now - 4, leAdvertisingReportEvent([{ address: AIRTAG, addressType: 1, eventType: 3, rssi: -58, data: adStructures([[0xff, Uint8Array.of(0x4c, 0x00, 0x12, 0x19, 0x10, ...new Array(22).fill(0x5a), 0x02, 0x00)]]) }])),
    at(
      now - 3,
      leAdvertisingReportEvent([{ address: WATCH, addressType: 1, rssi: -70, data: adStructures([[0x09, 'Watch 5'], [0x0a, Uint8Array.of(0xf8)], [0x19, Uint8Array.of(0xc2, 0x00)], [0x03, Uint8Array.of(0x0f, 0x18)], [0x16, Uint8Array.of(0x2c, 0xfe, 0x00, 0x0c, 0x8a)]]) }]),
    ),
  ];
}

interface Context extends AppContext {
  get(path: string): Promise<any>;
}

/** The label and text of each row of a panel's summary. */
async function summaryOf(panel: Locator): Promise<Record<string, string>> {
  return Object.fromEntries(await panel.locator('.key-value').evaluateAll((rows) => rows.map((row) => [row.querySelector('dt')?.textContent ?? '', row.querySelector('dd')?.textContent ?? ''])));
}

/** The cells of the table after the panel's heading that starts with `heading`. */
function tableAfter(panel: Locator, heading: string): Promise<string[][]> {
  return panel.evaluate((element, start) => {
    const title = [...element.querySelectorAll('h3')].find((h3) => h3.textContent?.startsWith(start));
    const table = title?.nextElementSibling;
    return table?.tagName === 'TABLE' ? [...table.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')) : [];
  }, heading);
}

/** The text of each cell of a device's row, by column id. */
async function rowOf(page: Page, key: string): Promise<Record<string, string>> {
  const columns = await shownColumns(page);
  const cells = await page.locator(`.tr[data-key="${key}"] [role=cell]`).allTextContents();
  return Object.fromEntries(columns.map((column, index) => [column, cells[index]?.trim() ?? '']));
}

/** Opens a device's detail in a view and waits for the panel. */
async function panelOf(context: Context, view: string, key: string, panel: string): Promise<{ page: Page; panel: Locator }> {
  const page = await open(context, `#/devices?view=${view}&device=${key}`);
  await logIn(context, page);
  const locator = page.locator(`[data-panel=${panel}]`);
  await locator.waitFor();
  return { page, panel: locator };
}

/** Saves a screenshot of the section that holds a panel, when asked to. */
async function saveShot(panel: Locator, name: string): Promise<void> {
  if (!screenshots) return;
  mkdirSync(screenshots, { recursive: true });
  await panel.page().locator('section.section', { has: panel }).screenshot({ path: join(screenshots, name) });
}

/** The suite's state, which uvu hands to every test; the real-data test, which uvu calls without it, reads it here. */
const shared = {} as Context;
const test = suite<Context>('web app with Bluetooth devices', shared);

test.before(async (context) => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-web-bt-'));
  const built = join(dir, 'built.log');
  writeFileSync(built, btsnoopFile(builtCapture(Math.floor(Date.now() / 1000))));
  const captures = [`${built}:name=built`, ...(hasRealData([EC521]) ? [`${realDataPath(EC521)}:name=ec521`] : [])];
  context.svc = await startSvc({ args: captures.flatMap((capture) => ['-c', capture]) });
  context.app = context.svc.url.replace(/\/$/, '');
  context.get = adminGet(context.svc);
  await waitUntil('every capture is replayed', () => context.svc.stderr().split('has no more data').length - 1 === captures.length, { timeoutMs: 60_000, detail: context.svc.stderr });
  context.browser = await launchChromium();
});

test.after(async (context) => {
  await context.browser?.close();
  assert.is(await context.svc.stop(), 0);
});

/** The key of the device of `phy` with this MAC. */
async function keyOf(context: Context, phy: string, mac: string): Promise<string> {
  const devices = (await context.get(`/devices/views/phy-${phy}/devices.json`)) as Record<string, string>[];
  const device = devices.find((entry) => entry['svc.device.base.macaddr'] === mac);
  assert.ok(device, `svc tracks ${phy} ${mac}`);
  return device['svc.device.base.key'];
}

test('a Classic device’s panel shows its class, services by name, company, levels and the RSSI it was heard at', async (context) => {
  const { page, panel } = await panelOf(context, 'phy-Bluetooth', await keyOf(context, 'Bluetooth', SPEAKER), 'bluetooth');
  assert.equal(await summaryOf(panel), {
    'Class of device': 'Audio/Video / Loudspeaker (0x240414)',
    'Service classes': 'Rendering, Audio',
    Kind: '–',
    'Name from': 'extended inquiry response',
    'Seen in': 'extended inquiry result',
    'TX power': '4 dBm',
    'Path loss': '66 dB',
    Companies: '0x000D Texas Instruments Inc.',
    'Manufacturer data': '0102',
  });
  assert.equal(await tableAfter(panel, 'Services'), [
    ['110B', 'Audio Sink (A2DP)'],
    ['110E', 'A/V Remote Control (AVRCP)'],
    ['111E', 'Hands-Free'],
  ]);
  // The capture's last report (-62 dBm) is the newest second of the signal history, the first (-75) the oldest.
  const summary = String(await panel.locator('[data-rssi=summary]').textContent());
  const [, weakest, strongest] = /^(-\d+) to (-\d+) dBm, heard in \d+ of the last \d+ seconds/.exec(summary) ?? [];
  assert.is(strongest, '-62', summary);
  assert.ok(Number(weakest) >= -75 && Number(weakest) < -62, summary);
  // uPlot's code comes with the first graph shown: the canvas is there once it has.
  await panel.locator('figure.graph canvas').first().waitFor({ timeout: 30_000 });
  assert.is(await panel.locator('figure.graph canvas').count(), 1, 'the RSSI graph is drawn');
  await saveShot(panel, 'bluetooth-panel.png');
  assert.equal(await moduleErrors(page), []);
  await close(page);
});

test('the Bluetooth view shows the Classic devices with their class by default; the search finds them by class and by name', async (context) => {
  const page = await devicesAt(context, 'phy-Bluetooth');
  await waitForListedView(page, 'phy-Bluetooth');
  assert.equal(await shownColumns(page), ['name', 'mac', 'manuf', 'bluetooth-class', 'bluetooth-minor-class', 'signal', 'packets', 'seen']);
  const speaker = await keyOf(context, 'Bluetooth', SPEAKER);
  const phone = await keyOf(context, 'Bluetooth', PHONE);
  await page.waitForSelector(`.tr[data-key="${phone}"]`);
  const phoneRow = await rowOf(page, phone);
  assert.equal([phoneRow.name, phoneRow['bluetooth-class'], phoneRow['bluetooth-minor-class']], ['Pixel phone', 'Phone', 'Smartphone']);
  if (screenshots) await page.screenshot({ path: join(screenshots, 'bluetooth-view.png') });

  await page.fill('input[aria-label="Search devices"]', 'loudspeaker');
  let shown: string[] = [];
  await waitUntil('the search keeps the loudspeaker only', async () => (shown = await rowKeys(page)).join() === speaker, { timeoutMs: 30_000, detail: () => shown.join() });
  assert.match(String(await page.textContent('[data-testid=device-count]')), /^1 of \d+ devices/);
  await close(page);

  const all = await devicesAt(context, 'all');
  await all.fill('input[aria-label="Search devices"]', 'pixel PHONE');
  await waitUntil('the search of every device finds the phone by name', async () => (shown = await rowKeys(all)).join() === phone, { timeoutMs: 30_000, detail: () => shown.join() });
  assert.equal(await moduleErrors(all), []);
  await close(all);
});

test('an AirTag is marked a tracker in the BTLE view and its panel; a watch shows its appearance and services by name', async (context) => {
  const airtag = await keyOf(context, 'BTLE', AIRTAG);
  const page = await devicesAt(context, 'phy-BTLE');
  assert.equal(await shownColumns(page), ['name', 'mac', 'manuf', 'btle-advertiser', 'btle-tracker', 'signal', 'packets', 'seen']);
  await page.waitForSelector(`.tr[data-key="${airtag}"]`);
  const row = await rowOf(page, airtag);
  assert.equal([row.manuf, row['btle-advertiser'], row['btle-tracker']], ['Apple, Inc.', 'AirTag', 'tracker']);
  if (screenshots) await page.screenshot({ path: join(screenshots, 'btle-view.png') });
  await close(page);

  const tag = await panelOf(context, 'phy-BTLE', airtag, 'btle');
  const tagSummary = await summaryOf(tag.panel);
  assert.is(tagSummary.Kind, 'AirTag tracker');
  assert.is(tagSummary['Address type'], 'random (static)');
  assert.is(await tag.panel.locator('[data-testid=btle-tracker]').textContent(), 'tracker');
  await saveShot(tag.panel, 'btle-tracker-panel.png');
  await close(tag.page);

  const watch = await panelOf(context, 'phy-BTLE', await keyOf(context, 'BTLE', WATCH), 'btle');
  const summary = await summaryOf(watch.panel);
  assert.equal([summary.Name, summary.Kind, summary.Appearance, summary['TX power'], summary['Path loss']], ['Watch 5', 'Google Fast Pair', 'Watch: Smartwatch (0x00C2)', '-8 dBm', '62 dB']);
  assert.equal(await tableAfter(watch.panel, 'Services'), [['180F', 'Battery']]);
  assert.equal(await tableAfter(watch.panel, 'Service data'), [['FE2C', 'Google Fast Pair', '000c8a']]);
  await saveShot(watch.panel, 'btle-panel.png');
  await close(watch.page);
});

/** A device of tshark's reading of a capture. */
interface ReferenceDevice {
  address: string;
  transport: 'br_edr' | 'le';
  names: { name: string }[];
  cod_major_minor: string[];
  uuid16: string[];
  tx_power_levels: number[];
  rssi_last: number;
  company_ids: { hex: string; name: string }[];
}

realDataTest(test, 'ec521: the Classic devices show the class, services, TX power and path loss tshark read; an LE device its company and services', [EC521, EC521_REFERENCE], async () => {
  const context = shared;
  const reference = (JSON.parse(readFileSync(realDataPath(EC521_REFERENCE), 'utf8')) as { devices: ReferenceDevice[] }).devices;
  const classic = reference.filter((device) => device.transport === 'br_edr');
  assert.is(classic.length, 2);
  const page = await devicesAt(context, 'phy-Bluetooth');
  for (const expected of classic) {
    const key = await keyOf(context, 'Bluetooth', expected.address.toUpperCase());
    await page.waitForSelector(`.tr[data-key="${key}"]`);
    // tshark writes the class as "Phone (0x02) / Smartphone (0x03)".
    const [major, minor] = expected.cod_major_minor[0]!.split(' / ').map((part) => part.replace(/ \(0x[0-9a-f]+\)$/, ''));
    const row = await rowOf(page, key);
    assert.equal([row.name, row['bluetooth-class'], row['bluetooth-minor-class']], [expected.names[0]!.name, major, minor]);

    const detail = await panelOf(context, 'phy-Bluetooth', key, 'bluetooth');
    const summary = await summaryOf(detail.panel);
    assert.ok(summary['Class of device']!.startsWith(`${major} / ${minor} (`), summary['Class of device']);
    const txPower = expected.tx_power_levels[0];
    assert.is(summary['TX power'], txPower === undefined ? '–' : `${txPower} dBm`);
    assert.is(summary['Path loss'], txPower === undefined ? '–' : `${txPower - expected.rssi_last} dB`);
    const services = await tableAfter(detail.panel, 'Services');
    assert.equal(services.map(([uuid]) => uuid).sort(), expected.uuid16.map((uuid) => uuid.slice(2).toUpperCase()).sort());
    assert.equal(services.filter(([, name]) => !name), [], 'every service of the capture has a name');
    if (expected.names[0]!.name === 'OnePlus 5T') await saveShot(detail.panel, 'bluetooth-panel-ec521.png');
    await close(detail.page);
  }
  await close(page);

  const band = reference.find((device) => device.names.some((name) => name.name === 'MI Band 2'))!;
  const detail = await panelOf(context, 'phy-BTLE', await keyOf(context, 'BTLE', band.address.toUpperCase()), 'btle');
  const summary = await summaryOf(detail.panel);
  assert.is(summary.Companies, band.company_ids.map((company) => `0x${company.hex.slice(2).toUpperCase()} ${company.name}`).join(', '));
  assert.equal(await tableAfter(detail.panel, 'Services'), [['FEE0', 'Anhui Huami']]);
  assert.is(await detail.panel.locator('[data-rssi=none]').textContent(), 'not heard since the minute before this detail opened', 'the capture is years old');
  await close(detail.page);
});

test.run();
