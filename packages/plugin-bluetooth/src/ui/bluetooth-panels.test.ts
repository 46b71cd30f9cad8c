/**
 * The Classic Bluetooth panel and columns, rendered with a stand-in for the web app from a
 * device the plugin itself made out of a built Extended Inquiry Result: the class of device,
 * service classes, kind, name source, TX power, path loss, company, manufacturer data and
 * services it shows are the record's, in words; and every field the panel and the columns read
 * is one the Bluetooth PHY registers, so a renamed field cannot leave them reading nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BLUETOOTH_DEVICE_FIELDS } from '../classic/bluetooth-device.js';
import { adStructures, extendedInquiryResultEvent } from '../testing/index.js';
import registerBluetoothPanels from './bluetooth-panels.js';
import { devicesOf, elements, keyValues, standInApi, tableAfter, unregisteredFieldsRead } from './panel-render.test-helper.js';

/** A loudspeaker's inquiry response: name, TX power, three services, TI manufacturer data and Fast Pair service data. */
const SPEAKER = extendedInquiryResultEvent({
  address: '00:1A:7D:DA:71:13',
  classOfDevice: 0x240414,
  rssi: -70,
  eir: adStructures([
    [0x09, 'Kitchen speaker'],
    [0x0a, Uint8Array.of(4)],
    [0x03, Uint8Array.of(0x0b, 0x11, 0x0e, 0x11, 0x34, 0x12)],
    [0xff, Uint8Array.of(0x0d, 0x00, 0x01, 0x02)],
    [0x16, Uint8Array.of(0x2c, 0xfe, 0xaa, 0xbb, 0xcc)],
  ]),
});

test('the panel shows the class of device, services, company and levels of a Classic device in words', async () => {
  const [device] = await devicesOf([{ timeUs: Date.now() * 1000, data: SPEAKER }], 'phy-Bluetooth');
  const { ui, panels, components } = standInApi();
  registerBluetoothPanels(ui);
  assert.equal(panels.map((panel) => [panel.phy, panel.title]), [['Bluetooth', 'Bluetooth']]);
  const tree = elements(panels[0]!.render({ device: device! }));
  assert.equal(keyValues(tree, components.KeyValues), {
    'Class of device': 'Audio/Video / Loudspeaker (0x240414)',
    'Service classes': 'Rendering, Audio',
    Kind: 'Google Fast Pair',
    'Name from': 'extended inquiry response',
    'Seen in': 'extended inquiry result',
    'TX power': '4 dBm',
    'Path loss': '74 dB',
    Companies: '0x000D Texas Instruments Inc.',
    'Manufacturer data': '0102',
  });
  assert.equal(tableAfter(tree, 'Services', components.Table), [
    ['110B', 'Audio Sink (A2DP)'],
    ['110E', 'A/V Remote Control (AVRCP)'],
    ['1234', ''],
  ]);
  assert.equal(tableAfter(tree, 'Service data', components.Table), [['FE2C', 'Google Fast Pair', 'aabbcc']]);
  assert.ok(tree.some((element) => element.type === 'h3' && element.children[0] === 'RSSI over time'));
});

test('every bluetooth.device field the panel and the columns read is registered by the Bluetooth PHY', () => {
  const { unregistered, read } = unregisteredFieldsRead(['./bluetooth-panels.ts', './bluetooth-columns.ts'], 'bluetooth.device', BLUETOOTH_DEVICE_FIELDS);
  assert.ok(read >= 14, `${read} fields read`);
  assert.equal(unregistered, []);
});

test.run();
