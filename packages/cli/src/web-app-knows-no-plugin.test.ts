/**
 * The web app knows no plugin: everything it shows of one (device panels, columns, pages,
 * integration blocks) comes from the plugin's UI module. So no name a first-party plugin gives
 * what it registers (its package, PHYs, datasource, GPS, alert sink and log types, views, UI
 * modules, report formats, event topics, device sub-records), nor what its PHY is called in
 * prose, is spelled in `packages/web/app`. The names come from a service running every
 * first-party plugin, so a plugin's new name is checked without editing this test.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PluginDefinition } from '@svc/core';
import { createTestService } from '@svc/core/testing';
import { FIRST_PARTY_PLUGINS } from './first-party-plugins.js';

/** The app's sources: its page and everything under `src`. */
const app = fileURLToPath(new URL('../../web/app/', import.meta.url));
/** What the first-party PHYs are called in prose, besides their registered names. */
const PROSE_NAMES = ['802.11', 'Wi-Fi', 'WiFi', 'WLAN', 'rtl_433', 'Bluetooth', 'MQTT'];

function files(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(directory, entry.name)) : [join(directory, entry.name)]));
}

/** Every name the first-party plugins (but the web app itself) register something under. */
async function pluginNames(): Promise<Set<string>> {
  const plugins = await Promise.all(FIRST_PARTY_PLUGINS.map(async (name) => ((await import(name)) as { default: PluginDefinition }).default));
  const t = await createTestService({ plugins });
  try {
    const { svc } = t;
    const owners = new Set<string>(FIRST_PARTY_PLUGINS.filter((name) => name !== '@svc/web'));
    const names = new Set<string>([...owners, ...[...owners].map((name) => name.replace(/^@svc\/(plugin-)?/, ''))]);
    const registries = [svc.phys, svc.datasourceTypes, svc.gpsTypes, svc.alertSinkTypes, svc.logTypes, svc.views, svc.uiModules, svc.reportFormats, svc.eventTopics];
    for (const registry of registries) for (const { name } of registry.list()) if (owners.has(registry.ownerOf(name) ?? '')) names.add(name);
    for (const phy of svc.phys.list()) if (owners.has(svc.phys.ownerOf(phy.name) ?? '') && phy.deviceComponent) names.add(phy.deviceComponent.field);
    return names;
  } finally {
    await t.close();
  }
}

test('no plugin or PHY name is spelled in the web app', async () => {
  const names = [...(await pluginNames()), ...PROSE_NAMES];
  assert.ok(names.includes('IEEE802.11') && names.includes('rtl433') && names.includes('mqtt'), 'the names are those of the first-party plugins');
  // Whole words, in any case: `serial` is a GPS type, but `svc.common.rrd.serial_time` is a core field.
  const spelled = new RegExp(`(?<![\\w.-])(?:${names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w-])`, 'i');
  const found: string[] = [];
  for (const file of files(app)) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const match = spelled.exec(line);
        if (match) found.push(`${file.slice(app.length)}:${index + 1}: ${match[0]}`);
      });
  }
  assert.equal(found, [], 'the app spells no plugin name (a plugin adds what the app shows of it through its UI module)');
});

test.run();
