/**
 * The alert tap as a whole: the three alerts are defined at boot under the PHYs that declare
 * them, with their classes, severities and rates; and damaged frames (the tests' HCI events and
 * sniffed PDUs with bytes changed, cut short or made up), every alert on, never make the checks
 * throw, while those still readable go on raising alerts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seededRandom } from '@svc/core/testing';
import { BLUETOOTH_PHY_NAME, BTLE_PHY_NAME } from '../index.js';
import { alertHarness, T0 } from './alert-harness.test-helper.js';
import {
  airTagData,
  completeName,
  DLT_BLUETOOTH_HCI_H4_WITH_PHDR as HCI,
  DLT_BLUETOOTH_LE_LL_WITH_PHDR as LE,
  FLAGS,
  inquiryResult,
  leAdvertisingReport,
  mac,
  paddedData,
  PduType,
  ReportType,
  sniffedAdvertisement,
} from './bluetooth-frames.test-helper.js';

test('definitions.json lists the three alerts under their PHYs with their classes, severities and rates', async () => {
  const h = await alertHarness({ alert: ['TRACKERFOLLOW,3/min,1/sec'] });
  try {
    const definitions = (await (await h.t.request('/alerts/definitions.json')).json()) as Record<string, unknown>[];
    const unit = (value: unknown) => ['sec', 'min', 'hour', 'day'][Number(value)];
    const described = definitions
      .filter((definition) => ['BLEEDINGTOOTH', 'FLIPPERZERO', 'TRACKERFOLLOW'].includes(definition['svc.alert.definition.header'] as string))
      .map((definition) =>
        [
          definition['svc.alert.definition.header'],
          definition['svc.alert.definition.phy_name'],
          definition['svc.alert.definition.class'],
          definition['svc.alert.definition.severity'],
          `${definition['svc.alert.definition.limit_rate']}/${unit(definition['svc.alert.definition.limit_unit'])},${definition['svc.alert.definition.limit_burst']}/${unit(definition['svc.alert.definition.burst_unit'])}`,
        ].join(' '),
      )
      .sort();
    assert.equal(described, [
      `BLEEDINGTOOTH ${BTLE_PHY_NAME} EXPLOIT 15 0/min,0/sec`,
      `FLIPPERZERO ${BLUETOOTH_PHY_NAME} PROBE 15 5/min,1/sec`,
      `TRACKERFOLLOW ${BTLE_PHY_NAME} PROBE 10 3/min,1/sec`,
    ]);
  } finally {
    await h.close();
  }
});

/** Frames that raise each alert, to damage. */
function seeds(): { dlt: number; data: Buffer }[] {
  return [
    { dlt: LE, data: sniffedAdvertisement(PduType.ADV_IND, mac('00:1B:DC:00:00:01'), paddedData(40)) },
    { dlt: LE, data: sniffedAdvertisement(PduType.ADV_IND, mac('80:E1:26:00:00:01'), Buffer.concat([FLAGS, completeName('Flipper Ruby')])) },
    { dlt: HCI, data: leAdvertisingReport(ReportType.ADV_SCAN_IND, mac('00:1B:DC:00:00:02'), paddedData(50)) },
    { dlt: HCI, data: leAdvertisingReport(ReportType.ADV_NONCONN_IND, mac('D1:22:33:44:55:66'), airTagData(), true) },
    { dlt: HCI, data: inquiryResult(mac('80:E1:27:00:00:02')) },
  ];
}

test('fuzz: damaged frames through every check never throw', async () => {
  const h = await alertHarness({ bluetooth_tracker_follow_time: '60' });
  try {
    const random = seededRandom(2020_24490);
    const frames = seeds();
    for (let i = 0; i < 20_000; i++) {
      const seed = frames[Math.floor(random() * frames.length)]!;
      const data = Buffer.from(seed.data);
      const kind = random();
      if (kind < 0.5) for (let edits = 1 + Math.floor(random() * 4); edits > 0; edits--) data[Math.floor(random() * data.length)] = Math.floor(random() * 256);
      const damaged = kind < 0.5 ? data : kind < 0.8 ? data.subarray(0, Math.floor(random() * data.length)) : Buffer.from(Array.from({ length: Math.floor(random() * 80) }, () => Math.floor(random() * 256)));
      h.send(seed.dlt, damaged, T0 + i);
    }
    assert.equal(h.errors, [], 'no check threw');
    const raised = new Set(h.raised().map((alert) => alert.split(' ')[0]));
    assert.equal([...raised].sort(), ['BLEEDINGTOOTH', 'FLIPPERZERO', 'TRACKERFOLLOW'], 'the frames still readable raise every alert');
  } finally {
    await h.close();
  }
});

test.run();
