/**
 * The TRACKERFOLLOW config lines: the defaults, values read as written (the allow list from
 * several lines, MACs and prefixes), and bad values failing the Bluetooth plugin at start with an
 * SVC_ERR_CONFIG_VALUE that names the line and what to write, while the server runs on.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Config, createLogger, macMatches } from '@svc/core';
import { createTestService } from '@svc/core/testing';
import bluetoothPlugin, { PLUGIN_NAME } from '../index.js';
import { readTrackerFollowSettings, TRACKER_FOLLOW_DEFAULTS } from './tracker-follow-settings.js';

function configOf(lines: Record<string, string[]>): Config {
  const config = new Config('/nonexistent');
  for (const [key, values] of Object.entries(lines)) values.forEach((value, index) => config.append(key, { value, origin: `svc.conf:${index + 1}` }));
  return config;
}

test('defaults: ten minutes, silences up to five, 500 m, nobody allowed', () => {
  assert.equal(readTrackerFollowSettings(configOf({})), TRACKER_FOLLOW_DEFAULTS);
  assert.equal(TRACKER_FOLLOW_DEFAULTS, { followSeconds: 600, gapSeconds: 300, distanceMeters: 500, allow: [] });
});

test('values are read as written; the allow list gathers every line', () => {
  const settings = readTrackerFollowSettings(
    configOf({
      bluetooth_tracker_follow_time: ['1800'],
      bluetooth_tracker_follow_gap: ['90'],
      bluetooth_tracker_follow_distance: ['1500.5'],
      bluetooth_tracker_follow_allow: ['AA:BB:CC:DD:EE:01, aa:bb:cc:dd:ee:02', 'C0:00:00:00:00:00/FF:00:00:00:00:00'],
    }),
  );
  assert.is(settings.followSeconds, 1800);
  assert.is(settings.gapSeconds, 90);
  assert.is(settings.distanceMeters, 1500.5);
  const allowed = (text: string) => settings.allow.some((mask) => macMatches(Number.parseInt(text.replaceAll(':', ''), 16), mask));
  assert.equal(['AA:BB:CC:DD:EE:01', 'AA:BB:CC:DD:EE:02', 'C0:11:22:33:44:55', 'C3:11:22:33:44:55', 'AA:BB:CC:DD:EE:03'].map(allowed), [true, true, true, false, false]);
});

test('a bad value fails the plugin with a message naming the line and what to write', async () => {
  for (const [config, message] of [
    [{ bluetooth_tracker_follow_time: '10m' }, /command line: bluetooth_tracker_follow_time must be an integer >= 1 <= 86400/],
    [{ bluetooth_tracker_follow_gap: '0' }, /bluetooth_tracker_follow_gap must be an integer >= 1 <= 86400/],
    [{ bluetooth_tracker_follow_distance: '-5' }, /bluetooth_tracker_follow_distance must be a number >= 0/],
    [{ bluetooth_tracker_follow_allow: 'AA:BB:CC:DD:EE:01,my airtag' }, /command line: bluetooth_tracker_follow_allow=AA:BB:CC:DD:EE:01,my airtag: 'my airtag' is not a MAC; write MAC,MAC\/MASK/],
  ] as const) {
    const t = await createTestService({ plugins: [bluetoothPlugin], config, log: createLogger({ write: () => {} }) });
    try {
      const status = t.svc.plugins.find((plugin) => plugin.name === PLUGIN_NAME);
      assert.is(status?.state, 'failed');
      assert.match(status!.error!.message, message);
      assert.is(status!.error!.code, 'SVC_ERR_CONFIG_VALUE');
      assert.is((await t.request('/system/status.json')).status, 200, 'the server runs on');
    } finally {
      await t.close();
    }
  }
});

test('the keys are declared, so svc does not report them unknown', async () => {
  const t = await createTestService({ plugins: [bluetoothPlugin], config: { bluetooth_tracker_follow_time: '900' }, log: createLogger({ write: () => {} }) });
  try {
    assert.is(t.svc.plugins.find((plugin) => plugin.name === PLUGIN_NAME)?.state, 'applied');
    assert.ok(Object.keys(bluetoothPlugin.configKeys ?? {}).includes('bluetooth_tracker_follow_allow'));
  } finally {
    await t.close();
  }
});

test.run();
