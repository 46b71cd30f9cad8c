/**
 * State across restarts with the test PHY: a server logs its devices to svcdb and stops; the
 * next server with `tracker_restore` holds every device with every field as it was served
 * before (names, tags, counters, histories, signal, seen-by, location, sub-record), in the
 * same views, and new packets update them from there, whether they come from the state
 * snapshot beside the log or from its JSON records. Damaged rows and logs are skipped with a
 * message; a log with no devices sends the restore to the one before it; a damaged snapshot or
 * state sends its devices back to their JSON records. A PHY that makes MACs up otherwise than
 * when the log was written gives its devices today's keys.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { definePlugin } from '../../plugin.js';
import { createTestDatasource, createTestService, TEST_PHY, TestSource, testPhyPlugin, waitUntil, type TestService } from '../../testing/index.js';
import { phyKeyPrefix } from '../../tracker/device-key.js';
import { formatMac } from '../../util/mac.js';
import { deviceRecord } from '../../tracker/device-fields.js';
import { deviceStatePath } from '../svcdb/device-state-file.js';
import { logsNewestFirst } from './tracker-restore.js';

const scratch = mkdtempSync(join(tmpdir(), 'svc-restore-'));

/** Every device's record, as served at one moment, without the fields that move with the clock. */
function snapshot(t: TestService, now: number): Record<string, Record<string, unknown>> {
  const records: Record<string, Record<string, unknown>> = {};
  for (const device of t.svc.devices.devices()) {
    const record = JSON.parse(JSON.stringify(deviceRecord(device, now), (key, value) => (key === 'svc.common.rrd.serial_time' ? undefined : value))) as Record<string, unknown>;
    records[device.key] = record;
  }
  return records;
}

/** Whether the server posted a message containing `text`. */
async function hasMessage(t: TestService, text: string): Promise<boolean> {
  const messages = (await (await t.request('/messagebus/all_messages.json')).json()) as Record<string, unknown>[];
  return messages.some((message) => String(message['svc.messagebus.message_string']).includes(text));
}

async function viewSizes(t: TestService): Promise<Record<string, number>> {
  const views = (await (await t.request('/devices/views/all_views.json')).json()) as Record<string, unknown>[];
  return Object.fromEntries(views.map((view) => [view['svc.devices.view.id'], view['svc.devices.view.size']]));
}

test('every device comes back with every field, in the same views, and new packets update it', async () => {
  const configDir = mkdtempSync(join(scratch, 'config-'));
  const config = { enable_logging: 'true', gps: 'virtual:lat=48.8566,lon=2.3522,alt=35' };
  const first = await createTestService({ plugins: [testPhyPlugin, createTestDatasource()], configDir, config });
  let before: Record<string, Record<string, unknown>>;
  let sizes: Record<string, number>;
  let now: number;
  try {
    await first.svc.start();
    const source = await first.svc.datasources.add('testsource-1:devices=40,count=2000,flood=true');
    await waitUntil('2000 reports', () => source.numPackets === 2000);
    new TestSource(first.svc).send({ mac: '02:AA:00:00:00:01', name: 'thermo', model: 'TH-9', signal: -61, freqKhz: 433_920 });
    const key = [...first.svc.devices.devices()][0]!.key;
    assert.is((await first.command(`/devices/by-key/${key}/set_name.cmd`, { username: 'kitchen' })).status, 200);
    assert.is((await first.command(`/devices/by-key/${key}/set_tag.cmd`, { tagname: 'room', tagvalue: 'kitchen' })).status, 200);
    sizes = await viewSizes(first);
    await first.svc.stop();
    // Serving a record moves its histories' clocks to the time served (the log wrote them as it
    // stopped), and a restore moves them to the time it runs: records are compared as served at
    // one moment after all of that, 30 s on, which no restore below reaches even when loaded.
    now = Math.floor(Date.now() / 1000) + 30;
    before = snapshot(first, now);
  } finally {
    await first.close();
  }
  assert.is(Object.keys(before).length, 41);
  const sample = { ...Object.values(before).find((record) => record['test.device']), ...Object.values(before).find((record) => record['svc.device.base.location']) };
  for (const field of ['svc.device.base.location', 'svc.device.packets_rrd', 'svc.device.base.signal', 'svc.device.base.seenby', 'test.device']) assert.ok(sample[field], `the records carry ${field}`);
  assert.ok((sample['svc.device.base.location'] as Record<string, number>)['svc.common.location.estimate_samples'] > 0, 'the location carries an estimate');

  // From the state snapshot beside the log, then (snapshot removed) from the log's JSON records.
  const [log] = logsNewestFirst(join(configDir, 'logs'));
  assert.ok(existsSync(deviceStatePath(log!)), 'the log has a state snapshot beside it');
  const fromSnapshot = await createTestService({ plugins: [testPhyPlugin, createTestDatasource()], configDir, config: { ...config, enable_logging: 'false', tracker_restore: 'true' } });
  try {
    await fromSnapshot.svc.start();
    assert.equal(snapshot(fromSnapshot, now), before, 'every field of every device, from the snapshot');
    assert.equal(await viewSizes(fromSnapshot), sizes);
    assert.ok(await hasMessage(fromSnapshot, `restored 41 devices from ${log} (41 from its state snapshot)`));
  } finally {
    await fromSnapshot.close();
  }
  for (const name of readdirSync(join(configDir, 'logs'))) if (name.includes('.svcdb-state')) rmSync(join(configDir, 'logs', name));

  const second = await createTestService({ plugins: [testPhyPlugin, createTestDatasource()], configDir, config });
  try {
    await second.svc.start();
    assert.ok(await hasMessage(second, `restored 41 devices from ${log} (0 from its state snapshot)`));
    assert.equal(snapshot(second, now), before, 'every field of every device');
    assert.equal(await viewSizes(second), sizes, 'the same views with the same sizes');
    const [key, record] = Object.entries(before).find(([, device]) => device['svc.device.base.location'])!;
    const source = await second.svc.datasources.add('testsource-1:devices=40,count=40,flood=true');
    await waitUntil('40 more reports', () => source.numPackets === 40);
    const device = second.svc.devices.byKey(key)!;
    assert.is(device.packetsTotal, (record['svc.device.base.packets.total'] as number) + 1, 'new packets count on from the restored counters');
    assert.is(second.svc.devices.size, 41, 'no device twice');
  } finally {
    await second.close();
    rmSync(configDir, { recursive: true, force: true });
  }
});

