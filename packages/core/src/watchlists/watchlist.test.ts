/**
 * Watchlists and the DEVICEFOUND / DEVICELOST alerts in a service with the test PHY: config
 * lines with names, found on first sight and again after `devicefound_timeout` of silence (and
 * not before), lost after `devicelost_timeout`, names in the texts (Kismet #611), and entries
 * added through the API kept across a restart.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../logger.js';
import { createTestService, TestSource, testPhyPlugin, waitUntil } from '../testing/index.js';
import { parseMacPrefix } from '../util/mac-prefix.js';
import { parseWatchLine, parseWatchTypes } from './watchlist.js';

const quiet = createLogger({ write: () => {} });
const T0 = 1_750_000_000;
const alertsNamed = (alerts: Record<string, unknown>[], name: string) => alerts.filter((alert) => alert['svc.alert.header'] === name);

test('devicefound= / devicelost= lines: MAC, range or OUI and an optional name; a list of MACs on one line is refused', () => {
  assert.equal(parseWatchLine('devicefound', '00:11:22:33:44:55'), { prefix: parseMacPrefix('00:11:22:33:44:55'), name: '' });
  assert.equal(parseWatchLine('devicefound', '70:4C:A5:00:00:00/FF:FF:FF:00:00:00, Hikvision cameras, lobby').name, 'Hikvision cameras, lobby');
  assert.equal(parseWatchLine('devicelost', '70:4C:A5,cameras').prefix, parseMacPrefix('70:4C:A5:00:00:00/24'));
  for (const [value, words] of [
    ['70:4C:A5:B5:CC:C1,71:4C:A5:B5:CC:C1', 'write one devicefound= line per MAC'],
    ['70:4C:A5:xx:xx:xx', 'is not a MAC'],
    ['70:4C:A5:00:00:00/FF:00:FF:00:00:00', 'with holes'],
    [`00:11:22:33:44:55,${'x'.repeat(201)}`, 'at most 200'],
  ]) {
    try {
      parseWatchLine('devicefound', value!);
      assert.unreachable(value);
    } catch (error) {
      assert.is((error as { code: string }).code, 'SVC_ERR_CONFIG_VALUE');
      assert.match((error as Error).message, `devicefound=${value}`);
      assert.match((error as Error).message, words!);
    }
  }
  assert.equal(parseWatchTypes('both'), ['found', 'lost']);
  assert.throws(() => parseWatchTypes('seen'), /expected found, lost or both/);
});

test('DEVICEFOUND on first sight, not again within devicefound_timeout, again after it; the entry\'s name is in the text', async () => {
  const t = await createTestService({
    plugins: [testPhyPlugin],
    // Alerts are throttled on the wall clock (10/min, 1/sec by default): this replay takes milliseconds.
    config: { devicefound: ['AA:00:00:00:00:01,front door camera', 'BB:CC:DD:00:00:00/24'], devicefound_timeout: '60', alert: 'DEVICEFOUND,100/min,100/sec' },
    log: quiet,
  });
  try {
    const source = new TestSource(t.svc);
    source.send({ mac: 'AA:00:00:00:00:01', name: 'cam-1', time: T0, channel: '6' });
    source.send({ mac: 'CC:00:00:00:00:09', time: T0 });
    const [first, ...others] = alertsNamed(t.svc.alerts.all(), 'DEVICEFOUND');
    assert.equal(others, []);
    assert.is(first!['svc.alert.text'], 'Monitored device "front door camera" AA:00:00:00:00:01 (cam-1) has been found.');
    assert.is(first!['svc.alert.source_mac'], 'AA:00:00:00:00:01');
    assert.is(first!['svc.alert.channel'], '6');
    assert.is(first!['svc.alert.class'], 'SYSTEM');
    assert.is(first!['svc.alert.severity'], 15);
    assert.is(first!['svc.alert.device_key'], t.svc.devices.byMac(0xaa0000000001)[0]!.key);
    source.send({ mac: 'AA:00:00:00:00:01', time: T0 + 30 });
    source.send({ mac: 'AA:00:00:00:00:01', time: T0 + 90 });
    assert.is(alertsNamed(t.svc.alerts.all(), 'DEVICEFOUND').length, 1, '60 s of silence is not more than 60 s');
    source.send({ mac: 'AA:00:00:00:00:01', time: T0 + 151 });
    assert.is(alertsNamed(t.svc.alerts.all(), 'DEVICEFOUND').length, 2, 'more than 60 s of silence');
    source.send({ mac: 'BB:CC:DD:12:34:56', time: T0 + 200 });
    assert.is(alertsNamed(t.svc.alerts.all(), 'DEVICEFOUND').at(-1)!['svc.alert.text'], 'Monitored device BB:CC:DD:12:34:56 (BB:CC:DD:12:34:56) has been found.');
    assert.equal(
      t.svc.watchlist.entries().map((entry) => [entry.type, entry.origin, entry.lastAlert > 0]),
      [
        ['found', 'config', true],
        ['found', 'config', true],
      ],
    );
  } finally {
    await t.close();
  }
});

test('DEVICELOST once a watched device has been silent for devicelost_timeout; a device still heard is not lost', async () => {
  const t = await createTestService({ plugins: [testPhyPlugin], config: { devicelost: ['AA:00:00:00:00:01,spare laptop', 'AA:00:00:00:00:02'], devicelost_timeout: '1' }, log: quiet });
  try {
    await t.svc.hooks.ready.promise();
    const source = new TestSource(t.svc);
    source.send({ mac: 'AA:00:00:00:00:01', name: 'laptop' });
    source.send({ mac: 'AA:00:00:00:00:02' });
    const heard = setInterval(() => source.send({ mac: 'AA:00:00:00:00:02' }), 200);
    try {
      await waitUntil('DEVICELOST is raised', () => alertsNamed(t.svc.alerts.all(), 'DEVICELOST').length > 0, { timeoutMs: 5000 });
      await new Promise((resolve) => setTimeout(resolve, 1500));
    } finally {
      clearInterval(heard);
    }
    const lost = alertsNamed(t.svc.alerts.all(), 'DEVICELOST');
    assert.is(lost.length, 1, 'once, and not for the device still heard');
    assert.is(lost[0]!['svc.alert.text'], `Monitored device "spare laptop" AA:00:00:00:00:01 (laptop) hasn't been seen for 1 seconds.`);
    assert.is(lost[0]!['svc.alert.source_mac'], 'AA:00:00:00:00:01');
    assert.equal(alertsNamed(t.svc.alerts.all(), 'DEVICEFOUND'), [], 'the lost list raises no DEVICEFOUND');
  } finally {
    await t.close();
  }
});

test('entries added through the API are saved and come back after a restart; config entries stay config and cannot be changed', async () => {
  const configDir = mkdtempSync(join(tmpdir(), 'svc-watch-'));
  try {
    const first = await createTestService({ plugins: [testPhyPlugin], configDir, config: { devicefound: '00:11:22:33:44:55,config one' }, log: quiet });
    first.svc.watchlist.add(['found', 'lost'], [{ prefix: parseMacPrefix('70:4C:A5'), name: 'cameras' }]);
    first.svc.watchlist.add(['lost'], [{ prefix: parseMacPrefix('02:00:00:00:00:01') }]);
    assert.throws(() => first.svc.watchlist.add(['found'], [{ prefix: parseMacPrefix('00:11:22:33:44:55'), name: 'renamed' }]), /set by .*; it can only be changed there/);
    assert.throws(() => first.svc.watchlist.remove(['found'], [parseMacPrefix('00:11:22:33:44:55')]), /it can only be removed there/);
    assert.throws(() => first.svc.watchlist.remove(['lost'], [parseMacPrefix('00:11:22:33:44:55')]), /is not on the lost list/);
    await first.close();
    assert.equal(JSON.parse(readFileSync(join(configDir, 'device_watchlist.json'), 'utf8')), {
      found: [{ mac: '70:4C:A5:00:00:00/FF:FF:FF:00:00:00', name: 'cameras' }],
      lost: [{ mac: '70:4C:A5:00:00:00/FF:FF:FF:00:00:00', name: 'cameras' }, { mac: '02:00:00:00:00:01' }],
    });
    const second = await createTestService({ plugins: [testPhyPlugin], configDir, log: quiet });
    assert.equal(
      second.svc.watchlist.entries().map((entry) => [entry.type, entry.name, entry.origin]),
      [
        ['found', 'cameras', 'api'],
        ['lost', 'cameras', 'api'],
        ['lost', '', 'api'],
      ],
    );
    new TestSource(second.svc).send({ mac: '70:4C:A5:01:02:03' });
    assert.match(String(alertsNamed(second.svc.alerts.all(), 'DEVICEFOUND')[0]?.['svc.alert.text']), '"cameras" 70:4C:A5:01:02:03');
    await second.close();
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
});

test('with empty watchlists the tracker reports no presence at all; adding an entry turns it on, removing the last turns it off', async () => {
  const t = await createTestService({ plugins: [testPhyPlugin], log: quiet });
  try {
    const source = new TestSource(t.svc);
    source.send({ mac: 'AA:00:00:00:00:07', time: T0 });
    t.svc.watchlist.add(['found'], [{ prefix: parseMacPrefix('AA:00:00:00:00:07') }]);
    source.send({ mac: 'AA:00:00:00:00:07', time: T0 + 10 });
    assert.equal(alertsNamed(t.svc.alerts.all(), 'DEVICEFOUND'), [], 'heard 10 s ago: not found again');
    source.send({ mac: 'AA:00:00:00:00:07', time: T0 + 100 });
    assert.is(alertsNamed(t.svc.alerts.all(), 'DEVICEFOUND').length, 1);
    t.svc.watchlist.remove(['found'], [parseMacPrefix('AA:00:00:00:00:07')]);
    source.send({ mac: 'AA:00:00:00:00:07', time: T0 + 300 });
    assert.is(alertsNamed(t.svc.alerts.all(), 'DEVICEFOUND').length, 1);
  } finally {
    await t.close();
  }
});

test.run();
