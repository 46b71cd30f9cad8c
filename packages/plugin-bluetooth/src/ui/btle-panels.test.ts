/**
 * The Bluetooth LE panel, rendered with a stand-in for the web app (its `h` returns plain
 * objects): what it shows of a device record, and that every field it reads is one the BTLE
 * PHY registers, so a renamed field cannot leave the panel reading nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import type { UiModuleApi } from '@svc/core';
import { BTLE_DEVICE_FIELDS } from '../btle/btle-device.js';
import registerBtlePanels, { companyIdText } from './btle-panels.js';

/** A panel as a module registers it. */
type Panel = Parameters<UiModuleApi['devicePanel']>[0];

test('the panel shows name, address type, company, manufacturer data, services and TX power', () => {
  const panels: Panel[] = [];
  const KeyValues = () => null;
  const h = (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => ({ type, props, children });
  registerBtlePanels({ h, components: { KeyValues }, devicePanel: (panel: Panel) => panels.push(panel) } as unknown as UiModuleApi);
  assert.equal(panels.map((panel) => [panel.phy, panel.title]), [['BTLE', 'Bluetooth LE']]);
  const device = {
    'svc.device.base.manuf': 'Apple, Inc.',
    'btle.device': {
      'btle.device.local_name': 'Keys',
      'btle.device.address_type': 'random',
      'btle.device.connectable': 1,
      'btle.device.company_id': 0x004c,
      'btle.device.manufacturer_data': '0215aabb',
      'btle.device.service_uuids': ['180F'],
      'btle.device.tx_power': -8,
      'btle.device.pdu_types': ['ADV_IND', 'SCAN_RSP'],
    },
  };
  const rendered = panels[0]!.render({ device }) as { children: { type: unknown; props: { rows: [string, unknown][] } }[] };
  const rows = Object.fromEntries(rendered.children[0]!.props.rows);
  assert.is(rows.Name, 'Keys');
  assert.is(rows['Address type'], 'random');
  assert.is(rows.Connectable, 'yes');
  assert.is(rows.Company, '0x004C (Apple, Inc.)');
  assert.equal(rows['Manufacturer data'], { type: 'code', props: null, children: ['0215aabb'] });
  assert.is(rows['TX power'], '-8 dBm');
  assert.is(rows['Advertisement types'], 'ADV_IND, SCAN_RSP');
  assert.is(companyIdText(6), '0x0006');
});

test('every btle.device field the panel reads is registered by the BTLE PHY', () => {
  const source = readFileSync(new URL('./btle-panels.ts', import.meta.url), 'utf8');
  const read = [...new Set([...source.matchAll(/'(btle\.device\.[a-z_]+)'/g)].map((match) => match[1]!))];
  const registered = new Set(BTLE_DEVICE_FIELDS.map((field) => field.name));
  assert.ok(read.length >= 8);
  for (const field of read) assert.ok(registered.has(field), `${field} is a registered field`);
});

test.run();
