/**
 * The ingest filter: rule precedence (exact MAC, longer masks, randomized, `*`, default; a
 * PHY's own rule over an every-PHY rule), and the filter in a service: blocked devices never
 * reach the tracker, their packets are counted once on the rule that dropped them, a packet
 * whose transmitter is blocked touches nothing more, a new rule removes the tracked devices it
 * blocks, and API rules survive a restart while config rules stay config.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../logger.js';
import type { Packet } from '../packets/packet.js';
import { createTestService, TestSource, testPhyPlugin } from '../testing/index.js';
import { formatMac, parseMac } from '../util/mac.js';
import { ANY_PHY, parseFilterLine, parseFilterMatch, type FilterAction } from './filter-rule.js';
import { IngestFilter } from './ingest-filter.js';

const quiet = createLogger({ write: () => {} });
const mac = (text: string) => parseMac(text)!;
const packet = (): Packet => ({ tsSec: 1_700_000_000, tsUsec: 0, sourceUuid: 'S', dlt: 0, annotations: {} });

function filterOf(rules: [phy: string, match: string, action: FilterAction][], defaultAction: FilterAction = 'pass') {
  const filter = new IngestFilter({ log: quiet, defaultAction, hasPhy: (name) => name === 'WIFI' || name === 'BT' });
  filter.add(rules.map(([phy, match, action]) => ({ phy, match: parseFilterMatch(match), action })));
  return filter;
}
const wifi = { name: 'WIFI', description: '', id: 1, keyPrefix: '', deviceCount: 0, packetCount: 0 };
const bt = { name: 'BT', description: '', id: 2, keyPrefix: '', deviceCount: 0, packetCount: 0 };
const decide = (filter: IngestFilter, phy: typeof wifi, text: string) => {
  const rule = filter.blocking(phy, mac(text));
  return rule ? `block by ${rule.match.kind}` : 'pass';
};

test('the most specific rule decides: exact MAC, then the longest mask, then randomized, then *, then the default', () => {
  const filter = filterOf([
    [ANY_PHY, 'randomized', 'block'],
    [ANY_PHY, '02:11:22:33:44:55', 'pass'],
    [ANY_PHY, '00:1A:2B', 'block'],
    [ANY_PHY, '00:1A:2B:3C:00:00/32', 'pass'],
    [ANY_PHY, '00:1A:2B:3C:4D:00/40', 'block'],
  ]);
  assert.is(decide(filter, wifi, '02:11:22:33:44:55'), 'pass', 'an exact pass beats randomized');
  assert.is(decide(filter, wifi, '02:11:22:33:44:56'), 'block by randomized');
  assert.is(decide(filter, wifi, '06:00:00:00:00:01'), 'block by randomized', 'every locally administered MAC');
  assert.is(decide(filter, wifi, '04:00:00:00:00:01'), 'pass', 'a globally administered MAC is not randomized');
  assert.is(decide(filter, wifi, '00:1A:2B:00:00:01'), 'block by oui');
  assert.is(decide(filter, wifi, '00:1A:2B:3C:00:01'), 'pass', 'a /32 pass beats the /24 block');
  assert.is(decide(filter, wifi, '00:1A:2B:3C:4D:01'), 'block by mask', 'a /40 block beats the /32 pass');
  assert.is(decide(filter, wifi, '00:1A:2C:00:00:01'), 'pass', 'the default');
  const blockAll = filterOf([[ANY_PHY, '00:1A:2B', 'pass']], 'block');
  assert.is(decide(blockAll, wifi, '00:1A:2B:00:00:01'), 'pass');
  assert.is(decide(blockAll, wifi, '00:1A:2C:00:00:01'), 'block by any', 'the default blocks');
  assert.ok(blockAll.blocking(wifi, mac('00:1A:2C:00:00:01')) === blockAll.defaultRule);
});

test('a rule for the packet\'s PHY beats one for every PHY at the same specificity, and applies to its PHY only', () => {
  const filter = filterOf([
    [ANY_PHY, '00:11:22', 'block'],
    ['WIFI', '00:11:22', 'pass'],
    ['BT', '*', 'block'],
    ['WIFI', 'AA:BB:CC:DD:EE:FF', 'block'],
  ]);
  assert.is(decide(filter, wifi, '00:11:22:00:00:01'), 'pass');
  assert.is(decide(filter, bt, '00:11:22:00:00:01'), 'block by oui');
  assert.is(decide(filter, bt, '00:99:22:00:00:01'), 'block by any');
  assert.is(decide(filter, wifi, '00:99:22:00:00:01'), 'pass');
  assert.is(decide(filter, wifi, 'AA:BB:CC:DD:EE:FF'), 'block by mac');
  assert.is(decide(filter, bt, 'AA:BB:CC:DD:EE:FF'), 'block by any');
});

test('rule changes are all or nothing: an unknown PHY is a 400, a missing rule a 404, a config rule a 409', () => {
  const filter = filterOf([]);
  filter.addConfigRule('WIFI', parseFilterMatch('00:11:22'), 'block', 'svc.conf:3');
  const refusals: [() => unknown, number, string][] = [
    [() => filter.add([{ phy: 'WIFI', match: parseFilterMatch('AA:AA:AA'), action: 'block' }, { phy: 'NOPE', match: parseFilterMatch('BB:BB:BB'), action: 'block' }]), 400, "no PHY named 'NOPE'"],
    [() => filter.add([{ phy: 'WIFI', match: parseFilterMatch('00:11:22:00:00:00/24'), action: 'pass' }]), 409, 'set by svc.conf:3'],
    [() => filter.remove([{ phy: 'WIFI', match: parseFilterMatch('00:11:22') }]), 409, 'change it there'],
    [() => filter.remove([{ phy: ANY_PHY, match: parseFilterMatch('00:11:22') }]), 404, 'on every PHY'],
  ];
  for (const [change, status, words] of refusals) {
    try {
      change();
      assert.unreachable(words);
    } catch (error) {
      assert.is((error as { status: number }).status, status, words);
      assert.match((error as Error).message, words);
    }
  }
  assert.equal(
    filter.rules().map((rule) => rule.key),
    [filter.find('WIFI', parseFilterMatch('00:11:22'))!.key],
    'nothing of the refused changes stuck',
  );
  try {
    filter.addConfigRule('WIFI', parseFilterMatch('00:11:22:00:00:00/24'), 'pass', 'svc.conf:9');
    assert.unreachable();
  } catch (error) {
    assert.match((error as Error).message, 'svc.conf:9: the same rule is already set by svc.conf:3');
  }
});

test('ingest_filter= lines: PHY, match, action; malformed lines say what a line looks like', () => {
  assert.equal(parseFilterLine('any, randomized, block'), { phy: ANY_PHY, match: { kind: 'randomized' }, action: 'block' });
  assert.equal(parseFilterLine('IEEE802.11,00:11:22:00:00:00/24,pass').match, { kind: 'mask', prefix: { mac: mac('00:11:22:00:00:00'), bits: 24 } });
  assert.is(parseFilterLine('*,*,deny').action, 'block');
  for (const [line, words] of [
    ['any,randomized', 'expected ingest_filter=PHY,MATCH,ACTION'],
    ['any,randomized,block,extra', 'expected ingest_filter=PHY,MATCH,ACTION'],
    ['any,00:11:22:33:44,block', 'is not a MAC'],
    ['any,randomized,maybe', "action 'maybe' is neither pass nor block"],
  ]) {
    try {
      parseFilterLine(line!);
      assert.unreachable(line);
    } catch (error) {
      assert.match((error as Error).message, words!, line);
    }
  }
});

test('in a service: blocked devices are never tracked, each dropped packet counts once on its rule, passed devices are tracked', async () => {
  const t = await createTestService({ plugins: [testPhyPlugin], config: { ingest_filter: ['any,randomized,block', 'TESTPHY,00:00:5E:00:00:00/24,block', 'any,02:00:00:00:00:01,pass'] }, log: quiet });
  try {
    const source = new TestSource(t.svc);
    const macs = ['02:00:00:00:00:01', '02:00:00:00:00:02', '06:AA:00:00:00:03', '00:00:5E:00:00:04', '00:00:5E:00:00:05', '00:1B:63:00:00:06'];
    for (let round = 0; round < 3; round++) for (const address of macs) source.send({ mac: address, name: `d${round}` });
    const tracked = [...t.svc.devices.devices()].map((device) => formatMac(device.mac)).sort();
    assert.equal(tracked, ['00:1B:63:00:00:06', '02:00:00:00:00:01']);
    const randomized = t.svc.filters.find(ANY_PHY, { kind: 'randomized' })!;
    const vendor = t.svc.filters.find('TESTPHY', parseFilterMatch('00:00:5E'))!;
    assert.equal([randomized.droppedPackets, randomized.droppedDevices], [6, 2]);
    assert.equal([vendor.droppedPackets, vendor.droppedDevices], [6, 2]);
    assert.equal([t.svc.filters.droppedPackets, t.svc.filters.droppedDevices], [12, 4]);
    assert.equal(t.svc.filters.rules().map((rule) => rule.origin), ['config', 'config', 'config']);
  } finally {
    await t.close();
  }
});

test('a packet whose transmitter is blocked touches nothing more; one touched before the blocked MAC keeps its count', async () => {
  const t = await createTestService({ plugins: [testPhyPlugin], config: { ingest_filter: 'any,AA:00:00:00:00:01,block' }, log: quiet });
  try {
    const phy = t.svc.devices.phy('TESTPHY')!;
    const blockedFirst = packet();
    assert.is(t.svc.devices.touch(blockedFirst, phy, mac('AA:00:00:00:00:01')), undefined);
    assert.ok(blockedFirst.filtered);
    assert.is(t.svc.devices.touch(blockedFirst, phy, mac('AA:00:00:00:00:02'), false), undefined, 'the receiver of a dropped frame is not tracked');
    const passedFirst = packet();
    const sender = t.svc.devices.touch(passedFirst, phy, mac('AA:00:00:00:00:03'))!;
    assert.is(t.svc.devices.touch(passedFirst, phy, mac('AA:00:00:00:00:01'), false), undefined);
    assert.is(t.svc.devices.touch(passedFirst, phy, mac('AA:00:00:00:00:04'), false), undefined);
    t.svc.devices.commit();
    assert.is(sender.packetsTotal, 1);
    assert.equal([...t.svc.devices.devices()].map((device) => formatMac(device.mac)), ['AA:00:00:00:00:03']);
    const rule = t.svc.filters.rules()[0]!;
    assert.equal([rule.droppedPackets, rule.droppedDevices], [2, 1]);
  } finally {
    await t.close();
  }
});

test('admits(): a PHY asks about a MAC it does not track; a blocked one marks the packet filtered and counts on its rule', async () => {
  const t = await createTestService({ plugins: [testPhyPlugin], config: { ingest_filter: 'any,AA:00:00:00:00:01,block' }, log: quiet });
  try {
    const phy = t.svc.devices.phy('TESTPHY')!;
    const passed = packet();
    assert.ok(t.svc.devices.admits(passed, phy, mac('AA:00:00:00:00:02')));
    assert.not.ok(passed.filtered);
    assert.is(t.svc.devices.size, 0, 'nothing is tracked by asking');
    const blocked = packet();
    assert.not.ok(t.svc.devices.admits(blocked, phy, mac('AA:00:00:00:00:01')));
    assert.ok(blocked.filtered);
    assert.not.ok(t.svc.devices.admits(blocked, phy, mac('AA:00:00:00:00:02')), 'nothing more of a dropped packet');
    assert.is(t.svc.filters.rules()[0]!.droppedPackets, 1);
  } finally {
    await t.close();
  }
});

test('a rule added at runtime removes the tracked devices it blocks (counted on it) and drops their packets from then on; removing it lets them back', async () => {
  const t = await createTestService({ plugins: [testPhyPlugin], log: quiet });
  try {
    const source = new TestSource(t.svc);
    for (const address of ['00:11:22:00:00:01', '00:11:22:00:00:02', '00:33:44:00:00:03']) source.send({ mac: address });
    assert.is(t.svc.devices.size, 3);
    const [rule] = t.svc.filters.add([{ phy: 'TESTPHY', match: parseFilterMatch('00:11:22'), action: 'block' }]);
    assert.equal([...t.svc.devices.devices()].map((device) => formatMac(device.mac)), ['00:33:44:00:00:03']);
    assert.equal([rule!.droppedPackets, rule!.droppedDevices], [0, 2]);
    assert.is(t.svc.deviceViews.get('all')!.size, 1, 'the views forget them too');
    source.send({ mac: '00:11:22:00:00:01' });
    source.send({ mac: '00:11:22:00:00:09' });
    assert.equal([rule!.droppedPackets, rule!.droppedDevices], [2, 3]);
    assert.is(t.svc.devices.size, 1);
    t.svc.filters.remove([{ phy: 'TESTPHY', match: parseFilterMatch('00:11:22') }]);
    source.send({ mac: '00:11:22:00:00:01' });
    assert.is(t.svc.devices.size, 2);
    t.svc.filters.setDefault('block');
    assert.is(t.svc.devices.size, 0, 'a blocking default removes everything no rule passes');
    assert.is(t.svc.filters.defaultRule.droppedDevices, 2);
  } finally {
    await t.close();
  }
});

test('API rules and an API default are saved and come back after a restart; config rules are not saved; a broken file is set aside', async () => {
  const configDir = mkdtempSync(join(tmpdir(), 'svc-filter-'));
  try {
    const first = await createTestService({ plugins: [testPhyPlugin], configDir, config: { ingest_filter: 'any,randomized,block' }, log: quiet });
    first.svc.filters.add([
      { phy: 'TESTPHY', match: parseFilterMatch('00:11:22:33:44:55'), action: 'block' },
      { phy: ANY_PHY, match: parseFilterMatch('00:AA:BB'), action: 'pass' },
    ]);
    first.svc.filters.setDefault('block');
    await first.close();
    const saved = JSON.parse(readFileSync(join(configDir, 'ingest_filters.json'), 'utf8'));
    assert.equal(saved, {
      default: 'block',
      rules: [
        { phy: 'TESTPHY', match: '00:11:22:33:44:55', action: 'block' },
        { phy: 'any', match: '00:AA:BB', action: 'pass' },
      ],
    });
    const second = await createTestService({ plugins: [testPhyPlugin], configDir, config: { ingest_filter: 'any,randomized,block' }, log: quiet });
    assert.equal(
      second.svc.filters.rules().map((rule) => [rule.phy, rule.match.kind, rule.action, rule.origin]),
      [
        [ANY_PHY, 'randomized', 'block', 'config'],
        ['TESTPHY', 'mac', 'block', 'api'],
        [ANY_PHY, 'oui', 'pass', 'api'],
      ],
    );
    assert.is(second.svc.filters.defaultAction, 'block');
    await second.close();
    writeFileSync(join(configDir, 'ingest_filters.json'), '{"rules": [');
    const lines: string[] = [];
    const third = await createTestService({ plugins: [testPhyPlugin], configDir, log: createLogger({ level: 'warn', write: (line) => lines.push(line) }) });
    assert.equal(third.svc.filters.rules(), []);
    assert.ok(lines.some((line) => line.includes('could not be read') && line.includes('.unreadable-')), lines.join('\n'));
    await third.close();
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
});

test('bad ingest_filter lines and defaults stop the start with the line they are on', async () => {
  for (const [config, words] of [
    [{ ingest_filter: 'NOPHY,00:11:22,block' }, "no PHY named 'NOPHY'"],
    [{ ingest_filter: 'any,00:11:22:33/16,block' }, 'is not a MAC'],
    [{ ingest_filter_default: 'sometimes' }, "ingest_filter_default 'sometimes' is neither pass nor block"],
  ] as const) {
    try {
      await createTestService({ plugins: [testPhyPlugin], config, log: quiet });
      assert.unreachable(JSON.stringify(config));
    } catch (error) {
      assert.is((error as { code: string }).code, 'SVC_ERR_CONFIG_VALUE', String(error));
      assert.match(String(error), words);
    }
  }
});

test.run();
