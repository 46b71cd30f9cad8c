/**
 * rtl_433 sensors across a restart and through a log replay, with the real `rtl_433` decoding
 * recordings: the sensors (readings, their histories, switches, the last message) come back
 * exactly as they were served at start, from the state snapshot beside the svcdb log and from
 * the log's `devices` table alone, and again from its `data` rows when the log is replayed by a
 * `kismetdb` source. Once with every shared real recording (when the real data is there), once
 * with svc's own synthetic recording, which has a sensor of every class.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createLogger } from '@svc/core';
import { createTestService, projectDataPath, realDataFiles, realDataPath, realDataTest, waitUntil, type TestService } from '@svc/core/testing';
import rtl433Plugin, { FORMER_PHY_NAME, RFSENSOR_PHY_NAME } from './index.js';
import { SYNTHETIC_RECORDING, SYNTHETIC_REFERENCE } from './synthetic/synthetic-data.js';

/** svc's log of the synthetic recording from before the PHY's rename, with its state snapshot beside it. */
const RTL433_ERA_LOG = 'svc-sensors-rtl433-era.svcdb';
import { messagesBySensor, readRtl433Lines } from './testing/rtl433-reference.js';

const quiet = createLogger({ write: () => {} });

/** The sensors' records, keyed by device key, without the fields that move with the clock. */
async function sensors(t: TestService, timeFields = true): Promise<Record<string, unknown>> {
  const response = await t.request(`/devices/views/phy-${RFSENSOR_PHY_NAME}/devices.json`);
  const records = (await response.json()) as Record<string, unknown>[];
  // The source stamps messages with the server's clock, so which second is the current one (last_time,
  // last_value) moves while the test runs; the histories themselves must not.
  const drop = new Set(['svc.common.rrd.serial_time', 'svc.common.rrd.last_time', 'svc.common.rrd.last_value', 'svc.device.base.mod_time', ...(timeFields ? [] : ['svc.device.base.seenby', 'svc.device.packets_rrd'])]);
  return Object.fromEntries(records.map((record) => [record['svc.device.base.key'], JSON.parse(JSON.stringify(record, (key, value) => (drop.has(key) ? undefined : value)))]));
}

/** The sensor classes (sub-records of `sensor.device` besides the common part) some sensor in `records` has. */
function classesOf(records: Record<string, unknown>): Set<string> {
  return new Set(Object.values(records).flatMap((record) => Object.keys((record as Record<string, Record<string, unknown>>)['sensor.device'] ?? {})));
}

/**
 * Replays `recordings` (paths) with logging on, checks what was tracked with `check`, then
 * restarts from the snapshot and from the log alone and replays the log: the sensors must come
 * back as they were.
 */
