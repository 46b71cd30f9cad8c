/**
 * The aircraft alerts on frames built bit by bit with their parity: an emergency squawk raises
 * ADSBEMERGENCY once (a normal squawk, or the same emergency again, raises nothing); an aircraft
 * on the watch list by address or callsign pattern raises ADSBWATCH once, one off the list
 * raises nothing; the squawk of an address no clean message named is not believed; a bad
 * watch-list line fails the plugin with the line named.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '@svc/core';
import { alertTestService, createTestService, type TestService } from '@svc/core/testing';
import adsbPlugin from '../index.js';
import { DLT_MODE_S } from '../feeds/mode-s-link-type.js';
import { AIRCRAFT_ALERTS } from './aircraft-alerts.js';
import { identification, identityReply } from '../testing/index.js';

const T0 = 1_700_000_000;

async function service(config: Record<string, string | string[]> = {}): Promise<{ t: TestService; send(frame: Buffer, time?: number): void; raised(): string[] }> {
  const service = await alertTestService({ plugins: [adsbPlugin], alerts: AIRCRAFT_ALERTS.map((alert) => alert.name), config });
  return {
    t: service.t,
    send: (data, time = T0) => void service.run({ tsSec: time, tsUsec: 0, sourceUuid: 'S', dlt: DLT_MODE_S, data, annotations: {} }),
    raised: () => service.fresh().map((alert) => `${alert['svc.alert.header']}: ${alert['svc.alert.text']}`),
  };
}

test('an emergency squawk raises ADSBEMERGENCY once; a normal squawk and an unknown address raise nothing', async () => {
  const { t, send, raised } = await service();
  try {
    send(identityReply(0x4d2023, '7700'));
    assert.equal(raised(), [], 'no clean message named 4D2023 yet: its parity-derived address is not believed');
    send(identification(0x4d2023, 'AMC421'));
    send(identityReply(0x4d2023, '1200'));
    assert.equal(raised(), []);
    send(identityReply(0x4d2023, '7700'));
    assert.equal(raised(), ['ADSBEMERGENCY: Aircraft AMC421 (4D2023) declares an emergency: general emergency, squawking 7700']);
    send(identityReply(0x4d2023, '7700'), T0 + 1);
    assert.equal(raised(), [], 'the same emergency again');
    send(identityReply(0x4d2023, '7600'), T0 + 2);
    assert.equal(raised(), ['ADSBEMERGENCY: Aircraft AMC421 (4D2023) declares an emergency: no communications, squawking 7600']);
  } finally {
    await t.close();
  }
});

test('an aircraft on the watch list raises ADSBWATCH once, by address or callsign; one off it nothing', async () => {
  const { t, send, raised } = await service({ adsb_watch: ['4D2023', 'EZY*'] });
  try {
    send(identification(0x4d2023, 'AMC421'));
    assert.equal(raised(), ['ADSBWATCH: Aircraft AMC421 (4D2023) on the watch list (its ICAO address) was heard']);
    send(identification(0x4d2023, 'AMC421'), T0 + 30);
    assert.equal(raised(), []);
    send(identification(0x406b90, 'EZY85MH'));
    assert.equal(raised(), ['ADSBWATCH: Aircraft EZY85MH (406B90) on the watch list (its callsign EZY85MH) was heard']);
    send(identification(0x406b91, 'RYR12'));
    assert.equal(raised(), []);
    send(identification(0x4d2023, 'AMC421'), T0 + 30 + 601);
    assert.equal(raised(), ['ADSBWATCH: Aircraft AMC421 (4D2023) on the watch list (its ICAO address) was heard'], 'again after ten minutes gone');
  } finally {
    await t.close();
  }
});

test('a bad watch-list entry fails the plugin with the line named', async () => {
  const t = await createTestService({ plugins: [adsbPlugin], config: { adsb_watch: 'EZY-1' }, log: createLogger({ write: () => {} }) });
  try {
    const plugins = (await (await t.request('/system/plugins.json')).json()) as Record<string, string>[];
    const entry = plugins.find((plugin) => plugin['svc.plugin.name'] === '@svc/plugin-adsb')!;
    assert.is(entry['svc.plugin.state'], 'failed');
    assert.match(JSON.stringify(entry), /adsb_watch=EZY-1: 'EZY-1' is neither an ICAO address/);
  } finally {
    await t.close();
  }
});

test.run();
