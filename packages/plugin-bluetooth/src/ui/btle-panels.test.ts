/**
 * The Bluetooth LE panel and columns, rendered with a stand-in for the web app from devices the
 * plugin itself made out of built LE advertising reports: an AirTag away from its owner and a
 * smartwatch with Fast Pair service data. What the panel shows is the record's, in words (the
 * random address's kind, the advertiser with the tracker mark, the appearance, the companies,
 * the services); and every field the panel and the columns read is one the BTLE PHY registers,
 * so a renamed field cannot leave them reading nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BTLE_DEVICE_FIELDS } from '../btle/btle-device.js';
import { adStructures, leAdvertisingReportEvent } from '../testing/index.js';
import registerBtlePanels, { appearanceText } from './btle-panels.js';
import { devicesOf, elements, keyValues, standInApi, tableAfter, unregisteredFieldsRead, type Element } from './panel-render.test-helper.js';

/** Find My's "separated from its owner" message of an AirTag (status byte 0x10), from a static random address. */
const AIRTAG = leAdvertisingReportEvent([{
  address: 'DA:7A:61:00:00:01',
  addressType: 1,
  eventType: 3,
  rssi: -58,
  data: adStructures([[0xff, Uint8Array.of(0x4c, 0x00, 0x12, 0x19, 0x10, ...new Array(22).fill(0xa5), 0x01, 0x00)]]),
}]);

/** A smartwatch: name, flags, TX power, appearance, Battery service, Fast Pair service data and two companies' data. */
const WATCH = leAdvertisingReportEvent([{
  address: '4A:00:00:00:00:02',
  addressType: 1,
  eventType: 0,
  rssi: -70,
  data: adStructures([
    [0x01, Uint8Array.of(0x06)],
    [0x09, 'Watch 5'],
    [0x0a, Uint8Array.of(0xf8)],
    [0x19, Uint8Array.of(0xc2, 0x00)],
    [0x03, Uint8Array.of(0x0f, 0x18)],
    [0x16, Uint8Array.of(0x2c, 0xfe, 0x00, 0x0c, 0x8a)],
    [0xff, Uint8Array.of(0x75, 0x00, 0x01)],
    [0xff, Uint8Array.of(0xe0, 0x00, 0x02, 0x03)],
  ]),
}]);

test('the panel shows an AirTag as a tracker, with its random address kind and Apple’s data', async () => {
  const devices = await devicesOf([{ timeUs: Date.now() * 1000, data: AIRTAG }], 'phy-BTLE');
  const { ui, panels, components } = standInApi();
  registerBtlePanels(ui);
  assert.equal(panels.map((panel) => [panel.phy, panel.title]), [['BTLE', 'Bluetooth LE']]);
  const tree = elements(panels[0]!.render({ device: devices[0]! }));
  const rows = keyValues(tree, components.KeyValues);
  assert.is(rows['Address type'], 'random (static)');
  assert.is(rows.Kind, 'AirTag ');
  const mark = tree.find((element: Element) => element.type === components.State)!;
  assert.equal(mark.props, { state: 'tracker', tone: 'bad', testid: 'btle-tracker' });
  assert.is(rows.Companies, '0x004C Apple, Inc.');
  assert.is(rows['Manufacturer data'], `0x004C Apple, Inc.: 121910${'a5'.repeat(22)}0100`);
  assert.is(rows.Connectable, 'no');
  assert.is(rows['Advertisement types'], 'ADV_NONCONN_IND');
  assert.equal(tableAfter(tree, 'Services', components.Table), []);
});

test('the panel shows a smartwatch’s appearance, services and service data by name, its companies and path loss', async () => {
  const [device] = await devicesOf([{ timeUs: Date.now() * 1000, data: WATCH }], 'phy-BTLE');
  const { ui, panels, components } = standInApi();
  registerBtlePanels(ui);
  const tree = elements(panels[0]!.render({ device: device! }));
  assert.equal(keyValues(tree, components.KeyValues), {
    Name: 'Watch 5',
    'Address type': 'random (resolvable)',
    Kind: 'Google Fast Pair',
    Appearance: 'Watch: Smartwatch (0x00C2)',
    Connectable: 'yes',
    Companies: '0x0075 Samsung Electronics Co. Ltd., 0x00E0 Google',
    'Manufacturer data': '0x00E0 Google: 0203',
    'TX power': '-8 dBm',
    'Path loss': '62 dB',
    'Advertisement types': 'ADV_IND',
  });
  assert.is(tree.filter((element) => element.type === components.State).length, 0, 'no tracker mark');
  assert.equal(tableAfter(tree, 'Services', components.Table), [['180F', 'Battery']]);
  assert.equal(tableAfter(tree, 'Service data', components.Table), [['FE2C', 'Google Fast Pair', '000c8a']]);
});

test('an appearance reads as its category and subcategory with its number', () => {
  assert.is(appearanceText(0x03c1), 'Human Interface Device: Keyboard (0x03C1)');
  assert.is(appearanceText(0x0941), 'Wearable Audio Device: Earbud (0x0941)');
  assert.is(appearanceText(0x0200), 'Tag (0x0200)');
  assert.is(appearanceText(0x1c00), '0x1C00', 'a category svc does not know');
  assert.is(appearanceText(0), '');
});

test('every btle.device field the panel and the columns read is registered by the BTLE PHY', () => {
  const { unregistered, read } = unregisteredFieldsRead(['./btle-panels.ts', './btle-columns.ts'], 'btle.device', BTLE_DEVICE_FIELDS);
  assert.ok(read >= 15, `${read} fields read`);
  assert.equal(unregistered, []);
});

test.run();
