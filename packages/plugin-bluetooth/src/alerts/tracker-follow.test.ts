/**
 * TRACKERFOLLOW on built frames through the real chain: an AirTag heard every minute raises it
 * once when it has stayed ten minutes (the default), and again only after it left (a silence
 * over the gap) and stayed again; with a GPS, only once the sensor travelled 500 m while hearing
 * it. Near misses raise nothing: a tracker heard for less than the time, one on the allow list,
 * a sensor that did not travel far enough (or whose GPS only wanders), a device that is no
 * tracker.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { deviceKey, phyKeyPrefix, type PacketGps } from '@svc/core';
import { BTLE_PHY_NAME } from '../index.js';
import { alertHarness, assertOneAlert, T0, type AlertHarness } from './alert-harness.test-helper.js';
import { airTagData, DLT_BLUETOOTH_HCI_H4_WITH_PHDR as HCI, FLAGS, leAdvertisingReport, mac, ReportType } from './bluetooth-frames.test-helper.js';

const AIRTAG = mac('D1:22:33:44:55:66');
const OTHER_AIRTAG = mac('E1:22:33:44:55:77');

/** The AirTag's advertisement, as an adapter reports it. */
const airTag = (address = AIRTAG) => leAdvertisingReport(ReportType.ADV_NONCONN_IND, address, airTagData(), true);

/** Sends the AirTag every `every` seconds from `from` to `to` (seconds after T0), with the GPS fix `gps(seconds)`; returns what was raised at each time. */
function hear(h: AlertHarness, from: number, to: number, options: { every?: number; gps?: (seconds: number) => PacketGps; address?: number } = {}): Map<number, string[]> {
  const raised = new Map<number, string[]>();
  for (let seconds = from; seconds <= to; seconds += options.every ?? 60) {
    h.send(HCI, airTag(options.address), T0 + seconds, options.gps?.(seconds));
    const now = h.raised();
    if (now.length > 0) raised.set(seconds, now);
  }
  return raised;
}

/** A fix `north` metres north of a start point (a degree of latitude is 111 195 m on the mean sphere). */
const northOf = (north: number): PacketGps => ({ lat: 48.85 + north / 111_195, lon: 2.35, fix: 3, time: 0 });

test('an AirTag that stays ten minutes raises it once, on its device, with a text that says so', async () => {
  const h = await alertHarness();
  try {
    assert.equal([...hear(h, 0, 540)], [], 'nine minutes are not enough');
    const packet = h.send(HCI, airTag(), T0 + 600);
    assertOneAlert(h, {
      header: 'TRACKERFOLLOW',
      class: 'PROBE',
      severity: 10,
      phy_name: BTLE_PHY_NAME,
      source_mac: 'D1:22:33:44:55:66',
      device_key: deviceKey(phyKeyPrefix(BTLE_PHY_NAME), AIRTAG),
      text: 'AirTag D1:22:33:44:55:66 has stayed with this sensor for 10 minutes; it may be tracking whoever carries the sensor. If it is yours, add it to bluetooth_tracker_follow_allow.',
    });
    assert.equal(packet.tags, ['ALERT', 'ALERT_TRACKERFOLLOW']);
    assert.equal([...hear(h, 660, 1800)], [], 'once per stay');
  } finally {
    await h.close();
  }
});

test('it raises again only after the tracker left (a silence over the gap) and stayed again', async () => {
  const h = await alertHarness({ bluetooth_tracker_follow_gap: '120' });
  try {
    assert.equal([...hear(h, 0, 600)].map(([seconds]) => seconds), [600]);
    // Silences of two minutes keep the stay going: nothing new.
    assert.equal([...hear(h, 720, 1440, { every: 120 })], []);
    // Gone for three minutes, back for ten.
    assert.equal([...hear(h, 1621, 2221)].map(([seconds]) => seconds), [2221]);
  } finally {
    await h.close();
  }
});

test('near miss: a tracker whose silences break its stay into short ones raises nothing', async () => {
  const h = await alertHarness({ bluetooth_tracker_follow_gap: '120' });
  try {
    assert.equal([...hear(h, 0, 1800, { every: 121 })], []);
  } finally {
    await h.close();
  }
});

test('near miss: trackers on the allow list (a MAC, a prefix) and devices that are no trackers raise nothing', async () => {
  const h = await alertHarness({ bluetooth_tracker_follow_allow: ['d1:22:33:44:55:66', 'E1:22:33:00:00:00/FF:FF:FF:00:00:00'] });
  try {
    assert.equal([...hear(h, 0, 1200)], []);
    assert.equal([...hear(h, 0, 1200, { address: OTHER_AIRTAG })], []);
    for (let seconds = 0; seconds <= 1200; seconds += 60) h.send(HCI, leAdvertisingReport(ReportType.ADV_IND, mac('00:1B:DC:00:00:09'), FLAGS), T0 + seconds);
    assert.equal(h.raised(), []);
    // A tracker not listed, at the same times, does raise.
    assert.equal([...hear(h, 0, 600, { address: mac('F1:22:33:44:55:88') })].map(([seconds]) => seconds), [600]);
  } finally {
    await h.close();
  }
});

test('with a GPS, it waits until the sensor travelled 500 m while hearing the tracker', async () => {
  const h = await alertHarness();
  try {
    // 111 m a minute: 500 m are behind well before the ten minutes.
    const fast = hear(h, 0, 900, { gps: (seconds) => northOf((seconds / 60) * 111) });
    assert.equal([...fast.keys()], [600]);
    assert.match(fast.get(600)![0]!, /^TRACKERFOLLOW /);
    const text = h.t.svc.alerts.all().at(-1)!['svc.alert.text'] as string;
    assert.match(text, /for 10 minutes while the sensor travelled 1110 m;/);
  } finally {
    await h.close();
  }
  const slow = await alertHarness();
  try {
    // 40 m a minute: 400 m at ten minutes is not enough; 520 m at thirteen is.
    assert.equal([...hear(slow, 0, 1200, { gps: (seconds) => northOf((seconds / 60) * 40) })].map(([seconds]) => seconds), [780]);
  } finally {
    await slow.close();
  }
});

test("near miss: a standing sensor, its GPS wandering 20 m from fix to fix, never raises", async () => {
  const h = await alertHarness();
  try {
    assert.equal([...hear(h, 0, 3600, { every: 10, gps: (seconds) => northOf(seconds % 20 === 0 ? 0 : 20) })], []);
  } finally {
    await h.close();
  }
});

test('bluetooth_tracker_follow_distance=0 judges on time alone, GPS or not; follow_time sets the time', async () => {
  const h = await alertHarness({ bluetooth_tracker_follow_distance: '0', bluetooth_tracker_follow_time: '300' });
  try {
    assert.equal([...hear(h, 0, 600, { gps: () => northOf(0) })].map(([seconds]) => seconds), [300]);
  } finally {
    await h.close();
  }
});

test.run();
