/**
 * Kismet's SSID scan routes: the settings from `dot11_ssidscan_*` keys in Kismet's status record,
 * changed through `config.cmd` (checked first: a bad value is a 400 and changes nothing), with
 * the roles Kismet gives them; a bad target or UUID in the config fails the plugin, saying which.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '@svc/core';
import { createTestService, type TestService } from '@svc/core/testing';
import dot11Plugin from '../index.js';

const quiet = createLogger({ write: () => {} });
let t: TestService;
test.before(async () => {
  t = await createTestService({
    plugins: [dot11Plugin],
    config: { dot11_ssidscan_ssid: ['^corp-', 'guest'], dot11_ssidscan_datasource: '8a1c3e20-0000-4000-8000-000000000001', dot11_ssidscan_maximum_lock: '45' },
    log: quiet,
  });
});
test.after(async () => t.close());

const status = async () => (await (await t.request('/phy/phy80211/ssidscan/status.json')).json()) as Record<string, unknown>;

test("status.json serves the configured settings in Kismet's record, Kismet's defaults for the rest", async () => {
  assert.equal(await status(), {
    'dot11.ssidscan.enabled': 0,
    'dot11.ssidscan.targets': ['^corp-', 'guest'],
    'dot11.ssidscan.datasources': ['8A1C3E20-0000-4000-8000-000000000001'],
    'dot11.ssidscan.hopping_datasources': [],
    'dot11.ssidscan.locking_datasources': [],
    'dot11.ssidscan.ignore_after_handshake': 1,
    'dot11.ssidscan.set_initial_log_filters': 0,
    'dot11.ssidscan.filter_logs': 1,
    'dot11.ssidscan.min_scan_seconds': 30,
    'dot11.ssidscan.max_cap_seconds': 45,
  });
});

test('config.cmd changes what it is given and answers the settings; a bad value is a 400 and changes nothing', async () => {
  const changed = await t.command('/phy/phy80211/ssidscan/config.cmd', {
    ssidscan_enabled: true,
    ignore_after_handshake: false,
    restrict_log_filters: false,
    min_scan_seconds: 10,
    max_capture_seconds: 120,
    hopping_datasources: ['8a1c3e20-0000-4000-8000-000000000002'],
    locking_datasources: ['8A1C3E20-0000-4000-8000-000000000003', '8A1C3E20-0000-4000-8000-000000000003'],
    unknown_key: 'ignored',
  });
  assert.is(changed.status, 200);
  const after = (await changed.json()) as Record<string, unknown>;
  assert.equal(after, await status());
  assert.equal(
    [after['dot11.ssidscan.enabled'], after['dot11.ssidscan.ignore_after_handshake'], after['dot11.ssidscan.filter_logs'], after['dot11.ssidscan.min_scan_seconds'], after['dot11.ssidscan.max_cap_seconds']],
    [1, 0, 0, 10, 120],
  );
  assert.equal(after['dot11.ssidscan.datasources'], ['8A1C3E20-0000-4000-8000-000000000001', '8A1C3E20-0000-4000-8000-000000000002', '8A1C3E20-0000-4000-8000-000000000003']);
  for (const body of [
    { ssidscan_enabled: 'maybe' },
    { ssidscan_enabled: false, min_scan_seconds: -5 },
    { max_capture_seconds: 1.5 },
    { max_capture_seconds: 86_401 },
    { ssidscan_enabled: false, hopping_datasources: ['wlan0'] },
    { locking_datasources: '8A1C3E20-0000-4000-8000-000000000003' },
  ]) {
    const refused = await t.command('/phy/phy80211/ssidscan/config.cmd', body);
    assert.is(refused.status, 400, JSON.stringify(body));
  }
  assert.equal(await status(), after, 'nothing changed');
  assert.is((await (await t.command('/phy/phy80211/ssidscan/config.cmd', { ssidscan_enabled: false })).json() as Record<string, unknown>)['dot11.ssidscan.enabled'], 0, 'disabling disables');
});

test('status takes readonly, config admin; no login is a 401', async () => {
  const token = (await (await t.command('/auth/apikey/generate.cmd', { name: 'reader', role: 'readonly' })).text()).trim();
  const asReader = (path: string, body?: unknown) =>
    t.request(path, { method: body ? 'POST' : 'GET', auth: false, headers: { cookie: `SVC=${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined }).then((response) => response.status);
  assert.is(await asReader('/phy/phy80211/ssidscan/status.json'), 200);
  assert.is(await asReader('/phy/phy80211/ssidscan/config.cmd', { ssidscan_enabled: true }), 403);
  assert.is((await t.request('/phy/phy80211/ssidscan/status.json', { auth: false })).status, 401);
});

test('a target that is not a regular expression, or a datasource that is no UUID, fails the plugin with the reason', async () => {
  for (const [key, value, words] of [
    ['dot11_ssidscan_ssid', '(corp', 'dot11_ssidscan_ssid=(corp is not a regular expression'],
    ['dot11_ssidscan_datasource', 'wlan0', 'dot11_ssidscan_datasource=wlan0 is not a datasource UUID'],
  ] as const) {
    const broken = await createTestService({ plugins: [dot11Plugin], config: { [key]: value }, log: quiet });
    try {
      const plugin = broken.svc.plugins.find((entry) => entry.name === '@svc/plugin-dot11')!;
      assert.equal([plugin.state, plugin.error?.message.includes(words)], ['failed', true], plugin.error?.message);
    } finally {
      await broken.close();
    }
  }
});

test.run();