async function restoreRoundTrip(recordings: readonly string[], check: (before: Record<string, unknown>) => void): Promise<void> {
  const configDir = mkdtempSync(join(tmpdir(), 'svc-rtl433-restore-'));
  const first = await createTestService({ plugins: [rtl433Plugin], log: quiet, configDir, config: { enable_logging: 'true' } });
  let before: Record<string, unknown>;
  try {
    await first.svc.start();
    const ended: string[] = [];
    first.svc.events.subscribe('DATASOURCE_ENDED', (_topic, record) => void ended.push(String((record as Record<string, unknown>)['svc.datasource.name'])));
    for (const path of recordings) await first.svc.datasources.add(`${path}:type=rtl433,name=${basename(path)}`);
    await waitUntil('every recording decoded', () => ended.length === recordings.length, { timeoutMs: 60_000 });
    before = await sensors(first);
    await first.svc.stop();
  } finally {
    await first.close();
  }
  check(before);

  // Restarted from the state snapshot beside the log, then (snapshot removed) from the log alone.
  const logs = join(configDir, 'logs');
  const log = join(logs, readdirSync(logs).filter((file) => file.endsWith('.svcdb'))[0]!);
  const count = Object.keys(before).length;
  for (const [way, fromSnapshot] of [['state snapshot', count], ['log alone', 0]] as const) {
    if (fromSnapshot === 0) for (const file of readdirSync(logs)) if (file.includes('.svcdb-state')) rmSync(join(logs, file));
    const restarted = await createTestService({ plugins: [rtl433Plugin], log: quiet, configDir, config: { enable_logging: 'false', tracker_restore: 'true' } });
    try {
      await restarted.svc.start();
      assert.equal(await sensors(restarted), before, way);
      const messages = ((await (await restarted.request('/messagebus/all_messages.json')).json()) as Record<string, unknown>[]).map((message) => String(message['svc.messagebus.message_string']));
      assert.ok(messages.some((text) => text.includes(`restored ${count} devices from ${log} (${fromSnapshot} from its state snapshot)`)), messages.join('\n'));
    } finally {
      await restarted.close();
    }
  }

  const replayed = await createTestService({ plugins: [rtl433Plugin], log: quiet });
  try {
    const source = await replayed.svc.datasources.add(`${log}:type=kismetdb`);
    const messages = Object.values(before).reduce<number>((sum, record) => sum + ((record as Record<string, number>)['svc.device.base.packets.total'] ?? 0), 0);
    await waitUntil('the log replayed', () => source.numPackets >= messages);
    // Replayed, the same messages make the same sensors; only the source and times of arrival differ.
    assert.equal(await sensors(replayed, false), await sensorsWithoutTimes(before));
  } finally {
    await replayed.close();
    rmSync(configDir, { recursive: true, force: true });
  }
}

async function sensorsWithoutTimes(records: Record<string, unknown>): Promise<Record<string, unknown>> {
  const drop = new Set(['svc.device.base.seenby', 'svc.device.packets_rrd']);
  return JSON.parse(JSON.stringify(records, (key, value) => (drop.has(key) ? undefined : value)));
}

const realRecordings = realDataFiles('rtl433', /\.cu8$/).map((name) => `rtl433/${name}`);
realDataTest(test, 'every recording: sensors survive a restart and a replay of the log', realRecordings, () =>
  restoreRoundTrip(
    realRecordings.map((path) => realDataPath(path)),
    (before) => {
      assert.ok(Object.keys(before).length >= 20, `${Object.keys(before).length} sensors`);
      const classes = classesOf(before);
      for (const part of ['sensor.device.thermometer', 'sensor.device.weatherstation']) assert.ok(classes.has(part), `some sensor has ${part}`);
    },
  ),
);

test("svc's synthetic recording: sensors of every class on its air (thermometer, moisture, weather station, lightning, tyre pressure, switches) survive a restart and a replay of the log", () =>
  restoreRoundTrip([projectDataPath('rtl433', SYNTHETIC_RECORDING)], (before) => {
    assert.is(Object.keys(before).length, messagesBySensor(readRtl433Lines(projectDataPath('rtl433', SYNTHETIC_REFERENCE))).size, 'one device per sensor rtl_433 decoded');
    const classes = classesOf(before);
    for (const part of ['sensor.device.thermometer', 'sensor.device.moisturesensor', 'sensor.device.weatherstation', 'sensor.device.lightningsensor', 'sensor.device.tpms', 'sensor.device.switch']) {
      assert.ok(classes.has(part), `some sensor has ${part}`);
    }
  }));

/** A sensor's `sensor.device` record without its RRD histories, whose slots depend on when it was heard. */
function withoutHistories(record: unknown): unknown {
  return JSON.parse(JSON.stringify(record, (key, value) => (key.endsWith('_rrd') ? typeof value : value)));
}

/** Tracks svc's synthetic recording with the current code: the sensors as they are served today. */
async function sensorsTrackedNow(): Promise<Record<string, Record<string, unknown>>> {
  const t = await createTestService({ plugins: [rtl433Plugin], log: quiet });
  try {
    await t.svc.start();
    let ended = false;
    t.svc.events.subscribe('DATASOURCE_ENDED', () => void (ended = true));
    await t.svc.datasources.add(`${projectDataPath('rtl433', SYNTHETIC_RECORDING)}:type=rtl433,name=${SYNTHETIC_RECORDING}`);
    await waitUntil('the recording decoded', () => ended, { timeoutMs: 60_000 });
    return (await sensors(t)) as Record<string, Record<string, unknown>>;
  } finally {
    await t.close();
  }
}