test('damaged rows are skipped, a damaged or empty newest log sends the restore to an older one', async () => {
  const configDir = mkdtempSync(join(scratch, 'config-'));
  const config = { enable_logging: 'true' };
  const first = await createTestService({ plugins: [testPhyPlugin, createTestDatasource()], configDir, config });
  try {
    await first.svc.start();
    const source = await first.svc.datasources.add('testsource-1:devices=10,count=100,flood=true');
    await waitUntil('100 reports', () => source.numPackets === 100);
    await first.svc.stop();
  } finally {
    await first.close();
  }
  const logs = join(configDir, 'logs');
  const [good] = logsNewestFirst(logs);
  const db = new Database(good!);
  db.prepare("INSERT INTO devices (devkey, phyname, devmac, device) VALUES ('x', 'TESTPHY', '02:00:00:00:00:01', ?)").run(Buffer.from('{not json'));
  db.prepare("INSERT INTO devices (devkey, phyname, devmac, device) VALUES ('y', 'NOSUCHPHY', '02:00:00:00:00:02', ?)").run(Buffer.from('{}'));
  db.close();
  const later = Date.now() / 1000 + 60;
  const empty = join(logs, 'svc-29990101-00-00-00-1.svcdb');
  new Database(empty).exec('CREATE TABLE devices (phyname TEXT, device BLOB, last_time INT)').close();
  const garbage = join(logs, 'svc-29990101-00-00-00-2.svcdb');
  writeFileSync(garbage, 'not a database at all');
  utimesSync(empty, later, later);
  utimesSync(garbage, later + 1, later + 1);
  assert.equal(logsNewestFirst(logs), [garbage, empty, good]);

  const second = await createTestService({ plugins: [testPhyPlugin, createTestDatasource()], configDir, config });
  try {
    await second.svc.start();
    assert.is(second.svc.devices.size, 10);
    const messages = ((await (await second.request('/messagebus/all_messages.json')).json()) as Record<string, unknown>[]).map((message) => String(message['svc.messagebus.message_string']));
    assert.ok(messages.some((text) => text.includes(`${garbage} cannot be read`)), messages.join('\n'));
    assert.ok(messages.some((text) => text.includes(`restored 10 devices from ${good} (10 from its state snapshot; 2 rows skipped`)), messages.join('\n'));
  } finally {
    await second.close();
    rmSync(configDir, { recursive: true, force: true });
  }
  assert.ok(readdirSync(scratch).length >= 0);
});

