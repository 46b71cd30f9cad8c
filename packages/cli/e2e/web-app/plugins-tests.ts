/**
 * What the plugins' UI modules add to the web app when every first-party plugin runs, in real
 * Chromium: their columns offered in the device table (the sensor, aircraft, Bluetooth and
 * Bluetooth LE ones in a view of every PHY), the default columns of their views (the access
 * points with their encryption, the sensors and Bluetooth devices without type or encryption,
 * aircraft with their address, altitude, speed and squawk, Classic devices with their class,
 * LE devices with their kind and tracker mark), and MQTT out among
 * the integrations. `web-plugins.test.ts` checks that each is gone with its plugin.
 */
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { waitUntil } from '@svc/core/testing';
import { close, logIn, open, type WebContext } from './harness.js';
import { devicesAt, integrationBlocks, moduleErrors, offeredColumns, shownColumns, waitForListedView } from './plugin-ui.js';

/** Columns of the base record every device has. */
export const BASE_COLUMNS = ['name', 'type', 'mac', 'manuf', 'phy', 'channel', 'signal', 'crypt', 'packets', 'seen', 'first'];
/** Columns the rtl433 plugin's module adds. */
export const SENSOR_COLUMNS = ['sensor-model', 'sensor-temperature'];
/** Columns the ADS-B plugin's module adds. */
export const ADSB_COLUMNS = ['adsb-callsign', 'adsb-icao', 'adsb-squawk', 'adsb-altitude', 'adsb-speed'];
/** Columns the Bluetooth plugin's modules add, of Classic devices and of LE devices. */
export const BLUETOOTH_COLUMNS = ['bluetooth-class', 'bluetooth-minor-class', 'bluetooth-advertiser'];
export const BTLE_COLUMNS = ['btle-local-name', 'btle-tx-power', 'btle-advertiser', 'btle-tracker'];
/** Columns the UAV plugin's module adds. */
export const UAV_COLUMNS = ['uav-id', 'uav-type', 'uav-altitude', 'uav-speed', 'uav-operator', 'uav-transport'];
/** Columns the fleet plugin's module adds, offered in every view no module speaks for (the server lists the fleet's UI module before the PHY plugins', so its column comes first). */
export const FLEET_COLUMNS = ['fleet-best-sensor'];

/** Adds the tests of the plugins' contributions to the suite of a server with every plugin. */
export function pluginTests(test: Test<WebContext>): void {
  test('the view of every PHY offers the plugins’ columns and shows the PHY; each plugin’s views show its default columns', async (context) => {
    const page = await devicesAt(context, 'all');
    assert.equal(await offeredColumns(page), [...BASE_COLUMNS, ...FLEET_COLUMNS, ...SENSOR_COLUMNS, ...ADSB_COLUMNS, ...BLUETOOTH_COLUMNS, ...BTLE_COLUMNS, ...UAV_COLUMNS]);
    assert.equal(await shownColumns(page), ['name', 'type', 'phy', 'mac', 'manuf', 'channel', 'signal', 'packets', 'seen']);
    await waitForListedView(page, 'phy-RFSENSOR');
    const defaults: [view: string, columns: string[]][] = [
      ['phydot11_accesspoints', ['name', 'type', 'mac', 'manuf', 'channel', 'signal', 'crypt', 'packets', 'seen']],
      ['phy-IEEE802.11', ['name', 'type', 'mac', 'manuf', 'channel', 'signal', 'crypt', 'packets', 'seen']],
      ['phy-RFSENSOR', ['name', 'mac', 'channel', 'signal', 'packets', 'seen']],
      ['sensor-thermometers', ['name', 'mac', 'channel', 'signal', 'packets', 'seen']],
      ['phy-ADSB', ['name', 'adsb-icao', 'adsb-altitude', 'adsb-speed', 'adsb-squawk', 'signal', 'packets', 'seen']],
      ['phy-Bluetooth', ['name', 'mac', 'manuf', 'bluetooth-class', 'bluetooth-minor-class', 'signal', 'packets', 'seen']],
      ['phy-UAV', ['name', 'uav-id', 'uav-type', 'uav-altitude', 'uav-speed', 'uav-operator', 'uav-transport', 'signal', 'seen']],
      ['phy-BTLE', ['name', 'mac', 'manuf', 'btle-advertiser', 'btle-tracker', 'signal', 'packets', 'seen']],
    ];
    for (const [view, columns] of defaults) {
      await page.selectOption('select[aria-label=View]', view);
      await page.waitForURL((url) => url.hash.includes(`view=${view}`));
      let shown: string[] = [];
      await waitUntil(`${view} shows its default columns`, async () => (shown = await shownColumns(page)).join() === columns.join(), { timeoutMs: 30_000, detail: () => shown.join() });
    }
    assert.equal(await offeredColumns(page), [...BASE_COLUMNS, ...BTLE_COLUMNS], 'a PHY’s view offers its plugin’s columns only');
    assert.equal(await moduleErrors(page), []);
    await close(page);
  });

  test('the integrations hold MQTT out and the fleet, from the MQTT and fleet plugins’ UI modules', async (context) => {
    const page = await open(context, '#/system');
    await logIn(context, page);
    await page.locator('[data-testid=mqtt-panel]').waitFor();
    assert.equal(await integrationBlocks(page), [['MQTT', 'mqtt'], ['Fleet', 'fleet']]);
    await page.locator('[data-testid=fleet-off]').waitFor();
    assert.equal(await moduleErrors(page), []);
    await close(page);
  });
}
