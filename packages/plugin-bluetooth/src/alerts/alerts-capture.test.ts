/**
 * The Bluetooth alerts end to end: a crafted HCI capture (pcap, DLT 201, written here from the
 * frames the unit tests build) is replayed by a `pcapfile` source into a started test service,
 * and the alerts are read back from `/alerts/all_alerts.json` with Kismet's header, class and
 * text. The capture holds, over twelve minutes: an adapter's report of an over-sized ADV_IND
 * and of a 31-byte one; an LE device in a Flipper OUI, one an OUI off, and a Classic device in
 * the other Flipper OUI; an AirTag heard every 30 s throughout, and another for five minutes.
 * Without a GPS the first AirTag follows; with a GPS that stands still, it does not.
 *
 * The replay runs at full speed, so many seconds of capture pass in one second of the wall
 * clock that throttles alerts: the test raises the burst rates (and turns BLEEDINGTOOTH on,
 * off by default) so that the throttle does not decide what is seen.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@svc/core';
import { createTestService, waitUntil } from '@svc/core/testing';
import dot11Plugin from '@svc/plugin-dot11';
import { pcapFile, type TimedFrame } from '@svc/plugin-dot11/synthetic';
import bluetoothPlugin, { BLUETOOTH_PHY_NAME, BTLE_PHY_NAME } from '../index.js';
import { T0 } from './alert-harness.test-helper.js';
import { BLEEDINGTOOTH_TEXT, FLIPPERZERO_TEXT } from './bluetooth-alert-catalog.js';
import { airTagData, completeName, DLT_BLUETOOTH_HCI_H4_WITH_PHDR, FLAGS, inquiryResult, leAdvertisingReport, mac, paddedData, ReportType } from './bluetooth-frames.test-helper.js';

/** The crafted capture's frames, in time order. */
function craftedFrames(): TimedFrame[] {
  const frames: { time: number; data: Buffer }[] = [
    { time: 0, data: leAdvertisingReport(ReportType.ADV_IND, mac('00:1B:DC:00:00:01'), paddedData(32)) },
    { time: 0, data: leAdvertisingReport(ReportType.ADV_IND, mac('00:1B:DC:00:00:02'), paddedData(31)) },
    { time: 1, data: leAdvertisingReport(ReportType.ADV_IND, mac('80:E1:26:11:22:33'), Buffer.concat([FLAGS, completeName('Flipper Ruby')])) },
    { time: 1, data: leAdvertisingReport(ReportType.ADV_IND, mac('80:E1:28:11:22:33'), FLAGS) },
    { time: 2, data: inquiryResult(mac('80:E1:27:00:00:02')) },
  ];
  for (let seconds = 0; seconds <= 720; seconds += 30) {
    frames.push({ time: seconds + 0.5, data: leAdvertisingReport(ReportType.ADV_NONCONN_IND, mac('D1:22:33:44:55:66'), airTagData(0x11), true) });
    if (seconds <= 300) frames.push({ time: seconds + 0.7, data: leAdvertisingReport(ReportType.ADV_NONCONN_IND, mac('E1:22:33:44:55:77'), airTagData(0x22), true) });
  }
  frames.sort((a, b) => a.time - b.time);
  return frames.map(({ time, data }) => ({ tsSec: T0 + Math.floor(time), tsFraction: Math.round((time % 1) * 1e6), data }));
}

/** `alert=` lines: every Bluetooth alert on, with bursts a full-speed replay does not reach. */
const RATES = ['BLEEDINGTOOTH,100/min,100/sec', 'FLIPPERZERO,100/min,100/sec', 'TRACKERFOLLOW,100/min,100/sec'];

/** Replays the crafted capture (with `gps`, a GPS line) and returns the alerts as `/alerts/all_alerts.json` serves them. */
async function alertsOfReplay(gps?: string): Promise<Record<string, unknown>[]> {
  const directory = mkdtempSync(join(tmpdir(), 'svc-bt-alerts-'));
  const frames = craftedFrames();
  const capture = join(directory, 'crafted-bluetooth-alerts.pcap');
  writeFileSync(capture, pcapFile(DLT_BLUETOOTH_HCI_H4_WITH_PHDR, frames));
  const t = await createTestService({ plugins: [dot11Plugin, bluetoothPlugin], config: { alert: RATES, ...(gps ? { gps } : {}) }, log: createLogger({ write: () => {} }) });
  try {
    await t.svc.start();
    if (gps) await waitUntil('the GPS has a fix', () => t.svc.gps.packetGps !== undefined);
    const source = await t.svc.datasources.add(`${capture}:name=crafted`);
    assert.is(source.type.name, 'pcapfile');
    await waitUntil('every frame of the crafted capture is read', () => source.numPackets >= frames.length, { timeoutMs: 30_000 });
    const response = await t.request('/alerts/all_alerts.json');
    assert.is(response.status, 200);
    return (await response.json()) as Record<string, unknown>[];
  } finally {
    await t.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

/** An alert as `HEADER CLASS PHY SOURCE_MAC`. */
const summary = (alert: Record<string, unknown>) => `${alert['svc.alert.header']} ${alert['svc.alert.class']} ${alert['svc.alert.phy_name']} ${alert['svc.alert.source_mac']}`;

test('the crafted capture raises BLEEDINGTOOTH, FLIPPERZERO (LE and Classic) and TRACKERFOLLOW, and nothing for the near misses', async () => {
  const alerts = await alertsOfReplay();
  assert.equal(alerts.map(summary), [
    `BLEEDINGTOOTH EXPLOIT ${BTLE_PHY_NAME} 00:1B:DC:00:00:01`,
    `FLIPPERZERO PROBE ${BLUETOOTH_PHY_NAME} 80:E1:26:11:22:33`,
    `FLIPPERZERO PROBE ${BLUETOOTH_PHY_NAME} 80:E1:27:00:00:02`,
    `TRACKERFOLLOW PROBE ${BTLE_PHY_NAME} D1:22:33:44:55:66`,
  ]);
  assert.equal(
    alerts.map((alert) => alert['svc.alert.text']),
    [BLEEDINGTOOTH_TEXT, FLIPPERZERO_TEXT, FLIPPERZERO_TEXT, 'AirTag D1:22:33:44:55:66 has stayed with this sensor for 10 minutes; it may be tracking whoever carries the sensor. If it is yours, add it to bluetooth_tracker_follow_allow.'],
  );
  assert.equal(alerts.map((alert) => alert['svc.alert.channel']), ['FHSS', 'FHSS', 'FHSS', 'FHSS']);
});

test('with a GPS that stands still, the AirTag travelled nowhere with the sensor: no TRACKERFOLLOW', async () => {
  const alerts = await alertsOfReplay('virtual:lat=48.8566,lon=2.3522,alt=35');
  assert.equal(alerts.map((alert) => alert['svc.alert.header']), ['BLEEDINGTOOTH', 'FLIPPERZERO', 'FLIPPERZERO']);
  assert.ok(alerts.every((alert) => typeof alert['svc.alert.location'] === 'object'), 'the alerts carry the position');
});

test.run();