test('a damaged state snapshot, or a damaged or stale state in it, sends those devices back to their JSON records', async () => {
  const configDir = mkdtempSync(join(scratch, 'config-'));
  const first = await createTestService({ plugins: [testPhyPlugin, createTestDatasource()], configDir, config: { enable_logging: 'true' } });
  let before: Record<string, Record<string, unknown>>;
  let now: number;
  try {
    await first.svc.start();
    const source = await first.svc.datasources.add('testsource-1:devices=10,count=100,flood=true');
    await waitUntil('100 reports', () => source.numPackets === 100);
    await first.svc.stop();
    // After the log's last write and every restore, as in the first test.
    now = Math.floor(Date.now() / 1000) + 30;
    before = snapshot(first, now);
  } finally {
    await first.close();
  }
  const [log] = logsNewestFirst(join(configDir, 'logs'));
  const config = { enable_logging: 'false', tracker_restore: 'true' };
  const restore = async () => {
    const t = await createTestService({ plugins: [testPhyPlugin, createTestDatasource()], configDir, config });
    try {
      await t.svc.start();
      assert.equal(snapshot(t, now), before, 'every field of every device');
      const messages = ((await (await t.request('/messagebus/all_messages.json')).json()) as Record<string, unknown>[]).map((message) => String(message['svc.messagebus.message_string']));
      return messages.filter((text) => text.includes('restore'));
    } finally {
      await t.close();
    }
  };
  // Three damaged states: cut short, of another layout, with bytes past the end.
  const state = new Database(deviceStatePath(log!));
  const rows = state.prepare('SELECT rowid, state FROM device_state ORDER BY rowid LIMIT 3').raw(true).all() as [number, Buffer][];
  const update = state.prepare('UPDATE device_state SET state = ? WHERE rowid = ?');
  update.run(rows[0]![1].subarray(0, rows[0]![1].length - 3), rows[0]![0]);
  update.run(Buffer.concat([Buffer.from([99]), rows[1]![1].subarray(1)]), rows[1]![0]);
  update.run(Buffer.concat([rows[2]![1], Buffer.from([0])]), rows[2]![0]);
  // A fourth is older than its JSON record, as after a crash between the two files' commits.
  const [phyname, devmac] = state.prepare('SELECT phyname, devmac FROM device_state ORDER BY rowid LIMIT 1 OFFSET 3').raw(true).get() as [string, string];
  state.close();
  const logDb = new Database(log!);
  logDb.prepare('UPDATE devices SET last_time = last_time + 10 WHERE phyname = ? AND devmac = ?').run(phyname, devmac);
  logDb.close();
  let messages = await restore();
  assert.ok(messages.some((text) => text.includes(`restored 10 devices from ${log} (6 from its state snapshot)`)), messages.join('\n'));
  assert.ok(messages.some((text) => text.includes('a device state in') && text.includes('cannot be read (SVC_ERR_BAD_STATE')), messages.join('\n'));
  assert.ok(messages.some((text) => text.includes('holds device states another version of svc wrote (SVC_ERR_STATE_VERSION')), 'a state of another layout is said apart, as an upgrade leaves');
  // A snapshot that is not SQLite at all.
  for (const name of readdirSync(join(configDir, 'logs'))) if (name.includes('.svcdb-state')) rmSync(join(configDir, 'logs', name));
  writeFileSync(deviceStatePath(log!), 'not a database at all');
  messages = await restore();
  assert.ok(messages.some((text) => text.includes(`the state snapshot ${deviceStatePath(log!)} cannot be read`)), messages.join('\n'));
  assert.ok(messages.some((text) => text.includes(`restored 10 devices from ${log} (0 from its state snapshot)`)), messages.join('\n'));
  rmSync(configDir, { recursive: true, force: true });
});

