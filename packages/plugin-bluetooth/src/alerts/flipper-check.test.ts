/**
 * FLIPPERZERO on built frames through the real chain: a new BLE or Classic device in OUI
 * 80:E1:26 or 80:E1:27 raises it once with Kismet's class, severity and text, defined under the
 * Bluetooth PHY; a random address that advertises a Flipper's service or name raises it when
 * that advertisement comes; an OUI one off raises nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { deviceKey, phyKeyPrefix } from '@svc/core';
import { BLUETOOTH_PHY_NAME, BTLE_PHY_NAME } from '../index.js';
import { alertHarness, assertOneAlert } from './alert-harness.test-helper.js';
import { FLIPPERZERO_TEXT } from './bluetooth-alert-catalog.js';
import {
  adStructure,
  completeName,
  DLT_BLUETOOTH_HCI_H4_WITH_PHDR as HCI,
  DLT_BLUETOOTH_LE_LL_WITH_PHDR as LE,
  FLAGS,
  inquiryResult,
  leAdvertisingReport,
  mac,
  PduType,
  ReportType,
  sniffedAdvertisement,
} from './bluetooth-frames.test-helper.js';

test("a new device in the Flipper's OUIs raises it once, as Kismet does", async () => {
  const h = await alertHarness();
  try {
    const reported = mac('80:E1:26:11:22:33');
    const packet = h.send(HCI, leAdvertisingReport(ReportType.ADV_IND, reported, FLAGS));
    assertOneAlert(h, {
      header: 'FLIPPERZERO',
      class: 'PROBE',
      severity: 15,
      phy_name: BLUETOOTH_PHY_NAME,
      text: FLIPPERZERO_TEXT,
      source_mac: '80:E1:26:11:22:33',
      channel: 'FHSS',
      device_key: deviceKey(phyKeyPrefix(BTLE_PHY_NAME), reported),
    });
    assert.equal(packet.tags, ['ALERT', 'ALERT_FLIPPERZERO']);
    h.send(HCI, leAdvertisingReport(ReportType.ADV_IND, reported, FLAGS), 1_700_000_001);
    assert.equal(h.raised(), [], 'once per device');
    h.send(LE, sniffedAdvertisement(PduType.ADV_IND, mac('80:E1:27:00:00:01'), FLAGS));
    h.send(HCI, inquiryResult(mac('80:E1:27:00:00:02')));
    assert.equal(h.raised(), ['FLIPPERZERO 80:E1:27:00:00:01', 'FLIPPERZERO 80:E1:27:00:00:02']);
    const classic = h.t.svc.devices.byMac(mac('80:E1:27:00:00:02'));
    assert.equal(classic.map((device) => device.phy.name), [BLUETOOTH_PHY_NAME]);
  } finally {
    await h.close();
  }
});

test("a random address raises it when it advertises a Flipper's service or name", async () => {
  const h = await alertHarness();
  try {
    const named = mac('D4:00:00:00:00:01');
    h.send(HCI, leAdvertisingReport(ReportType.ADV_IND, named, FLAGS, true));
    assert.equal(h.raised(), []);
    h.send(HCI, leAdvertisingReport(ReportType.SCAN_RSP, named, completeName('Flipper Ruby'), true));
    assert.equal(h.raised(), ['FLIPPERZERO D4:00:00:00:00:01']);
    h.send(LE, sniffedAdvertisement(PduType.ADV_IND, mac('D4:00:00:00:00:02'), Buffer.concat([FLAGS, adStructure(0x03, [0x81, 0x30])]), true));
    assert.equal(h.raised(), ['FLIPPERZERO D4:00:00:00:00:02']);
  } finally {
    await h.close();
  }
});

test('near miss: an OUI one off raises nothing', async () => {
  const h = await alertHarness();
  try {
    h.send(HCI, leAdvertisingReport(ReportType.ADV_IND, mac('80:E1:25:11:22:33'), FLAGS));
    h.send(HCI, leAdvertisingReport(ReportType.ADV_IND, mac('80:E1:28:11:22:33'), FLAGS));
    h.send(LE, sniffedAdvertisement(PduType.ADV_IND, mac('80:E2:26:00:00:01'), FLAGS));
    h.send(HCI, inquiryResult(mac('81:E1:26:00:00:02')));
    assert.equal(h.raised(), []);
    assert.is(h.t.svc.devices.size, 4);
  } finally {
    await h.close();
  }
});

test.run();
