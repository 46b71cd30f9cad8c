/**
 * The alerts as a whole: every built-in alert is defined at boot under the IEEE802.11 PHY (those
 * of IP data under no PHY, as in Kismet) with Kismet's class, severity and default rates (seven
 * silenced), `alert=` overrides a rate, a bad
 * `apspoof=`/`ssidcanary=`/`dot11_max_signal` line fails the plugin with a message naming the
 * line, and a fuzz of random and damaged frames through every check, all alerts enabled, never
 * makes a check throw.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, runPacketChain } from '@svc/core';
import { createTestService } from '@svc/core/testing';
import dot11Plugin, { PLUGIN_NAME } from '../index.js';
import { fuzzFrames } from '../parse/test-frames.js';
import { alertHarness } from './alert-harness.test-helper.js';
import { DOT11_ALERT_DEFINITIONS, IP_DATA_ALERT_DEFINITIONS } from './alert-catalog.js';

const quiet = createLogger({ write: () => {} });

test("definitions.json lists the 44 built-in alerts with Kismet's class, severity and rates; alert= overrides one", async () => {
  const t = await createTestService({ plugins: [dot11Plugin], config: { alert: 'DEAUTHFLOOD,7/min,3/sec' }, log: quiet });
  try {
    const definitions = (await (await t.request('/alerts/definitions.json')).json()) as Record<string, unknown>[];
    const byName = new Map(definitions.map((definition) => [definition['svc.alert.definition.header'], definition]));
    assert.is(DOT11_ALERT_DEFINITIONS.length, 43);
    assert.equal(
      IP_DATA_ALERT_DEFINITIONS.map((definition) => definition.name),
      ['DHCPCLIENTID'],
    );
    for (const expected of [...DOT11_ALERT_DEFINITIONS, ...IP_DATA_ALERT_DEFINITIONS]) {
      const definition = byName.get(expected.name);
      assert.ok(definition, expected.name);
      const anyPhy = IP_DATA_ALERT_DEFINITIONS.includes(expected);
      assert.is(definition!['svc.alert.definition.phy_name'], anyPhy ? '' : 'IEEE802.11');
      if (anyPhy) assert.is(definition!['svc.alert.definition.phyid'], -1);
      assert.is(definition!['svc.alert.definition.class'], expected.class);
      assert.is(definition!['svc.alert.definition.severity'], expected.severity);
    }
    assert.equal(
      ['DHCPCLIENTID', 'DHCPCONFLICT', 'DHCPNAMECHANGE', 'DHCPOSCHANGE'].map((name) => [byName.get(name)!['svc.alert.definition.class'], byName.get(name)!['svc.alert.definition.severity']]),
      [['SPOOF', 5], ['SPOOF', 5], ['SPOOF', 5], ['SPOOF', 5]],
      "Kismet's kis_dissector_ipdata.cc and phy_80211.cc: SPOOF, low",
    );
    // Kismet's units as numbers: 0 second, 1 minute, 2 hour, 3 day.
    const unit = (value: unknown) => ['sec', 'min', 'hour', 'day'][Number(value)];
    const rate = (name: string) => {
      const definition = byName.get(name)!;
      return `${definition['svc.alert.definition.limit_rate']}/${unit(definition['svc.alert.definition.limit_unit'])},${definition['svc.alert.definition.limit_burst']}/${unit(definition['svc.alert.definition.burst_unit'])}`;
    };
    assert.equal(
      ['APSPOOF', 'BCASTDISCON', 'BADFIXLENIE', 'LONGSSID', 'NOCLIENTMFP', 'DEAUTHFLOOD', 'DHCPCLIENTID', 'DHCPCONFLICT', 'DHCPNAMECHANGE', 'DHCPOSCHANGE'].map(rate),
      ['10/min,1/sec', '5/min,2/sec', '10/min,1/sec', '5/min,1/sec', '10/min,1/sec', '7/min,3/sec', '5/min,1/sec', '10/min,1/sec', '5/min,1/sec', '5/min,1/sec'],
    );
    const silenced = DOT11_ALERT_DEFINITIONS.filter((definition) => rate(definition.name).startsWith('0/')).map((definition) => definition.name);
    assert.equal(silenced, ['DEAUTHCODEINVALID', 'LUCENTTEST', 'NETSTUMBLER', 'NONCEDEGRADE', 'NONCEREUSE', 'OVERPOWERED', 'QCOMEXTENDED']);
  } finally {
    await t.close();
  }
});

test('a bad alert config line fails the plugin with a message naming the line', async () => {
  for (const [config, message] of [
    [{ apspoof: 'Corp:ssid="Corp",validmacs="nonsense"' }, /command line: apspoof=Corp.*validmacs entry 'nonsense' is not a MAC/],
    [{ ssidcanary: 'Trap' }, /command line: ssidcanary=Trap: expected ssidcanary=NAME:ssid="REGEX"/],
    [{ dot11_max_signal: '12' }, /dot11_max_signal must be a number >= -128 <= 0/],
  ] as const) {
    const t = await createTestService({ plugins: [dot11Plugin], config, log: quiet });
    try {
      const status = t.svc.plugins.find((plugin) => plugin.name === PLUGIN_NAME);
      assert.is(status?.state, 'failed');
      assert.match(status!.error!.message, message);
      assert.is(status!.error!.code, 'SVC_ERR_CONFIG_VALUE');
    } finally {
      await t.close();
    }
  }
});

test('fuzz: random and damaged frames through every check never throw', async () => {
  const h = await alertHarness({ apspoof: 'A:ssid=".",validmacs="00:11:22:33:44:55"', ssidcanary: 'C:ssid="a"' });
  try {
    for (const { data, linkType } of fuzzFrames(20_000, 2202)) runPacketChain(h.t.svc.hooks, { tsSec: 1_700_000_000, tsUsec: 0, sourceUuid: 'S', dlt: linkType, data, annotations: {} });
    assert.equal(h.errors, [], 'no check threw');
    assert.ok(h.records().length > 0, 'the damaged frames raise some alerts');
  } finally {
    await h.close();
  }
});

test.run();
