/**
 * BLEEDINGTOOTH on built frames through the real chain: a scannable legacy advertisement (ADV_IND,
 * ADV_SCAN_IND) with 32 bytes of data raises it, sniffed or in an adapter's report, with Kismet's
 * class, severity, text and channel, on the device's key, and tags the packet; 31 bytes, or
 * another PDU type, does not. Off by default, as in Kismet.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { deviceKey, phyKeyPrefix } from '@svc/core';
import { BTLE_PHY_NAME } from '../index.js';
import { alertHarness, assertOneAlert } from './alert-harness.test-helper.js';
import { BLEEDINGTOOTH_TEXT } from './bluetooth-alert-catalog.js';
import {
  DLT_BLUETOOTH_HCI_H4_WITH_PHDR as HCI,
  DLT_BLUETOOTH_LE_LL_WITH_PHDR as LE,
  leAdvertisingReport,
  mac,
  paddedData,
  PduType,
  ReportType,
  sniffedAdvertisement,
} from './bluetooth-frames.test-helper.js';

const SNIFFED = mac('00:1B:DC:00:00:01');
const REPORTED = mac('00:1B:DC:00:00:02');

test('a sniffed ADV_IND or ADV_SCAN_IND with 32 bytes of data raises it as Kismet does', async () => {
  const h = await alertHarness();
  try {
    const packet = h.send(LE, sniffedAdvertisement(PduType.ADV_IND, SNIFFED, paddedData(32)));
    assertOneAlert(h, {
      header: 'BLEEDINGTOOTH',
      class: 'EXPLOIT',
      severity: 15,
      phy_name: BTLE_PHY_NAME,
      text: BLEEDINGTOOTH_TEXT,
      source_mac: '00:1B:DC:00:00:01',
      transmitter_mac: '00:00:00:00:00:00',
      channel: 'FHSS',
      device_key: deviceKey(phyKeyPrefix(BTLE_PHY_NAME), SNIFFED),
    });
    assert.equal(packet.tags, ['ALERT', 'ALERT_BLEEDINGTOOTH']);
    h.send(LE, sniffedAdvertisement(PduType.ADV_SCAN_IND, SNIFFED, paddedData(60)));
    assert.equal(h.raised(), ['BLEEDINGTOOTH 00:1B:DC:00:00:01']);
  } finally {
    await h.close();
  }
});

test('an adapter report of a legacy ADV_IND or ADV_SCAN_IND with 32 bytes raises it', async () => {
  const h = await alertHarness();
  try {
    h.send(HCI, leAdvertisingReport(ReportType.ADV_IND, REPORTED, paddedData(32)));
    h.send(HCI, leAdvertisingReport(ReportType.ADV_SCAN_IND, REPORTED, paddedData(33)));
    assert.equal(h.raised(), ['BLEEDINGTOOTH 00:1B:DC:00:00:02', 'BLEEDINGTOOTH 00:1B:DC:00:00:02']);
  } finally {
    await h.close();
  }
});

test('near misses: 31 bytes, or more in a PDU whose data no host keeps waiting for a scan response', async () => {
  const h = await alertHarness();
  try {
    h.send(LE, sniffedAdvertisement(PduType.ADV_IND, SNIFFED, paddedData(31)));
    h.send(LE, sniffedAdvertisement(PduType.ADV_SCAN_IND, SNIFFED, paddedData(31)));
    h.send(LE, sniffedAdvertisement(PduType.ADV_NONCONN_IND, SNIFFED, paddedData(32)));
    h.send(LE, sniffedAdvertisement(PduType.SCAN_RSP, SNIFFED, paddedData(32)));
    h.send(HCI, leAdvertisingReport(ReportType.ADV_IND, REPORTED, paddedData(31)));
    h.send(HCI, leAdvertisingReport(ReportType.ADV_NONCONN_IND, REPORTED, paddedData(32)));
    h.send(HCI, leAdvertisingReport(ReportType.SCAN_RSP, REPORTED, paddedData(32)));
    assert.equal(h.raised(), []);
    assert.ok(h.t.svc.devices.size >= 2, 'the devices were tracked');
  } finally {
    await h.close();
  }
});

test("off by default, with Kismet's rates of 0/min, 0/sec", async () => {
  const h = await alertHarness({ alert: [] });
  try {
    h.send(LE, sniffedAdvertisement(PduType.ADV_IND, SNIFFED, paddedData(32)));
    assert.equal(h.raised(), []);
    const definitions = (await (await h.t.request('/alerts/definitions.json')).json()) as Record<string, unknown>[];
    const definition = definitions.find((entry) => entry['svc.alert.definition.header'] === 'BLEEDINGTOOTH')!;
    assert.is(definition['svc.alert.definition.limit_rate'], 0);
    assert.is(definition['svc.alert.definition.limit_burst'], 0);
    assert.is(definition['svc.alert.definition.phy_name'], BTLE_PHY_NAME);
  } finally {
    await h.close();
  }
});

test.run();
