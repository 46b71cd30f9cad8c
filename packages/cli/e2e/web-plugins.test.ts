/**
 * End-to-end: a plugin turned off (`plugin_disable=`) takes everything it showed in the web app
 * with it, and nothing else breaks, in real Chromium against a real `svc start`
 * (`web-app/harness.ts`). Without `@svc/plugin-mqtt` the integrations hold no MQTT block and the
 * alert sinks still show; without `@svc/plugin-sdr-rtl433` the device table offers no sensor
 * column and lists no sensor view, while the other plugins' columns, panels and MQTT out stay.
 * `web-app/plugins-tests.ts` checks the same with every plugin.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { close, deviceKeyOf, logIn, open, startWebApp, stopWebApp, type WebContext } from './web-app/harness.js';
import { devicesAt, integrationBlocks, listedViews, moduleErrors, offeredColumns, shownColumns, waitForListedView } from './web-app/plugin-ui.js';
import { ADSB_COLUMNS, BASE_COLUMNS, BLUETOOTH_COLUMNS, BTLE_COLUMNS, FLEET_COLUMNS, SENSOR_COLUMNS, UAV_COLUMNS } from './web-app/plugins-tests.js';
import { DEMO_SCENE_CAPTURE } from './dot11-captures.js';

/** A suite of the app with one plugin turned off. */
function without(plugin: string) {
  const test = suite<WebContext>(`web app without ${plugin}`);
  test.before((context) => startWebApp(context, { prefix: '', disable: [plugin] }));
  test.after((context) => stopWebApp(context));
  test('the plugin is off, and every other first-party plugin on', async (context) => {
    const plugins = (await context.rest('system/plugins.json')) as Record<string, string>[];
    const states = new Map(plugins.map((entry) => [entry['svc.plugin.name'], entry['svc.plugin.state']]));
    assert.is(states.get(plugin), undefined, `${plugin} is not loaded`);
    for (const other of ['@svc/plugin-dot11', '@svc/plugin-sdr-rtl433', '@svc/plugin-adsb', '@svc/plugin-bluetooth', '@svc/plugin-uav', '@svc/plugin-serial', '@svc/plugin-mqtt', '@svc/plugin-fleet', '@svc/web']) if (other !== plugin) assert.is(states.get(other), 'applied', other);
  });
  test('the devices page and the Wi-Fi panel of an access point still work', async (context) => {
    const [bssid] = Object.keys(DEMO_SCENE_CAPTURE.reference.bssids);
    const key = await deviceKeyOf(context, bssid!);
    const page = await open(context, `#/devices?view=all&device=${key}`);
    await logIn(context, page);
    await page.locator('[data-panel=dot11-networks]').waitFor();
    assert.equal(await moduleErrors(page), []);
    await close(page);
  });
  return test;
}

const withoutMqtt = without('@svc/plugin-mqtt');
withoutMqtt('the integrations hold no MQTT block; the alert sinks still show; the table keeps every column', async (context) => {
  const page = await open(context, '#/system');
  await logIn(context, page);
  await page.locator('[data-testid=sink-name]:text-is("ops")').waitFor();
  await page.locator('[data-testid=fleet-off]').waitFor();
  assert.equal(await integrationBlocks(page), [['Fleet', 'fleet']]);
  assert.is(await page.locator('[data-testid=mqtt-panel]').count(), 0);
  assert.is(await page.locator('h3:text-is("MQTT")').count(), 0);
  assert.equal(await moduleErrors(page), []);
  await close(page);
  const devices = await devicesAt(context, 'all');
  assert.equal(await offeredColumns(devices), [...BASE_COLUMNS, ...FLEET_COLUMNS, ...SENSOR_COLUMNS, ...ADSB_COLUMNS, ...BLUETOOTH_COLUMNS, ...BTLE_COLUMNS, ...UAV_COLUMNS]);
  await close(devices);
});
withoutMqtt.run();

const withoutRtl433 = without('@svc/plugin-sdr-rtl433');
withoutRtl433('the table offers no sensor column and lists no sensor view; the others stay, and so does MQTT out', async (context) => {
  const page = await devicesAt(context, 'all');
  assert.equal(await offeredColumns(page), [...BASE_COLUMNS, ...FLEET_COLUMNS, ...ADSB_COLUMNS, ...BLUETOOTH_COLUMNS, ...BTLE_COLUMNS, ...UAV_COLUMNS]);
  assert.equal(await shownColumns(page), ['name', 'type', 'phy', 'mac', 'manuf', 'channel', 'signal', 'packets', 'seen']);
  await waitForListedView(page, 'phy-Bluetooth');
  const views = await listedViews(page);
  assert.ok(views.includes('phy-Bluetooth') && views.includes('phy-BTLE') && views.includes('phydot11_accesspoints'), views.join());
  assert.equal(views.filter((view) => /rtl433/i.test(view)), []);
  assert.equal(await moduleErrors(page), []);
  await close(page);
  const system = await open(context, '#/system');
  await logIn(context, system);
  await system.locator('[data-testid=mqtt-state]:has-text("connected")').waitFor();
  assert.equal(await integrationBlocks(system), [['MQTT', 'mqtt'], ['Fleet', 'fleet']]);
  await close(system);
});
withoutRtl433.run();