test('a sub-record its PHY cannot pack is logged and restored from its JSON record, reported once', async () => {
  const configDir = mkdtempSync(join(scratch, 'config-'));
  const first = await createTestService({ plugins: [testPhyPlugin, createTestDatasource()], configDir, config: { enable_logging: 'true' } });
  let messages: string[];
  try {
    await first.svc.start();
    const source = await first.svc.datasources.add('testsource-1:devices=5,count=5,flood=true');
    await waitUntil('5 reports', () => source.numPackets === 5);
    // Two sub-records the test PHY's packer cannot take (its model must be text).
    for (const device of [...first.svc.devices.devices()].slice(0, 2)) (device.components as Record<string, unknown>).test = { 'test.device.model': 42 };
    await first.svc.stop();
    messages = ((await (await first.request('/messagebus/all_messages.json')).json()) as Record<string, unknown>[]).map((message) => String(message['svc.messagebus.message_string']));
  } finally {
    await first.close();
  }
  assert.is(messages.filter((text) => text.includes('could not pack the sub-record')).length, 1, messages.join('\n'));
  const second = await createTestService({ plugins: [testPhyPlugin, createTestDatasource()], configDir, config: { enable_logging: 'false', tracker_restore: 'true' } });
  try {
    await second.svc.start();
    assert.is(second.svc.devices.size, 5);
    assert.ok(await hasMessage(second, '(3 from its state snapshot)'));
  } finally {
    await second.close();
    rmSync(configDir, { recursive: true, force: true });
  }
});

/** The test PHY as a later version would declare it: it makes MACs up otherwise now (`restoredMac`), so it also raised its state version. */
const rekeyingTestPhy = definePlugin({
  name: 'rekeying test phy',
  apply(svc) {
    svc.hooks.phys.tap('rekeying test phy', (phys) =>
      phys.add({
        name: TEST_PHY,
        description: 'synthetic devices for tests, MACs made up anew',
        deviceComponent: { field: 'test.device', key: 'test', description: 'test PHY sub-record', fields: [{ name: 'test.device.model', type: 'string', description: 'model' }] },
        restoreComponent: (record) => ({ 'test.device.model': record['test.device.model'] }),
        restoredMac: (record, logged) => {
          if (record['test.device.model'] === 'broken') throw new Error('no MAC for this one');
          return record['test.device.model'] === 'TH-9' ? logged + 0x10 : logged;
        },
        componentState: { version: 2, write: () => {}, read: () => ({}) },
      }),
    );
  },
});

test("a PHY that changed how it makes MACs up gives each logged device today's MAC; one it cannot work out keeps its logged MAC", async () => {
  const configDir = mkdtempSync(join(scratch, 'config-'));
  const first = await createTestService({ plugins: [testPhyPlugin, createTestDatasource()], configDir, config: { enable_logging: 'true' } });
  try {
    await first.svc.start();
    const source = new TestSource(first.svc);
    source.send({ mac: '02:AA:00:00:00:01', model: 'TH-9' });
    source.send({ mac: '02:AA:00:00:00:02', model: 'broken' });
    source.send({ mac: '02:AA:00:00:00:03', model: 'other' });
    await first.svc.stop();
  } finally {
    await first.close();
  }
  const second = await createTestService({ plugins: [rekeyingTestPhy], configDir, config: { enable_logging: 'false', tracker_restore: 'true' } });
  try {
    await second.svc.start();
    const models = Object.fromEntries([...second.svc.devices.devices()].map((device) => [formatMac(device.mac), (device.components as Record<string, Record<string, unknown>>).test?.['test.device.model']]));
    assert.equal(models, { '02:AA:00:00:00:11': 'TH-9', '02:AA:00:00:00:02': 'broken', '02:AA:00:00:00:03': 'other' });
    const prefix = phyKeyPrefix(TEST_PHY);
    assert.ok(second.svc.devices.byKey(`${prefix}_02AA00000011`), 'keyed by the MAC of today');
  } finally {
    await second.close();
    rmSync(configDir, { recursive: true, force: true });
  }
});

test('tracker_restore=false, or logging off, starts empty', async () => {
  const configDir = mkdtempSync(join(scratch, 'config-'));
  const first = await createTestService({ plugins: [testPhyPlugin, createTestDatasource()], configDir, config: { enable_logging: 'true' } });
  await first.svc.start();
  const source = await first.svc.datasources.add('testsource-1:devices=5,count=5,flood=true');
  await waitUntil('5 reports', () => source.numPackets === 5);
  await first.close();
  for (const config of [{ enable_logging: 'true', tracker_restore: 'false' }, { enable_logging: 'false' }] as Record<string, string>[]) {
    const again = await createTestService({ plugins: [testPhyPlugin, createTestDatasource()], configDir, config });
    await again.svc.start();
    assert.is(again.svc.devices.size, 0, JSON.stringify(config));
    await again.close();
  }
  rmSync(configDir, { recursive: true, force: true });
});

test.after(() => rmSync(scratch, { recursive: true, force: true }));

test.run();