test("a log svc wrote before the rename (RTL433 devices, rtl433.device records, a version 1 state snapshot, its own keys for text ids, humidity in the thermometer) comes back as RFSENSOR sensors under Kismet's keys and names, with their readings", async () => {
  // Written by svc with the RTL433 PHY from the synthetic recording (test-data/rtl433/README.md).
  const configDir = mkdtempSync(join(tmpdir(), 'svc-rtl433-era-'));
  mkdirSync(join(configDir, 'logs'));
  for (const file of [RTL433_ERA_LOG, `${RTL433_ERA_LOG}-state`]) copyFileSync(projectDataPath('rtl433', file), join(configDir, 'logs', file));
  const now = await sensorsTrackedNow();
  const restarted = await createTestService({ plugins: [rtl433Plugin], log: quiet, configDir, config: { enable_logging: 'false', tracker_restore: 'true' } });
  try {
    await restarted.svc.start();
    const messages = ((await (await restarted.request('/messagebus/all_messages.json')).json()) as Record<string, unknown>[]).map((message) => String(message['svc.messagebus.message_string']));
    const count = Object.keys(now).length;
    assert.ok(
      messages.some((text) => text.includes(`restored ${count} devices from ${join(configDir, 'logs', RTL433_ERA_LOG)} (0 from its state snapshot)`)),
      messages.join('\n'),
    );
    assert.not.ok(messages.some((text) => text.includes('cannot be read')), 'a former-name state is not an error');
    const restored = (await sensors(restarted)) as Record<string, Record<string, unknown>>;
    assert.equal(Object.keys(restored).sort(), Object.keys(now).sort(), "the same sensors, keyed with the RFSENSOR prefix and, for text ids (the tyres, the contact), Kismet's MAC");
    const textIds = Object.values(restored).filter((device) => ['Schrader', 'Interlogix-Security'].some((model) => String(device['svc.device.base.name']).startsWith(`${model}-`)));
    assert.is(textIds.length, 3, 'two tyres and a contact, named as Kismet names them');
    for (const [key, device] of Object.entries(restored)) {
      assert.is(device['svc.device.base.phyname'], RFSENSOR_PHY_NAME, key);
      assert.is(device['svc.device.base.manuf'], now[key]!['svc.device.base.manuf'], key);
      assert.is(device['svc.device.base.name'], now[key]!['svc.device.base.name'], key);
      assert.is(device['rtl433.device'], undefined, key);
      assert.equal(withoutHistories(device['sensor.device']), withoutHistories(now[key]!['sensor.device']), key);
    }
    // The former view ids answer as the new ones for one release.
    for (const [former, current] of [[`phy-${FORMER_PHY_NAME}`, `phy-${RFSENSOR_PHY_NAME}`], ['rtl433-thermometers', 'sensor-thermometers'], ['rtl433-switches', 'sensor-switches']]) {
      const keysOf = async (view: string) => ((await (await restarted.request(`/devices/views/${view}/devices.json`)).json()) as Record<string, unknown>[]).map((device) => device['svc.device.base.key']);
      const listed = await keysOf(current!);
      assert.ok(listed.length > 0, current);
      assert.equal(await keysOf(former!), listed, `${former} answers as ${current}`);
    }
    assert.equal(await keysOfPhyPath(restarted, FORMER_PHY_NAME), await keysOfPhyPath(restarted, RFSENSOR_PHY_NAME), '/devices/views/phy/RTL433/ too');
  } finally {
    await restarted.close();
    rmSync(configDir, { recursive: true, force: true });
  }
});

/** The device keys of `/devices/views/phy/<name>/devices.json`. */
async function keysOfPhyPath(t: TestService, name: string): Promise<unknown[]> {
  return ((await (await t.request(`/devices/views/phy/${name}/devices.json`)).json()) as Record<string, unknown>[]).map((device) => device['svc.device.base.key']);
}

test.run();
